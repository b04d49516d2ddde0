import { beforeAll, describe, expect, it } from 'vitest';
import {
  IracingBadRequestError,
  IracingForbiddenOrMissingError,
  createIracingClient,
  type IracingDataClient,
} from '../../ingest/client/index.ts';
import {
  createDemoFetch,
  buildSubsessionResult,
  memberChartData,
  memberGet,
  searchSeriesRow,
  type DemoWorld,
} from './index.ts';
import { carCatalog, licenceLookup, lookups, trackCatalog } from './payloads/catalog.ts';
import { pastSeasons, seasonList, seriesSeasons } from './payloads/seasons.ts';
import { lapData, worldRecordRows } from './payloads/stats.ts';
import type { DriverResultRow } from '../../ingest/schemas/index.ts';
import { demoClient, smallWorld, wire } from './small-world.test-support.ts';

describe('the real iRacing client over createDemoFetch', () => {
  let world: DemoWorld;
  let client: IracingDataClient;
  beforeAll(() => {
    world = smallWorld();
    world.simulation.advanceAll();
    client = demoClient(world);
  });

  it('searches results by time range through chunked answers, each subsession once, in start order', async () => {
    // Small fields make many subsessions: more than one 500-row chunk.
    const busy = smallWorld({ drivers: 2500, targetFieldSize: 6 });
    const rows = await demoClient(busy).searchSeriesRange({
      from: new Date(busy.startMs),
      to: new Date(busy.nowMs),
    });
    const expected = busy.simulation.allRecords().map((r) => searchSeriesRow(busy, r));
    expect(rows.length).toBeGreaterThan(500);
    expect(rows).toEqual(wire(expected));
  });

  it('answers results/get with exactly the directly generated payload', async () => {
    const records = world.simulation.allRecords();
    for (const record of [
      records[0],
      records[Math.floor(records.length / 2)],
      records[records.length - 1],
    ]) {
      if (!record) throw new Error('no records');
      const fetched = await client.subsessionResult(record.subsessionId);
      expect(fetched).toEqual(wire(buildSubsessionResult(world, record)));
    }
  });

  it('answers members, chart data, catalogue and seasons exactly as generated', async () => {
    const record = world.simulation.allRecords()[10];
    if (!record) throw new Error('no records');
    const custIds = Array.from(
      record.entrants.subarray(0, 5),
      (d) => world.drivers.custId[d] as number,
    );
    expect(await client.members(custIds, { includeLicenses: true })).toEqual(
      wire(memberGet(world, custIds, true)),
    );
    const categoryId = (await client.subsessionResult(record.subsessionId)).license_category_id;
    const chart = await client.memberChartData({
      custId: custIds[0] as number,
      categoryId,
      chartType: 1,
    });
    expect(chart.data.length).toBeGreaterThan(1);
    expect(chart).toEqual(wire(memberChartData(world, custIds[0] as number, categoryId, 1)));
    expect(await client.seriesSeasons()).toEqual(wire(seriesSeasons(world)));
    expect(await client.seasonList({ seasonYear: 2025, seasonQuarter: 4 })).toEqual(
      wire(seasonList(world, 2025, 4)),
    );
    expect(await client.pastSeasons(139)).toEqual(wire(pastSeasons(world, 139)));
    expect(await client.licences()).toEqual(wire(licenceLookup()));
    expect(await client.lookups()).toEqual(wire(lookups()));
    expect(await client.cars()).toEqual(wire(carCatalog()));
    expect(await client.tracks()).toEqual(wire(trackCatalog()));
  });

  it('answers world records and lap data through link and chunks', async () => {
    const record = world.simulation.allRecords()[3];
    if (!record) throw new Error('no records');
    const carId = record.carIds[0] as number;
    const trackId = record.session.week.track.trackId;
    const records = await client.worldRecords({ carId, trackId });
    expect(records.header.data.chunk_info.rows).toBe(records.rows.length);
    expect(records.rows).toEqual(wire(worldRecordRows(world, carId, trackId)));

    const result = await client.subsessionResult(record.subsessionId);
    const winner = result.session_results.find((s) => s.simsession_number === 0)
      ?.results[0] as DriverResultRow;
    const laps = await client.lapData({
      subsessionId: record.subsessionId,
      simsessionNumber: 0,
      custId: winner.cust_id,
    });
    expect(laps.laps).toEqual(wire(lapData(world, record, 0, winner.cust_id)?.rows));
    expect(laps.laps).toHaveLength(winner.laps_complete + 1);
    expect(laps.header.best_lap_time).toBe(winner.best_lap_time);
    const raced = laps.laps.filter((l) => l.lap_number > 0).reduce((sum, l) => sum + l.lap_time, 0);
    expect(Math.abs(raced - winner.average_lap * winner.laps_complete)).toBeLessThanOrEqual(
      winner.laps_complete,
    );
  });

  it('answers like the API when asked wrongly: 400 with a note, 404 for unknown ids and endpoints', async () => {
    await expect(client.getJson('results/get', {}, wireSchema)).rejects.toBeInstanceOf(
      IracingBadRequestError,
    );
    await expect(client.subsessionResult(1)).rejects.toBeInstanceOf(IracingForbiddenOrMissingError);
    await expect(client.getJson('no/such_endpoint', {}, wireSchema)).rejects.toBeInstanceOf(
      IracingForbiddenOrMissingError,
    );
    await expect(
      client.searchSeries({
        startRangeBegin: new Date(world.startMs),
        startRangeEnd: new Date(world.startMs + 120 * 86_400_000),
      }),
    ).rejects.toBeInstanceOf(IracingBadRequestError);
  });

  it('serves the OAuth token endpoint, so a client configured for OAuth runs unchanged', async () => {
    const oauthClient = createIracingClient({
      apiUrl: 'https://members-ng.iracing.com',
      auth: {
        kind: 'oauth',
        oauthUrl: 'https://oauth.iracing.com',
        credentials: {
          clientId: 'demo',
          clientSecret: 'demo',
          username: 'demo@example.com',
          password: 'demo',
        },
      },
      fetch: createDemoFetch(world),
    });
    const licences = await oauthClient.licences();
    expect(licences.map((g) => g.group_name)).toEqual([
      'Rookie',
      'Class D',
      'Class C',
      'Class B',
      'Class A',
      'Pro',
      'Pro/WC',
    ]);
  });
});

const wireSchema = {
  safeParse: (value: unknown) => ({ success: true as const, data: value }),
} as never;
