import { describe, expect, it } from 'vitest';
import {
  driverComparisonResponse,
  driverListResponse,
  driverSearchResponse,
  driverSubsessionsResponse,
} from './schema.ts';
import { RACING_CACHE_CONTROL } from '../shared/endpoint.ts';
import { expectNamesParameter, useApiTestServer, walkPages } from '../test-support/api-server.ts';
import {
  DRIVERS,
  driverNamed,
  gt3Subsessions,
  ovalSubsession,
  UNKNOWN_ID,
} from '../test-support/racing-world.ts';

/** /api/drivers/** over HTTP against the racing world of support/racing-world.ts. */
const api = useApiTestServer();

describe('GET /api/drivers', () => {
  it('lists sports car drivers by iRating, highest first, with a short public cache', async () => {
    const res = await api.client.get('/api/drivers');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(RACING_CACHE_CONTROL);
    const body = driverListResponse.parse(res.json());
    expect(body.meta).toEqual({ perPage: 25, nextCursor: null });
    expect(body.data).toHaveLength(DRIVERS.length);
    const ratings = body.data.map((d) => d.license!.irating!);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(body.data.every((d) => d.license?.category === 'sports_car')).toBe(true);
  });

  it('pages with limit and cursor: every driver exactly once, in order', async () => {
    const whole = await api.ok('/api/drivers?limit=100', driverListResponse);
    const walked = await walkPages(api, '/api/drivers?limit=5', driverListResponse);
    expect(walked.pages).toBe(Math.ceil(DRIVERS.length / 5));
    expect(walked.items.map((d) => d.custId)).toEqual(whole.data.map((d) => d.custId));
    const first = await api.ok('/api/drivers?limit=5', driverListResponse);
    expect(first.meta.perPage).toBe(5);
    expect(first.meta.nextCursor).toEqual(expect.any(String));
  });

  it('sorts by name A→Z', async () => {
    const body = await api.ok('/api/drivers?sort=name&limit=100', driverListResponse);
    const names = body.data.map((d) => d.displayName);
    expect(names).toEqual(
      [...DRIVERS.map((d) => d.displayName)].sort((a, b) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : 1,
      ),
    );
  });

  it('filters by category: only drivers rated on ovals', async () => {
    const body = await api.ok('/api/drivers?category=oval&limit=100', driverListResponse);
    const rated = DRIVERS.filter((d) => d.ovalIrating !== null).map((d) => d.custId);
    expect(body.data.map((d) => d.custId).sort()).toEqual(rated.sort());
    expect(body.data.every((d) => d.license?.category === 'oval')).toBe(true);
  });

  it('sorts in the other direction when asked: lowest iRating first, names Z→A', async () => {
    const up = await api.ok('/api/drivers?direction=asc&limit=100', driverListResponse);
    const ratings = up.data.map((d) => d.license!.irating!);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
    const down = await walkPages(
      api,
      '/api/drivers?sort=name&direction=desc&limit=7',
      driverListResponse,
    );
    const names = down.items.map((d) => d.displayName.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect(names).toHaveLength(DRIVERS.length);
  });

  it('filters by country, in either sort and direction, across pages', async () => {
    const german = DRIVERS.filter((d) => d.countryCode === 'DE');
    const byRating = await walkPages(api, '/api/drivers?country=de&limit=3', driverListResponse);
    expect(byRating.items.map((d) => d.custId)).toEqual(
      [...german].sort((a, b) => b.sportsCarIrating - a.sportsCarIrating).map((d) => d.custId),
    );
    expect(byRating.pages).toBe(Math.ceil(german.length / 3));
    const byName = await api.ok(
      '/api/drivers?country=DE&sort=name&direction=desc',
      driverListResponse,
    );
    expect(byName.data.map((d) => d.displayName)).toEqual(
      german.map((d) => d.displayName).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1)),
    );
    expect((await api.ok('/api/drivers?country=FR', driverListResponse)).data).toEqual([]);
  });

  it('refuses a cursor of one direction for the other', async () => {
    const first = await api.ok('/api/drivers?direction=asc&limit=2', driverListResponse);
    const body = await api.fails(
      `/api/drivers?direction=desc&country=DE&cursor=${first.meta.nextCursor!}`,
      400,
    );
    expectNamesParameter(body, 'cursor');
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['direction=up', 'direction'],
    ['country=DEU', 'country'],
    ['country=1', 'country'],
    ['limit=abc', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['sort=rating', 'sort'],
    ['category=karting', 'category'],
    ['cursor=not-a-cursor', 'cursor'],
    ['cursor=%25%25', 'cursor'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    expectNamesParameter(await api.fails(`/api/drivers?${query}`, 400), parameter);
  });
});

describe('GET /api/drivers/search', () => {
  it('finds drivers by a fragment of the name, names starting with it first', async () => {
    const body = await api.ok('/api/drivers/search?q=len', driverSearchResponse);
    const names = body.data.map((d) => d.displayName);
    expect(names.slice(0, 6).every((n) => n.startsWith('Len'))).toBe(true);
    expect(names).toContain('Helena Berg');
    expect(body.meta.total).toBe(body.data.length);
    expect(body.data[0]!.licenses.length).toBeGreaterThan(0);
  });

  it('matches the start of a word for a two-character query', async () => {
    const body = await api.ok('/api/drivers/search?q=be&limit=25', driverSearchResponse);
    expect(body.data.map((d) => d.displayName).sort()).toEqual(
      DRIVERS.filter((d) => d.displayName.endsWith(' Berg'))
        .map((d) => d.displayName)
        .sort(),
    );
  });

  it('finds a driver by exact customer id and respects limit', async () => {
    const mia = driverNamed('Mia Fisher');
    const body = await api.ok(`/api/drivers/search?q=${mia.custId}`, driverSearchResponse);
    expect(body.data[0]!.custId).toBe(mia.custId);
    expect(
      (await api.ok('/api/drivers/search?q=fi&limit=2', driverSearchResponse)).data,
    ).toHaveLength(2);
  });

  it('ranks the exact name first, then names starting with the text, then later words', async () => {
    const exact = await api.ok('/api/drivers/search?q=lena%20fischer', driverSearchResponse);
    expect(exact.data[0]!.displayName).toBe('Lena Fischer');
    const fisc = await api.ok('/api/drivers/search?q=FISC', driverSearchResponse);
    expect(fisc.data.map((d) => d.displayName).sort()).toEqual(
      DRIVERS.filter((d) => d.displayName.endsWith(' Fischer'))
        .map((d) => d.displayName)
        .sort(),
    );
  });

  it('answers an empty list when nothing matches', async () => {
    const body = await api.ok('/api/drivers/search?q=zzzz', driverSearchResponse);
    expect(body).toEqual({ data: [], meta: { total: 0 } });
  });

  it.each([
    ['', 'q'],
    ['q=', 'q'],
    ['q=l', 'q'],
    ['q=%20%20l%20', 'q'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['q=lena&limit=26', 'limit'],
    ['q=lena&limit=0', 'limit'],
  ])('answers 400 naming the parameter for "%s"', async (query, parameter) => {
    expectNamesParameter(await api.fails(`/api/drivers/search?${query}`, 400), parameter);
  });
});

describe('GET /api/drivers/compare', () => {
  it('answers the drivers side by side, in the order asked, with career totals', async () => {
    const [a, b] = [driverNamed('Lena Fischer'), driverNamed('Jonas Berg')];
    const body = await api.ok(
      `/api/drivers/compare?ids=${b.custId},${a.custId}`,
      driverComparisonResponse,
    );
    expect(body.data.drivers.map((d) => d.custId)).toEqual([b.custId, a.custId]);
    expect(body.data.missing).toEqual([]);
    const career = body.data.drivers[1]!.career.find((c) => c.category === 'sports_car')!;
    const starts = gt3Subsessions().filter((s) =>
      s.simsessions.some((x) => x.type === 'race' && x.results.some((r) => r.custId === a.custId)),
    ).length;
    expect(career.starts).toBe(starts);
  });

  it('lists unknown ids as missing and answers up to 4 drivers', async () => {
    const ids = DRIVERS.slice(0, 3).map((d) => d.custId);
    const body = await api.ok(
      `/api/drivers/compare?ids=${[...ids, UNKNOWN_ID].join(',')}`,
      driverComparisonResponse,
    );
    expect(body.data.drivers.map((d) => d.custId)).toEqual(ids);
    expect(body.data.missing).toEqual([UNKNOWN_ID]);
  });

  it('answers 404 when none of the drivers is known', async () => {
    const body = await api.fails(`/api/drivers/compare?ids=${UNKNOWN_ID},${UNKNOWN_ID + 1}`, 404);
    expect(body.error).toBe('not_found');
  });

  it.each([
    ['', 'ids'],
    ['ids=1001', 'ids'],
    ['ids=1001,1001', 'ids'],
    ['ids=1001,1002,1003,1004,1005', 'ids'],
    ['ids=1001,abc', 'ids'],
    ['ids=1001,,1002', 'ids'],
    ['ids=0,1001', 'ids'],
  ])('answers 400 naming the parameter for "%s"', async (query, parameter) => {
    expectNamesParameter(await api.fails(`/api/drivers/compare?${query}`, 400), parameter);
  });
});

describe('GET /api/drivers/{id}/subsessions', () => {
  const lena = driverNamed('Lena Fischer');

  it("lists the driver's races newest first with the race's facts", async () => {
    const body = await api.ok(`/api/drivers/${lena.custId}/subsessions`, driverSubsessionsResponse);
    const expected = [...gt3Subsessions(), ovalSubsession()]
      .filter((s) => s.simsessions.some((x) => x.results.some((r) => r.custId === lena.custId)))
      .sort((a, b) => (a.startTime < b.startTime ? 1 : -1));
    expect(body.data.map((r) => r.subsessionId)).toEqual(expected.map((s) => s.subsessionId));
    const newest = expected[0]!;
    const row = newest.simsessions
      .find((x) => x.type === 'race')!
      .results.find((r) => r.custId === lena.custId)!;
    expect(body.data[0]).toMatchObject({
      seasonId: newest.seasonId,
      finishPosition: row.finishPosition,
      track: newest.track,
      iratingChange: row.newIrating! - row.oldIrating!,
    });
  });

  it('pages with a cursor', async () => {
    const walked = await walkPages(
      api,
      `/api/drivers/${lena.custId}/subsessions?limit=1`,
      driverSubsessionsResponse,
    );
    // Three sports car races and the oval race.
    expect(walked.pages).toBe(4);
    expect(new Set(walked.items.map((r) => r.subsessionId)).size).toBe(4);
  });

  it('answers 404 for an unknown driver', async () => {
    const body = await api.fails(`/api/drivers/${UNKNOWN_ID}/subsessions`, 404);
    expect(body.message).toContain(String(UNKNOWN_ID));
  });

  it.each([
    ['/api/drivers/abc/subsessions', 'id'],
    ['/api/drivers/0/subsessions', 'id'],
    ['/api/drivers/1.5/subsessions', 'id'],
    ['/api/drivers/99999999999/subsessions', 'id'],
    [`/api/drivers/1001/subsessions?limit=101`, 'limit'],
  ])('answers 400 naming the parameter for %s', async (path, parameter) => {
    expectNamesParameter(await api.fails(path, 400), parameter);
  });
});
