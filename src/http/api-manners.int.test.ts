import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/server.ts';

/**
 * The public API's per-client limit and CORS (docs/api.md, "Limits and CORS"), on two web
 * processes sharing one database: the counters are shared, not per process.
 */
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer({ env: { API_RATE_LIMIT: '4', API_CACHE_SECONDS: '0' } });
  b = await startTestServer({ db: a.db, env: { API_RATE_LIMIT: '4', API_CACHE_SECONDS: '0' } });
}, 120_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('the API rate limit', () => {
  it('counts a client across processes, with RateLimit headers, then 429 with Retry-After', async () => {
    // Its own window: the counters of other tests in this file are keyed by the same address.
    await a.db.knex('rate_limit_counters').delete();
    // A fixed window: start in a fresh one when the current one is about to end.
    const probe = await fetch(`${a.url}/api/openapi.json`);
    const reset = Number(probe.headers.get('ratelimit-reset'));
    if (reset < 5) await new Promise((r) => setTimeout(r, reset * 1000 + 100));
    await a.db.knex('rate_limit_counters').delete();
    const seen: { status: number; remaining: string | null }[] = [];
    for (const server of [a, b, a, b]) {
      const res = await fetch(`${server.url}/api/drivers`);
      seen.push({ status: res.status, remaining: res.headers.get('ratelimit-remaining') });
      expect(res.headers.get('ratelimit-limit')).toBe('4');
      expect(res.headers.get('ratelimit-policy')).toBe('4;w=60');
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    expect(seen).toEqual([
      { status: 200, remaining: '3' },
      { status: 200, remaining: '2' },
      { status: 200, remaining: '1' },
      { status: 200, remaining: '0' },
    ]);
    const limited = await fetch(`${b.url}/api/drivers`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toBe('too_many_requests');
    // Pages are not API calls: the site keeps working for the same address.
    const page = await fetch(`${a.url}/privacy-policy`);
    expect(page.status).toBe(200);
  });
});

describe('CORS on the read-only API', () => {
  it('a GET from any origin is allowed without credentials and sees the limit headers', async () => {
    await a.db.knex('rate_limit_counters').delete();
    const res = await fetch(`${a.url}/api/openapi.json`, {
      headers: { Origin: 'https://another.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining/);
  });

  it('a preflight allows GET and HEAD only; other methods get no CORS answer', async () => {
    const pre = await fetch(`${a.url}/api/drivers`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://another.example',
        'Access-Control-Request-Method': 'GET',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    await a.db.knex('rate_limit_counters').delete();
    const post = await fetch(`${a.url}/api/favorites`, {
      method: 'POST',
      headers: { Origin: 'https://another.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });
});
