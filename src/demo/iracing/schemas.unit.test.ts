import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildSubsessionResult,
  memberChartData,
  memberGet,
  searchSeriesRow,
  type DemoWorld,
} from './index.ts';
import { carCatalog, licenceLookup, lookups, trackCatalog } from './payloads/catalog.ts';
import { seasonResults } from './payloads/search-series.ts';
import { pastSeasons, seasonList, seriesSeasons } from './payloads/seasons.ts';
import { lapData, worldRecordRows } from './payloads/stats.ts';
import { searchDrivers } from './payloads/members.ts';
import {
  CarInfos,
  ChartData,
  DriverSearchRow,
  LapDataHeader,
  LapDataRow,
  LicenceGroups,
  LookupGroups,
  MemberGetResponse,
  PastSeasonsResponse,
  SearchSeriesRow,
  SeasonList,
  SeasonResults,
  SeriesSeasons,
  SubsessionResult,
  TrackInfos,
  WorldRecordRow,
  isTeamResultRow,
} from '../../ingest/schemas/index.ts';
import { fixturePayload } from '../../../tests/support/iracing-fixture-server.ts';
import { smallWorld } from './small-world.test-support.ts';

/** A recorded payload, untyped: each test states what it expects of it. */
const fixture = (folder: string, file: string): unknown => fixturePayload(folder, file);

const objectOf = (value: unknown): Record<string, unknown> => value as Record<string, unknown>;

/** Keys of the recorded object that the generated one lacks (the generated may have more). */
function missingKeys(
  recorded: unknown,
  generated: unknown,
  ignore: readonly string[] = [],
): string[] {
  return Object.keys(objectOf(recorded)).filter(
    (k) => !(k in objectOf(generated)) && !ignore.includes(k),
  );
}

