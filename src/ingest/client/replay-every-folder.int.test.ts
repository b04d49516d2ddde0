import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IracingBadRequestError,
  IracingMaintenanceError,
  IracingUnauthorizedError,
  IracingUpstreamError,
  type IracingDataClient,
} from './index.ts';
import { formatLapTime } from '../../domain/index.ts';
import { isTeamResultRow, mainEventSession } from '../schemas/index.ts';
import {
  fixturePayload,
  listFixtureFolders,
} from '../../../tests/support/iracing-fixture-server.ts';
import { startHarness, queryOf, type Harness } from './fixture-client.test-support.ts';

/**
 * Every recorded folder, replayed through the real client over loopback. Each scenario enqueues
 * its folder, calls the typed method Pitwall uses, and asserts values read from the recording.
 * The last test proves the table covers every folder on disk.
 */

type Scenario = (h: Harness) => Promise<void>;

const raceOf = async (client: IracingDataClient, id: number) => {
  const result = await client.subsessionResult(id);
  const race = mainEventSession(result);
  if (!race) throw new Error('no main event');
  return { result, race };
};

const scenarios: Record<string, Scenario> = {
  GetSubSessionResultSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetSubSessionResultSuccessfulAsync');
    const { result, race } = await raceOf(client, 45243121);
    expect(result.subsession_id).toBe(45243121);
    expect(result.event_strength_of_field).toBe(1683);
    expect(result.car_classes.map((c) => c.car_class_id)).toEqual([45, 48]);
    expect(race.results).toHaveLength(19);
    const winner = race.results[0];
    expect(winner && !isTeamResultRow(winner) && winner.cust_id).toBe(147876);
    expect(formatLapTime(winner?.best_lap_time ?? -1)).toBe('6:48.227');
    expect(queryOf(server.requests[0]?.url ?? '')).toEqual({ subsession_id: '45243121' });
  },

  GetSubSessionResultWithWeatherSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetSubSessionResultWithWeatherSuccessfulAsync');
    const { result, race } = await raceOf(client, 68483460);
    expect(race.results).toHaveLength(22);
    // 2024 drift: no num_drivers, no event_best_lap_time, no country_code on rows.
    expect(result.num_drivers).toBeUndefined();
    expect(result.event_best_lap_time).toBeUndefined();
    expect(race.results.every((r) => r.country_code === undefined)).toBe(true);
    expect(result.car_classes[0]?.relative_speed).toBe(160);
    expect(result.weather?.simulated_start_utc_time).toBe('2024-05-04T16:51:00Z');
    expect(race.results[0]?.newi_rating).toBe(5573);
  },

  GetSubSessionResultForTeamSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetSubSessionResultForTeamSuccessfulAsync');
    const { result, race } = await raceOf(client, 46219719);
    expect(result.driver_changes).toBe(true);
    expect(race.results).toHaveLength(58);
    const first = race.results[0];
    if (!first || !isTeamResultRow(first)) throw new Error('expected a team row');
    expect(first.team_id).toBe(-206771);
    expect(first.oldi_rating).toBe(-1);
    expect(first.driver_results.map((d) => d.cust_id)).toEqual([310378, 352574]);
    const drivers = race.results.flatMap((r) => (isTeamResultRow(r) ? r.driver_results : []));
    expect(drivers).toHaveLength(83);
  },

  GetMemberChartDataSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetMemberChartDataSuccessfulAsync');
    const chart = await client.memberChartData({ custId: 341554, categoryId: 2, chartType: 1 });
    expect(chart.cust_id).toBe(341554);
    expect(chart.data).toHaveLength(104);
    expect(chart.data[0]).toEqual({ when: '2018-10-01', value: 1350 });
    expect(chart.data.at(-1)).toEqual({ when: '2022-06-20', value: 2533 });
    expect(queryOf(server.requests[0]?.url ?? '')).toEqual({
      cust_id: '341554',
      category_id: '2',
      chart_type: '1',
    });
  },

  GetSeasonsWithoutSeriesSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetSeasonsWithoutSeriesSuccessfulAsync');
    const seasons = await client.seriesSeasons();
    expect(seasons).toHaveLength(96);
    expect(seasons[0]?.season_id).toBe(3587);
    expect(seasons[0]?.schedules).toHaveLength(38);
    expect(seasons[0]?.schedules[0]?.start_date).toBe('2022-02-15');
    expect(seasons[0]?.schedules[0]?.track.track_name).toBe('Daytona International Speedway');
  },

  ListSeasonsSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('ListSeasonsSuccessfulAsync');
    const list = await client.seasonList({ seasonYear: 2022, seasonQuarter: 1 });
    expect(list.season_year).toBe(2022);
    expect(list.seasons).toHaveLength(126);
    expect(list.seasons[0]?.season_id).toBe(3704);
  },

  GetPastSeasonsForSeriesSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetPastSeasonsForSeriesSuccessfulAsync');
    const past = await client.pastSeasons(260);
    expect(past.series_id).toBe(260);
    expect(past.series.seasons).toHaveLength(29);
    expect(past.series.seasons[0]?.season_id).toBe(4041);
    expect(past.series.seasons[0]?.race_weeks).toHaveLength(12);
  },

  GetSeasonResultsSuccessfulAsync: async ({ server, client, anomalies }) => {
    // Recorded quirk: the /data answer has status 400 but a usable link body.
    server.enqueue('GetSeasonResultsSuccessfulAsync');
    const res = await client.seasonResults({ seasonId: 3529, eventType: 5 });
    expect(res.season_id).toBe(3529);
    expect(res.results_list).toHaveLength(103);
    expect(res.results_list[0]?.subsession_id).toBe(44178217);
    expect(res.results_list[0]?.event_strength_of_field).toBe(2206);
    expect(anomalies).toEqual([expect.objectContaining({ kind: 'link_with_status', status: 400 })]);
  },

  SearchOfficialResultsSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('SearchOfficialResultsSuccessfulAsync');
    const rows = await client.searchSeries({ seasonYear: 2022, seasonQuarter: 3, seriesId: 260 });
    expect(rows).toHaveLength(333);
    expect(rows[0]?.subsession_id).toBe(46446932);
    expect(rows.at(-1)?.subsession_id).toBe(46542192);
    expect(rows.filter((r) => r.event_type === 5)).toHaveLength(59);
    // No link indirection here: 1 /data request, then the single chunk.
    expect(server.requests.map((r) => r.answeredBy)).toEqual([
      'SearchOfficialResultsSuccessfulAsync/1.json',
      'SearchOfficialResultsSuccessfulAsync/2.json',
    ]);
  },

  GetWorldRecordStatisticsSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetWorldRecordStatisticsSuccessfulAsync');
    const { header, rows } = await client.worldRecords({ carId: 145, trackId: 341 });
    expect(header.data.chunk_info.num_chunks).toBe(2);
    // The header claims 10614 rows; the two recorded chunks hold 2000 each.
    expect(header.data.chunk_info.rows).toBe(10614);
    expect(rows).toHaveLength(4000);
    expect(rows[0]?.cust_id).toBe(107253);
    expect(rows[0]?.race_lap_time).toBe(853438);
    expect(rows[2000]?.cust_id).toBe(
      fixturePayload<{ cust_id: number }[]>('GetWorldRecordStatisticsSuccessfulAsync', '4.json')[0]
        ?.cust_id,
    );
    expect(rows.at(-1)?.cust_id).toBe(356990);
  },

  GetSeasonDriverStandingsSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetSeasonDriverStandingsSuccessfulAsync');
    const { header, rows } = await client.seasonDriverStandings({
      seasonId: 4183,
      carClassId: 4013,
    });
    expect(header.season_id).toBe(4183);
    expect(header.csv_url).toMatch(new RegExp(`^${server.url}/__s3/scorpio-assets`));
    expect(rows).toHaveLength(211);
    expect(rows[0]).toMatchObject({ rank: 1, cust_id: 712273, points: 1018 });
    expect(rows.at(-1)?.rank).toBe(211);
  },

  GetSingleDriverSubsessionLapsSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetSingleDriverSubsessionLapsSuccessfulAsync');
    const { header, laps } = await client.lapData({
      subsessionId: 43625377,
      simsessionNumber: 0,
      custId: 341554,
    });
    expect(header.best_lap_num).toBe(12);
    expect(laps).toHaveLength(16);
    const best = laps.find((l) => l.personal_best_lap);
    expect(best?.lap_number).toBe(12);
    expect(formatLapTime(best?.lap_time ?? -1)).toBe('1:45.532');
    // link → header → chunk on the public CloudFront host, the last two without Authorization.
    expect(server.requests.map((r) => r.authorization === undefined)).toEqual([false, true, true]);
  },

  GetLicenseLookupsSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetLicenseLookupsSuccessfulAsync');
    const groups = await client.licences();
    expect(groups).toHaveLength(7);
    expect(groups.flatMap((g) => g.levels)).toHaveLength(28);
    expect(groups[4]?.levels[2]?.short_name).toBe('A 3.0');
  },

  GetLookupsSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetLookupsSuccessfulAsync');
    const groups = await client.lookups();
    expect(groups.map((g) => g.tag)).toEqual(['licenselevels', 'weather']);
    expect(groups[0]?.lookups[0]?.lookup_values).toHaveLength(28);
  },

  GetDriverInfoWithLicensesSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('GetDriverInfoWithLicensesSuccessfulAsync');
    const res = await client.members([341554], { includeLicenses: true });
    expect(res.members).toHaveLength(1);
    const member = res.members[0];
    expect(member?.cust_id).toBe(341554);
    expect(member?.licenses).toHaveLength(5);
    expect(member?.licenses?.find((l) => l.category === 'formula_car')?.irating).toBe(3270);
    expect(queryOf(server.requests[0]?.url ?? '')).toEqual({
      cust_ids: '341554',
      include_licenses: 'true',
    });
  },

  SearchDriversSuccessfulAsync: async ({ server, client }) => {
    server.enqueue('SearchDriversSuccessfulAsync');
    const rows = await client.searchDrivers('341554');
    expect(rows).toEqual([
      expect.objectContaining({ cust_id: 341554, display_name: 'Driver 341554' }),
    ]);
  },

  ResponseUnauthorized: async ({ server, client }) => {
    // The recorded 401 twice: the client renews its token once, retries, then gives up.
    server.enqueue('ResponseUnauthorized');
    server.enqueue('ResponseUnauthorized');
    await expect(client.members([123456])).rejects.toBeInstanceOf(IracingUnauthorizedError);
    expect(server.requests).toHaveLength(2);
    expect(server.tokenRequests.map((t) => t.form.grant_type)).toEqual([
      'password_limited',
      'refresh_token',
    ]);
    expect(server.requests[0]?.authorization).toBe('Bearer fixture-access-1');
    expect(server.requests[1]?.authorization).toBe('Bearer fixture-access-2');
  },

  GetMemberInfoDuringMaintenanceThrowsAsync: async ({ server, client }) => {
    server.enqueue('GetMemberInfoDuringMaintenanceThrowsAsync');
    const err = await client.members([123456]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IracingMaintenanceError);
    expect((err as IracingMaintenanceError).note).toBe(
      'The site is currently undergoing maintenance. Please try your request later.',
    );
    expect(server.requests).toHaveLength(1); // maintenance is not retried
  },

  ResponseUnknown504: async ({ server, client, clock }) => {
    // maxAttempts is 3 in the harness: the recorded 504 three times.
    for (let i = 0; i < 3; i++) server.enqueue('ResponseUnknown504');
    const err = await client.members([123456]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IracingUpstreamError);
    const upstream = err as IracingUpstreamError;
    expect(upstream.status).toBe(504);
    expect(upstream.details.contentType).toMatch(/text\/html/);
    expect(upstream.details.bodySnippet).toContain('<H1>504 ERROR</H1>');
    expect(clock.sleeps).toEqual([1_000, 2_000]);
  },

  GetSeasonResultsHandlesBadRequestAsync: async ({ server, client }) => {
    server.enqueue('GetSeasonResultsHandlesBadRequestAsync');
    const err = await client.seasonResults({ seasonId: 0, eventType: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IracingBadRequestError);
    expect((err as IracingBadRequestError).apiMessage).toBe('Bad Request');
    expect(server.requests).toHaveLength(1); // a 400 is not retried
  },
};

describe('the client replays every recorded fixture folder', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  for (const [folder, scenario] of Object.entries(scenarios)) {
    it(`${folder}`, async () => {
      await scenario(h);
      expect(h.server.mismatches).toEqual([]);
      // The bearer token goes to /data only; signed links and chunks are fetched without it.
      for (const r of h.server.requests) {
        if (r.url.startsWith('/data/'))
          expect(r.authorization).toMatch(/^Bearer fixture-access-\d+$/);
        else expect(r.authorization).toBeUndefined();
      }
      expect(h.server.remaining()).toBe(0);
    });
  }

  it('covers every folder in the shared fixtures', () => {
    expect(Object.keys(scenarios).sort()).toEqual(listFixtureFolders());
  });
});
