import { describe, expect, it } from 'vitest';
import { seasonScheduledData, seriesCataloguedData } from '../../events/racing/catalog.ts';
import {
  mapCar,
  mapChartData,
  mapMemberProfile,
  mapSeriesInfo,
  mapSeriesSeason,
  mapTrack,
  seriesFromSeasons,
} from './index.ts';
import {
  CarInfo,
  ChartData,
  MemberGetResponse,
  PastSeasonsResponse,
  SeriesSeasons,
  TrackInfo,
} from '../schemas/index.ts';
import { fixturePayload } from '../../../tests/support/iracing-fixture-server.ts';

describe('member/get → DriverProfileRecorded', () => {
  it('keeps every licence with its group, SR and iRating (null where never raced)', () => {
    const { members } = MemberGetResponse.parse(
      fixturePayload('GetDriverInfoWithLicensesSuccessfulAsync', '2.json'),
    );
    const profile = mapMemberProfile(members[0]!);
    expect(profile).toMatchObject({
      custId: 341554,
      displayName: 'Driver 341554',
      memberSince: '2018-09-30',
      flairName: 'Australia',
      countryCode: null,
      clubName: null,
    });
    expect(profile.licenses.map((l) => l.category)).toEqual([
      'dirt_oval',
      'dirt_road',
      'formula_car',
      'oval',
      'sports_car',
    ]);
    expect(profile.licenses.find((l) => l.category === 'formula_car')).toEqual({
      category: 'formula_car',
      licenseLevel: 20,
      safetyRating: 4.97,
      group: 5,
      irating: 3270,
      ttRating: 1350,
      cpi: 133.6519,
    });
    expect(profile.licenses.find((l) => l.category === 'oval')?.irating).toBeNull();
  });
});

describe('member/chart_data → DriverRatingHistoryRecorded', () => {
  it('maps the whole iRating chart of the pre-2024 road category', () => {
    const chart = ChartData.parse(fixturePayload('GetMemberChartDataSuccessfulAsync', '2.json'));
    const data = mapChartData(chart);
    expect(data).toMatchObject({ category: 'road', chart: 'irating' });
    expect(data.points).toHaveLength(104);
    expect(data.points[0]).toEqual({ date: '2018-10-01', value: 1350 });
    expect(data.points.at(-1)).toEqual({ date: '2022-06-20', value: 2533 });
  });

  it('rejects an unknown chart type', () => {
    const chart = ChartData.parse(fixturePayload('GetMemberChartDataSuccessfulAsync', '2.json'));
    expect(() => mapChartData({ ...chart, chart_type: 7 })).toThrow(/unknown chart_type 7/);
  });
});

describe('series/seasons → SeasonScheduled (+ SeriesCatalogued)', () => {
  const seasons = SeriesSeasons.parse(
    fixturePayload('GetSeasonsWithoutSeriesSuccessfulAsync', '2.json'),
  );

  it('maps all 96 recorded seasons to valid events with a week per schedule entry', () => {
    expect(seasons).toHaveLength(96);
    for (const season of seasons) {
      const data = mapSeriesSeason(season);
      expect(seasonScheduledData.safeParse(data).success).toBe(true);
      expect(data.weeks).toHaveLength(season.schedules.length);
    }
  });

  it('maps a season in detail: category from its track type, time slots from the prose', () => {
    const data = mapSeriesSeason(seasons[0]!);
    expect(data).toMatchObject({
      seasonId: 3587,
      seriesId: 47,
      seriesName: 'NASCAR iRacing Class C',
      category: 'oval',
      scheduleDescription: 'Races 45 past every 2 hours',
    });
    expect(data.weeks[0]).toMatchObject({
      raceWeekNum: 0,
      startDate: '2022-02-15',
      track: {
        trackId: 191,
        trackName: 'Daytona International Speedway',
        configName: 'Oval',
        category: 'oval',
      },
      raceLapLimit: 50,
      raceTimeLimitMinutes: null,
      startType: 'Rolling',
    });
    expect(data.weeks[0]!.timeSlots).toHaveLength(12);
    expect(data.weeks[0]!.timeSlots.slice(0, 3)).toEqual(['00:45', '02:45', '04:45']);
  });

  it('states no time slots for a description that names no daily pattern', () => {
    const sunday = seasons.find((s) => s.schedule_description?.startsWith('Sunday at 13:00'))!;
    expect(mapSeriesSeason(sunday).weeks.every((w) => w.timeSlots.length === 0)).toBe(true);
  });

  it('derives one series per series id from the seasons when the source has no series/get', () => {
    const series = seriesFromSeasons(seasons);
    expect(series).toHaveLength(new Set(seasons.map((s) => s.series_id)).size);
    for (const s of series) expect(seriesCataloguedData.safeParse(s).success).toBe(true);
    expect(series.find((s) => s.seriesId === 47)).toMatchObject({
      seriesName: 'NASCAR iRacing Class C',
      category: 'oval',
    });
  });

  it('maps series/past_seasons series info to SeriesCatalogued', () => {
    const { series } = PastSeasonsResponse.parse(
      fixturePayload('GetPastSeasonsForSeriesSuccessfulAsync', '2.json'),
    );
    expect(mapSeriesInfo(series, undefined)).toEqual({
      seriesId: 260,
      seriesName: 'Formula A - Grand Prix Series',
      seriesShortName: 'Formula A - Grand Prix Series',
      category: 'road',
      licenseGroup: 4,
      official: true,
      multiclass: false,
      logo: 'formulaagrandprixseries-logo.png',
      description: null,
    });
  });
});

// car/get and track/get have no recording (see docs/iracing-api.md): labelled synthetic payloads
// in the documented shape.
describe('car/get and track/get (synthetic, documented shape)', () => {
  it('maps a car with its types and categories', () => {
    const car = CarInfo.parse({
      car_id: 132,
      car_name: 'BMW M4 GT3',
      car_name_abbreviated: 'M4 GT3',
      car_types: [{ car_type: 'gt3' }, { car_type: 'road' }, { car_type: 'gt3' }],
      categories: ['sports_car', 'unknown'],
    });
    expect(mapCar(car)).toEqual({
      carId: 132,
      carName: 'BMW M4 GT3',
      carShortName: 'M4 GT3',
      carTypes: ['gt3', 'road'],
      categories: ['sports_car'],
    });
  });

  it('maps a track layout, converting its length from miles to km', () => {
    const track = TrackInfo.parse({
      track_id: 191,
      track_name: 'Daytona International Speedway',
      config_name: 'Oval',
      category_id: 1,
      category: 'oval',
      track_config_length: 2.5,
      corners_per_lap: 4,
    });
    expect(mapTrack(track)).toEqual({
      trackId: 191,
      trackName: 'Daytona International Speedway',
      configName: 'Oval',
      category: 'oval',
      lengthKm: 4.023,
      cornersPerLap: 4,
    });
  });
});