describe('generated payloads parse with the client schemas and carry the recorded field names', () => {
  let world: DemoWorld;
  beforeAll(() => {
    world = smallWorld({ drivers: 2000, weeksRunInLastSeason: 2 });
    world.simulation.advanceAll();
  });

  it('results/get of every series (single class and multiclass) parses and has every recorded field', () => {
    const recordedMulti = objectOf(fixture('GetSubSessionResultSuccessfulAsync', '2.json'));
    const recordedRaceRow = (recordedMulti.session_results as { results: unknown[] }[])[1]
      ?.results[0];
    const recordedWeather = objectOf(
      fixture('GetSubSessionResultWithWeatherSuccessfulAsync', '2.json'),
    );
    const seen = new Set<number>();
    const recordedTeam = objectOf(fixture('GetSubSessionResultForTeamSuccessfulAsync', '2.json'));
    const recordedTeamRow = (recordedTeam.session_results as { results: unknown[] }[])[2]
      ?.results[0];
    let multiclass = 0;
    let teamEvents = 0;
    for (const record of world.simulation.allRecords()) {
      const seriesId = record.session.seriesSeason.series.seriesId;
      if (seen.has(seriesId)) continue;
      seen.add(seriesId);
      const payload = buildSubsessionResult(world, record);
      expect(SubsessionResult.safeParse(payload).success, `series ${seriesId}`).toBe(true);
      expect(missingKeys(recordedMulti, payload)).toEqual([]);
      expect(missingKeys(recordedWeather, payload)).toEqual([]);
      const race = payload.session_results.find((s) => s.simsession_number === 0);
      const first = race?.results[0];
      if (first && isTeamResultRow(first)) {
        // A team event (IMSA): the team row and its drivers' rows as recorded.
        expect(missingKeys(recordedTeamRow, first)).toEqual([]);
        expect(missingKeys(recordedRaceRow, first.driver_results[0])).toEqual([]);
        teamEvents++;
      } else expect(missingKeys(recordedRaceRow, first)).toEqual([]);
      expect(missingKeys(recordedMulti.race_summary, payload.race_summary)).toEqual([]);
      expect(missingKeys(recordedWeather.weather, payload.weather)).toEqual([]);
      if (payload.car_classes.length > 1) multiclass++;
      for (const row of (race?.results ?? []).flatMap((r) =>
        isTeamResultRow(r) ? r.driver_results : [r],
      )) {
        expect(Number.isInteger(row.best_lap_time)).toBe(true);
        expect(row.best_lap_time === -1 || row.best_lap_time > 100_000).toBe(true); // 1/10000 s
      }
      expect(payload.start_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    expect(seen.size).toBe(world.seriesSeasonsOf(0).length);
    expect(multiclass).toBeGreaterThan(0);
    expect(teamEvents).toBe(1);
  });

  it('results/search_series and results/season_results rows parse and match the recorded fields', () => {
    const recorded = (fixture('SearchOfficialResultsSuccessfulAsync', '2.json') as unknown[]).find(
      (r) => objectOf(r).event_type === 5,
    );
    const record = world.simulation.allRecords()[0];
    if (!record) throw new Error('no records');
    const row = searchSeriesRow(world, record);
    expect(SearchSeriesRow.safeParse(row).success).toBe(true);
    expect(missingKeys(recorded, row)).toEqual([]);
    const season = seasonResults(world, record.session.seriesSeason.seasonId);
    expect(SeasonResults.safeParse(season).success).toBe(true);
    expect(
      missingKeys(fixture('GetSeasonResultsSuccessfulAsync', '2.json'), season, [
        'event_type',
        'race_week_num',
      ]),
    ).toEqual([]);
  });

  it('member/get and member/chart_data parse and match the recorded fields', () => {
    const record = world.simulation.allRecords()[0];
    if (!record) throw new Error('no records');
    const custIds = Array.from(record.entrants, (d) => world.drivers.custId[d] as number);
    const members = memberGet(world, custIds, true);
    expect(MemberGetResponse.safeParse(members).success).toBe(true);
    const recorded = objectOf(fixture('GetDriverInfoWithLicensesSuccessfulAsync', '2.json'));
    const recordedMember = (recorded.members as unknown[])[0];
    const recordedLicence = (objectOf(recordedMember).licenses as unknown[])[1];
    expect(missingKeys(recordedMember, members.members[0])).toEqual([]);
    for (const licence of members.members[0]?.licenses ?? [])
      expect(missingKeys(recordedLicence, licence, ['irating'])).toEqual([]);
    expect(members.members[0]?.licenses?.map((l) => l.category)).toEqual([
      'oval',
      'sports_car',
      'formula_car',
      'dirt_oval',
      'dirt_road',
    ]);
    const chart = memberChartData(world, custIds[0] as number, 5, 1);
    expect(ChartData.safeParse(chart).success).toBe(true);
    expect(missingKeys(fixture('GetMemberChartDataSuccessfulAsync', '2.json'), chart)).toEqual([]);
    expect(DriverSearchRow.array().safeParse(searchDrivers(world, 'smith')).success).toBe(true);
  });

  it('series/seasons, series/past_seasons and season/list parse and match the recorded fields', () => {
    const seasons = seriesSeasons(world);
    expect(SeriesSeasons.safeParse(seasons).success).toBe(true);
    const recordedSeason = (
      fixture('GetSeasonsWithoutSeriesSuccessfulAsync', '2.json') as unknown[]
    )[0];
    expect(missingKeys(recordedSeason, seasons[0], ['heat_ses_info', 'rookie_season'])).toEqual([]);
    const recordedWeek = (objectOf(recordedSeason).schedules as unknown[])[0];
    expect(missingKeys(recordedWeek, seasons[0]?.schedules[0])).toEqual([]);
    const past = pastSeasons(world, 260);
    expect(PastSeasonsResponse.safeParse(past).success).toBe(true);
    const recordedPast = objectOf(
      objectOf(fixture('GetPastSeasonsForSeriesSuccessfulAsync', '2.json')).series,
    );
    expect(missingKeys(recordedPast, past?.series)).toEqual([]);
    expect(missingKeys((recordedPast.seasons as unknown[])[0], past?.series.seasons[0])).toEqual(
      [],
    );
    const list = seasonList(world, 2025, 4);
    expect(SeasonList.safeParse(list).success).toBe(true);
    expect(
      missingKeys(
        (objectOf(fixture('ListSeasonsSuccessfulAsync', '2.json')).seasons as unknown[])[1],
        list.seasons[0],
      ),
    ).toEqual([]);
  });

  it('lookups and the catalogue parse; lookup/licenses equals the recording', () => {
    expect(licenceLookup()).toEqual(fixture('GetLicenseLookupsSuccessfulAsync', '2.json'));
    expect(LicenceGroups.safeParse(licenceLookup()).success).toBe(true);
    expect(LookupGroups.safeParse(lookups()).success).toBe(true);
    const recordedLevels = objectOf(
      (fixture('GetLookupsSuccessfulAsync', '2.json') as unknown[])[0],
    );
    expect(lookups()[0]).toEqual(recordedLevels);
    expect(CarInfos.safeParse(carCatalog()).success).toBe(true);
    expect(TrackInfos.safeParse(trackCatalog()).success).toBe(true);
    expect(new Set(trackCatalog().map((t) => t.track_id)).size).toBe(trackCatalog().length);
    expect(new Set(carCatalog().map((c) => c.car_id)).size).toBe(carCatalog().length);
  });

  it('stats/world_records and results/lap_data rows parse and match the recorded fields', () => {
    const record = world.simulation.allRecords()[0];
    if (!record) throw new Error('no records');
    const rows = worldRecordRows(
      world,
      record.carIds[0] as number,
      record.session.week.track.trackId,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(WorldRecordRow.safeParse(row).success).toBe(true);
    expect(
      missingKeys(
        (fixture('GetWorldRecordStatisticsSuccessfulAsync', '3.json') as unknown[])[0],
        rows[0],
      ),
    ).toEqual([]);
    const custId = world.drivers.custId[record.entrants[0] as number] as number;
    for (const simsession of [0, -1, -2]) {
      const laps = lapData(world, record, simsession, custId);
      if (!laps) continue;
      expect(
        LapDataHeader.safeParse({
          ...laps.header,
          chunk_info: { chunk_size: 500, num_chunks: 1, rows: laps.rows.length },
        }).success,
      ).toBe(true);
      for (const lap of laps.rows) expect(LapDataRow.safeParse(lap).success).toBe(true);
    }
    const recordedHeader = fixture('GetSingleDriverSubsessionLapsSuccessfulAsync', '2.json');
    const recordedLap = (
      fixture('GetSingleDriverSubsessionLapsSuccessfulAsync', '3.json') as unknown[]
    )[0];
    const race = lapData(world, record, 0, custId);
    expect(missingKeys(recordedHeader, race?.header, ['chunk_info'])).toEqual([]);
    expect(missingKeys(recordedLap, race?.rows[0])).toEqual([]);
  });
});
