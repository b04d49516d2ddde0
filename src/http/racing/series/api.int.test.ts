import { describe, expect, it } from 'vitest';
import { seriesListResponse, seriesResponse, seriesSearchResponse } from './schema.ts';
import { expectNamesParameter, useApiTestServer, walkPages } from '../test-support/api-server.ts';
import { GT3_SEASON, UNKNOWN_ID } from '../test-support/racing-world.ts';

/** /api/series and /api/series/search against the racing world of support/racing-world.ts. */
const api = useApiTestServer();

describe('GET /api/series', () => {
  it('lists the series A→Z with their latest season', async () => {
    const body = await api.ok('/api/series', seriesListResponse);
    expect(body.data.map((s) => s.name)).toEqual([
      'Advanced Mazda MX-5 Cup',
      'Global Fanatec Challenge',
      'NASCAR Cup Series',
    ]);
    expect(body.data[1]!.latestSeason?.seasonId).toBe(GT3_SEASON);
    expect(body.data[0]!.latestSeason).toBeNull();
  });

  it('filters by category and pages with a cursor', async () => {
    const oval = await api.ok('/api/series?category=oval', seriesListResponse);
    expect(oval.data.map((s) => s.seriesId)).toEqual([400]);
    const walked = await walkPages(api, '/api/series?limit=1', seriesListResponse);
    expect(walked.pages).toBe(3);
    expect(walked.items.map((s) => s.name)).toEqual([
      'Advanced Mazda MX-5 Cup',
      'Global Fanatec Challenge',
      'NASCAR Cup Series',
    ]);
  });

  it.each([
    ['category=nascar', 'category'],
    ['limit=101', 'limit'],
    ['limit=-5', 'limit'],
    ['cursor=e30', 'cursor'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    expectNamesParameter(await api.fails(`/api/series?${query}`, 400), parameter);
  });
});

describe('GET /api/series/{id}', () => {
  it('answers the series with its seasons, newest first', async () => {
    const body = await api.ok('/api/series/210', seriesResponse);
    expect(body.data).toMatchObject({ seriesId: 210, name: 'Global Fanatec Challenge' });
    expect(body.data.seasons).toEqual([
      {
        seasonId: GT3_SEASON,
        seasonName: 'Global Fanatec Challenge - 2022 Season 2',
        seasonYear: 2022,
        seasonQuarter: 2,
        active: true,
        complete: false,
        official: true,
      },
    ]);
    expect((await api.ok('/api/series/300', seriesResponse)).data.seasons).toEqual([]);
  });

  it('answers 404 for an unknown series and 400 for a malformed id', async () => {
    expect((await api.fails(`/api/series/${UNKNOWN_ID}`, 404)).message).toBe(
      `No series ${UNKNOWN_ID}.`,
    );
    expectNamesParameter(await api.fails('/api/series/1.5', 400), 'id');
    expectNamesParameter(await api.fails('/api/series/99999999999', 400), 'id');
  });
});

describe('GET /api/series/search', () => {
  it('finds series by a fragment of the name or short name', async () => {
    const cup = await api.ok('/api/series/search?q=cup', seriesSearchResponse);
    expect(cup.data.map((s) => s.seriesId).sort()).toEqual([300, 400]);
    expect(cup.meta.total).toBe(2);
    const fanatec = await api.ok('/api/series/search?q=FANATEC', seriesSearchResponse);
    expect(fanatec.data.map((s) => s.seriesId)).toEqual([210]);
    const limited = await api.ok('/api/series/search?q=cup&limit=1', seriesSearchResponse);
    expect(limited.data).toHaveLength(1);
  });

  it.each([
    ['', 'q'],
    ['q=c', 'q'],
    ['q=cup&limit=26', 'limit'],
  ])('answers 400 naming the parameter for "%s"', async (query, parameter) => {
    expectNamesParameter(await api.fails(`/api/series/search?${query}`, 400), parameter);
  });
});

describe('the answer cache (API_CACHE_SECONDS)', () => {
  it('answers a repeated URL from the cache, with its age; an error is never cached', async () => {
    const path = '/api/series?category=road&limit=2';
    const first = await api.client.get(path);
    const again = await api.client.get(path);
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.text).toBe(first.text);
    expect(Number(again.headers.get('age'))).toBeGreaterThanOrEqual(0);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    // A hit is sent as stored bytes with the ETag memoised per answer: the same headers as the
    // miss that sent the text, and a conditional request on it is answered 304.
    for (const header of ['etag', 'content-type', 'content-length']) {
      expect(again.headers.get(header), header).toBe(first.headers.get(header));
    }
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    // (fetch adds Cache-Control: no-cache to a conditional request unless one is given)
    const unchanged = await api.client.get(path, {
      headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('x-cache')).toBe('hit');
    for (let i = 0; i < 2; i++) {
      const bad = await api.client.get('/api/series?limit=0');
      expect(bad.status).toBe(400);
      expect(bad.headers.get('x-cache')).toBeNull();
    }
  });
});
