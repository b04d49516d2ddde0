import { describe, expect, it } from 'vitest';
import { racingCategoryFromId, type SeasonScheduledData } from '../../events/racing.ts';
import {
  applyRacingEvents,
  readFixture,
  rowOf,
  rowsOf,
  useRacingDatabase,
} from '../racing/testing.ts';
import { SERIES_TABLE } from '../series/tables.ts';
import { SEASON_WEEKS_TABLE, SEASONS_TABLE } from './tables.ts';

const db = useRacingDatabase();

interface FixtureSeason {
  season_id: number;
  series_id: number;
  season_name: string;
  season_short_name: string;
  season_year: number;
  season_quarter: number;
  official: boolean;
  active: boolean;
  complete: boolean;
  license_group: number;
  multiclass: boolean;
  fixed_setup: boolean;
  max_weeks: number;
  start_date: string;
  car_class_ids: number[];
  schedule_description: string;
  schedules: {
    race_week_num: number;
    series_name: string;
    start_date: string;
    race_lap_limit: number | null;
    race_time_limit: number | null;
    start_type: string;
    track: { track_id: number; track_name: string; config_name?: string; category_id: number };
  }[];
}

/** series/seasons fixture → SeasonScheduled payloads (test-only mapping). */
function seasonsFromFixture(): SeasonScheduledData[] {
  const seasons = readFixture(
    'GetSeasonsWithoutSeriesSuccessfulAsync',
    '2.json',
  ) as FixtureSeason[];
  return seasons.map((s) => ({
    seasonId: s.season_id,
    seriesId: s.series_id,
    seriesName: s.schedules[0]?.series_name ?? s.season_name,
    seasonName: s.season_name,
    seasonShortName: s.season_short_name,
    seasonYear: s.season_year,
    seasonQuarter: s.season_quarter,
    category: racingCategoryFromId(s.schedules[0]?.track.category_id ?? 0),
    official: s.official,
    active: s.active,
    complete: s.complete,
    licenseGroup: s.license_group,
    multiclass: s.multiclass,
    fixedSetup: s.fixed_setup,
    maxWeeks: s.max_weeks,
    startDate: s.start_date.slice(0, 10),
    carClassIds: s.car_class_ids,
    scheduleDescription: s.schedule_description,
    weeks: s.schedules.map((w) => ({
      raceWeekNum: w.race_week_num,
      startDate: w.start_date,
      track: {
        trackId: w.track.track_id,
        trackName: w.track.track_name,
        configName: w.track.config_name ?? null,
        category: racingCategoryFromId(w.track.category_id),
      },
      raceLapLimit: w.race_lap_limit,
      raceTimeLimitMinutes: w.race_time_limit,
      timeSlots: ['00:45', '02:45'],
      startType: w.start_type,
    })),
  }));
}

describe('seasons and series read models', () => {
  it('records every fixture season with its weekly schedule, and a series row for each', async () => {
    const seasons = seasonsFromFixture();
    await applyRacingEvents(
      db.knex,
      seasons.map((data) => ({ type: 'SeasonScheduled' as const, data })),
    );
    expect(await db.knex(SEASONS_TABLE).count<{ count: number }[]>('* as count')).toEqual([
      { count: 96 },
    ]);
    expect(await rowOf(db.knex, SEASONS_TABLE, { season_id: 3587 })).toMatchObject({
      series_id: 47,
      season_year: 2022,
      season_quarter: 1,
      max_weeks: 38,
      schedule_description: 'Races 45 past every 2 hours',
    });
    const weeks = await rowsOf(db.knex, SEASON_WEEKS_TABLE, { season_id: 3587 }, ['race_week_num']);
    expect(weeks).toHaveLength(38);
    expect(weeks[0]).toMatchObject({
      race_week_num: 0,
      track_name: 'Daytona International Speedway',
      config_name: 'Oval',
      category: 'oval',
      race_lap_limit: 50,
      time_slots: ['00:45', '02:45'],
    });
    expect(await rowOf(db.knex, SERIES_TABLE, { series_id: 47 })).toMatchObject({
      name: 'NASCAR iRacing Class C',
      catalogued: false,
      latest_season_id: 3587,
    });
  });

  it('replaces a rescheduled season’s weeks and keeps the series’ latest season', async () => {
    const [first] = seasonsFromFixture();
    const s = first!;
    const next = { ...s, seasonId: 99_001, seasonYear: s.seasonYear + 1, seasonName: 'Next year' };
    await applyRacingEvents(db.knex, [
      { type: 'SeasonScheduled', data: next },
      { type: 'SeasonScheduled', data: { ...s, weeks: s.weeks.slice(0, 2) } },
    ]);
    expect(await rowsOf(db.knex, SEASON_WEEKS_TABLE, { season_id: s.seasonId })).toHaveLength(2);
    expect(await rowOf(db.knex, SERIES_TABLE, { series_id: s.seriesId })).toMatchObject({
      latest_season_id: 99_001,
      latest_season_name: 'Next year',
    });
  });

  it('lets the catalog’s series description win over the one derived from seasons', async () => {
    await applyRacingEvents(db.knex, [
      {
        type: 'SeriesCatalogued',
        data: {
          seriesId: 47,
          seriesName: 'NASCAR Class C Series',
          seriesShortName: 'Class C',
          category: 'oval',
          licenseGroup: 3,
          official: true,
          multiclass: false,
          logo: 'seriesid_47.png',
          description: null,
        },
      },
    ]);
    expect(await rowOf(db.knex, SERIES_TABLE, { series_id: 47 })).toMatchObject({
      name: 'NASCAR Class C Series',
      short_name: 'Class C',
      catalogued: true,
      latest_season_id: 99_001, // from the previous test: the catalog does not touch it
    });
  });
});
