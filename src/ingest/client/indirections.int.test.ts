import { afterEach, describe, expect, it } from 'vitest';
import { IracingUpstreamError } from './index.ts';
import { readFixtureFolder } from '../../../tests/support/iracing-fixture-server.ts';
import { queryOf, startHarness, type Harness } from './fixture-client.test-support.ts';

describe('links, chunks, CSV and search windows', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('replays recorded bodies byte for byte except the rewritten link hosts', async () => {
    h = await startHarness();
    h.server.enqueue('GetMemberChartDataSuccessfulAsync');
    const [first, second] = readFixtureFolder('GetMemberChartDataSuccessfulAsync');
    const linkBody = await (await fetch(`${h.server.url}/data/member/chart_data`)).text();
    expect(linkBody).toBe(
      first?.rawContent.replace(
        'https://scorpio-assets.s3.amazonaws.com/',
        `${h.server.url}/__s3/scorpio-assets.s3.amazonaws.com/`,
      ),
    );
    const link = (JSON.parse(linkBody) as { link: string }).link;
    expect(await (await fetch(link)).text()).toBe(second?.rawContent);
  });

  it('splits a 100-day search into two ≤90-day windows and keeps each subsession once', async () => {
    h = await startHarness();
    // The same recorded answer for both windows: every subsession is reported twice.
    h.server.enqueue('SearchOfficialResultsSuccessfulAsync');
    h.server.enqueue('SearchOfficialResultsSuccessfulAsync');
    const rows = await h.client.searchSeriesRange({
      from: new Date('2022-04-01T00:00:00Z'),
      to: new Date('2022-07-10T00:00:00Z'),
      seriesId: 260,
      eventTypes: [5],
    });
    expect(rows).toHaveLength(333);
    expect(new Set(rows.map((r) => r.subsession_id)).size).toBe(333);
    const dataQueries = h.server.requests
      .filter((r) => r.url.startsWith('/data/'))
      .map((r) => queryOf(r.url));
    expect(dataQueries).toEqual([
      {
        start_range_begin: '2022-04-01T00:00:00Z',
        start_range_end: '2022-06-30T00:00:00Z',
        series_id: '260',
        event_types: '5',
      },
      {
        start_range_begin: '2022-06-30T00:00:00Z',
        start_range_end: '2022-07-10T00:00:00Z',
        series_id: '260',
        event_types: '5',
      },
    ]);
  });

  it('parses a CSV export (the standings csv_url) into rows', async () => {
    // The recordings hold no CSV body, only the csv_url that points at one: synthetic export.
    h = await startHarness();
    h.server.enqueue('GetSeasonDriverStandingsSuccessfulAsync');
    const { header } = await h.client.seasonDriverStandings({ seasonId: 4183, carClassId: 4013 });
    h.server.enqueueExchange({
      label: 'synthetic: standings export.csv',
      expect: 'link',
      status: 200,
      contentType: 'text/csv',
      body: 'Rank,Driver,Points\r\n1,"Driver 712273",1018\r\n2,"Driver, Quoted ""Name""",990\r\n',
    });
    const rows = await h.client.fetchCsv(header.csv_url ?? '');
    expect(rows).toEqual([
      { Rank: '1', Driver: 'Driver 712273', Points: '1018' },
      { Rank: '2', Driver: 'Driver, Quoted "Name"', Points: '990' },
    ]);
    expect(h.server.requests.at(-1)?.authorization).toBeUndefined();
    expect(h.server.mismatches).toEqual([]);
  });

  it('renews the token after a 401 and then succeeds', async () => {
    h = await startHarness();
    h.server.enqueue('ResponseUnauthorized');
    h.server.enqueue('GetDriverInfoWithLicensesSuccessfulAsync');
    const res = await h.client.members([341554], { includeLicenses: true });
    expect(res.members[0]?.licenses).toHaveLength(5);
    expect(h.server.tokenRequests.map((t) => t.form.grant_type)).toEqual([
      'password_limited',
      'refresh_token',
    ]);
    expect(h.server.requests.map((r) => r.authorization)).toEqual([
      'Bearer fixture-access-1',
      'Bearer fixture-access-2',
      undefined,
    ]);
  });

  it('asks /data again once when a signed link has expired (403 from S3)', async () => {
    h = await startHarness();
    const [linkAnswer] = readFixtureFolder('GetMemberChartDataSuccessfulAsync');
    h.server.enqueueExchange({
      label: 'recorded link answer',
      expect: 'data',
      status: 200,
      body: (linkAnswer?.rawContent ?? '').replace('https://', `${h.server.url}/__s3/`),
    });
    h.server.enqueueExchange({
      label: 'synthetic: S3 AccessDenied, request has expired',
      expect: 'link',
      status: 403,
      contentType: 'application/xml',
      body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
    });
    h.server.enqueue('GetMemberChartDataSuccessfulAsync');
    const chart = await h.client.memberChartData({ custId: 341554, categoryId: 2, chartType: 1 });
    expect(chart.data).toHaveLength(104);
    expect(h.server.requests.filter((r) => r.url.startsWith('/data/'))).toHaveLength(2);
    expect(h.server.remaining()).toBe(0);
  });

  it('reports an HTML body on a 200 as an upstream error without parsing it', async () => {
    h = await startHarness();
    const page = readFixtureFolder('ResponseUnknown504')[0];
    h.server.enqueueExchange({
      label: 'synthetic: recorded 504 page served with 200',
      expect: 'data',
      status: 200,
      contentType: 'text/html',
      body: JSON.parse(page?.rawContent ?? '""') as string,
    });
    const err = await h.client.searchDrivers('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IracingUpstreamError);
    expect((err as IracingUpstreamError).details.bodySnippet).toContain('CloudFront');
  });
});
