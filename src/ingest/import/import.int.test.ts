import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRecordedExchanges, type ImportReport } from './index.ts';
import { FIXTURES_DIR } from '../../../tests/support/iracing-fixture-server.ts';
import { allEvents, createIngestTestEnv, type IngestTestEnv } from '../ingest-env.test-support.ts';

let env: IngestTestEnv;
beforeAll(async () => {
  env = await createIngestTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const byFolder = (report: ImportReport) =>
  Object.fromEntries(report.folders.map((f) => [f.folder, f]));

describe('offline import of recorded exchanges (the shared fixtures)', () => {
  it('imports a single scenario folder through the same mappers and recorder', async () => {
    const report = await importRecordedExchanges(
      path.join(FIXTURES_DIR, 'GetSubSessionResultForTeamSuccessfulAsync'),
      { eventStore: env.store },
    );
    expect(report.folders).toEqual([
      expect.objectContaining({
        status: 'imported',
        endpoint: 'results/get',
        facts: 1,
        appended: 1,
      }),
    ]);
    const [event] = await env.store.readStream('subsession-46219719');
    expect(event?.type).toBe('SubsessionResultsRecorded');
    // Observation time: the recorded answer's Date header.
    expect(event?.metadata).toMatchObject({
      occurredAt: '2024-10-10T12:25:12.000Z',
      source: 'import',
    });
  });

  it('imports every folder: racing payloads become events, the rest is reported as skipped', async () => {
    const report = await importRecordedExchanges(FIXTURES_DIR, { eventStore: env.store });
    const folders = byFolder(report);
    expect(report.folders.length).toBeGreaterThanOrEqual(20);
    for (const [name, endpoint] of [
      ['GetSubSessionResultSuccessfulAsync', 'results/get'],
      ['GetSubSessionResultWithWeatherSuccessfulAsync', 'results/get'],
      ['GetSubSessionResultForTeamSuccessfulAsync', 'results/get'],
      ['GetDriverInfoWithLicensesSuccessfulAsync', 'member/get'],
      ['GetMemberChartDataSuccessfulAsync', 'member/chart_data'],
      ['GetSeasonsWithoutSeriesSuccessfulAsync', 'series/seasons'],
      ['GetPastSeasonsForSeriesSuccessfulAsync', 'series/past_seasons'],
    ] as const) {
      expect(folders[name], name).toMatchObject({ status: 'imported', endpoint });
    }
    for (const [name, endpoint] of [
      ['SearchOfficialResultsSuccessfulAsync', 'results/search_series'],
      ['GetWorldRecordStatisticsSuccessfulAsync', 'stats/world_records'],
      ['GetSeasonDriverStandingsSuccessfulAsync', 'stats/season_driver_standings'],
      ['GetSingleDriverSubsessionLapsSuccessfulAsync', 'results/lap_data'],
      ['GetLicenseLookupsSuccessfulAsync', 'lookup/licenses'],
      ['GetLookupsSuccessfulAsync', 'lookup/get'],
      ['ListSeasonsSuccessfulAsync', 'season/list'],
      ['SearchDriversSuccessfulAsync', 'lookup/drivers'],
      ['GetSeasonResultsSuccessfulAsync', 'results/season_results'],
    ] as const) {
      expect(folders[name], name).toMatchObject({ status: 'skipped', endpoint });
    }
    for (const name of [
      'ResponseUnauthorized',
      'ResponseUnknown504',
      'GetMemberInfoDuringMaintenanceThrowsAsync',
      'GetSeasonResultsHandlesBadRequestAsync',
    ]) {
      expect(folders[name], name).toMatchObject({
        status: 'skipped',
        note: expect.stringMatching(/^error answer \d{3}/) as unknown,
      });
    }
    expect(folders.ResponseUnknown504?.note).toBe('error answer 504: HTML page');
    expect(report.folders.filter((f) => f.status === 'failed')).toEqual([]);
    // The team subsession was imported by the previous test: unchanged now.
    expect(folders.GetSubSessionResultForTeamSuccessfulAsync).toMatchObject({
      facts: 1,
      appended: 0,
    });
    expect(report.counts.byType).toEqual({
      SubsessionResultsRecorded: 2,
      DriverProfileRecorded: 1,
      DriverRatingHistoryRecorded: 1,
      SeasonScheduled: 96,
      SeriesCatalogued: expect.any(Number) as number,
    });
    // Series 260 is described by its seasons and by series/past_seasons: the richer one wins.
    const series260 = await env.store.readStream('series-260');
    expect(series260.map((e) => e.type)).toEqual(['SeriesCatalogued']);
    expect(series260[0]?.data).toMatchObject({
      logo: 'formulaagrandprixseries-logo.png',
      licenseGroup: 4,
    });
    expect(folders.GetSeasonsWithoutSeriesSuccessfulAsync?.note).toMatch(
      /1 described better by another folder/,
    );
  });

  it('appends nothing when the same folder is imported again', async () => {
    const before = await allEvents(env.store);
    const report = await importRecordedExchanges(FIXTURES_DIR, { eventStore: env.store });
    expect(report.counts.appended).toBe(0);
    expect(report.counts.unchanged).toBe(report.counts.facts);
    expect(report.counts.facts).toBeGreaterThan(100);
    expect(await allEvents(env.store)).toEqual(before);
  });
});
