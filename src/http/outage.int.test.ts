import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpTo } from '../app/catch-up.ts';
import { START } from '../eventstore/port.ts';
import {
  createTestDatabase,
  openTestJobSystem,
  deleteRedisKeys,
  openTestRuntime,
  testConfig,
  testRedisUrl,
  testServerUrl,
  uniquePrefix,
  type TestDatabase,
  type TestRuntime,
} from '../../tests/support/runtime.ts';
import { hostPortOf, startTcpProxy, type TcpProxy } from '../../tests/support/tcp-proxy.ts';
import { createRedisRateLimiter } from './auth/rate-limit.ts';
import { ServiceUnavailableError } from './errors.ts';
import { PASSWORD, registerUser, send, startHarness } from './accounts/test-support/harness.ts';
import { startWebServer, type RunningWebServer } from './server.ts';

/**
 * What the web process does when PostgreSQL or Redis goes away and comes back
 * (docs/reliability.md, "Outages"). The dependency is taken away by a TCP proxy in front of the
 * machine's server, which the test closes (connections cut, new ones refused) and reopens.
 */

/** Asks until `ok` or `attempts` run out; returns the last answer. */
async function until(
  ask: () => Promise<Response>,
  ok: (res: Response) => boolean,
  attempts = 40,
): Promise<Response> {
  let res = await ask();
  for (let i = 1; i < attempts && !ok(res); i++) {
    await new Promise((r) => setTimeout(r, 250));
    res = await ask();
  }
  return res;
}

describe('the database goes away and comes back', () => {
  let db: TestDatabase;
  let proxy: TcpProxy;
  let rt: TestRuntime;
  let server: RunningWebServer;
  let dataDir: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    await catchUpTo(db.runtime, db.runtime.projections.all);
    proxy = await startTcpProxy(hostPortOf(testServerUrl, 5432));
    const url = proxy.urlFor(db.url);
    rt = await openTestRuntime({ database: { name: db.name, url }, pools: { knex: 5 } });
    dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-outage-'));
    server = await startWebServer(
      {
        ...rt,
        config: testConfig({ DATA_DIR: dataDir, API_CACHE_SECONDS: '0' }),
        databaseUrl: url,
        web: { mode: 'none', version: 'v1' },
      },
      { port: 0, host: '127.0.0.1' },
    );
  }, 120_000);

  afterAll(async () => {
    await proxy?.up();
    await server?.close(100);
    await rt?.close();
    await proxy?.close();
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After (never 500) while it is away, and recovers by itself', async () => {
    const api = () => fetch(`${server.url}/api/drivers`);
    const page = () =>
      fetch(`${server.url}/drivers`, {
        headers: { 'X-Inertia': 'true', 'X-Inertia-Version': 'v1' },
      });
    expect((await api()).status).toBe(200);
    expect((await page()).status).toBe(200);

    await proxy.down();
    for (const ask of [api, page, api]) {
      const res = await ask();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
    }
    const body = (await (await api()).json()) as { error: string; message: string };
    expect(body.error).toBe('service_unavailable');
    expect(body.message).toMatch(/briefly unavailable/);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(
      ((await ready.json()) as { checks: { database: { ok: boolean } } }).checks.database.ok,
    ).toBe(false);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await proxy.up();
    expect((await until(api, (r) => r.status === 200)).status).toBe(200);
    expect((await until(page, (r) => r.status === 200)).status).toBe(200);
  });
});

describe('Redis goes away and comes back', () => {
  let proxy: TcpProxy;
  let redisUrl: string;

  beforeAll(async () => {
    proxy = await startTcpProxy(hostPortOf(testRedisUrl, 6379));
    redisUrl = proxy.urlFor(testRedisUrl);
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('the rate limiter fails at once with a 503 error, never crashes, and works again after', async () => {
    const prefix = uniquePrefix('outage');
    const limiter = createRedisRateLimiter(redisUrl, { prefix });
    const limit = { max: 5, windowMs: 60_000 };
    try {
      expect((await limiter.hit('k', limit)).hits).toBe(1);
      await proxy.down();
      await expect(limiter.hit('k', limit)).rejects.toBeInstanceOf(ServiceUnavailableError);
      await expect(limiter.peek('k', limit)).rejects.toBeInstanceOf(ServiceUnavailableError);
      await proxy.up();
      const after = await until(
        async () => {
          try {
            await limiter.hit('k', limit);
            return new Response(null, { status: 200 });
          } catch {
            return new Response(null, { status: 503 });
          }
        },
        (r) => r.status === 200,
      );
      expect(after.status).toBe(200);
    } finally {
      await proxy.up();
      await limiter.close();
      await deleteRedisKeys(prefix);
    }
  });

  it('the job system survives it: an append’s wake-up does not wait for Redis, and it lands after', async () => {
    const jobs = await openTestJobSystem({ redisUrl, label: 'outage' });
    try {
      await jobs.ping();
      await proxy.down();
      // Resolves (bounded wait) although the add cannot reach Redis.
      await jobs.notifyAppended(START, ['DriverFavorited']);
      await expect(jobs.ping()).rejects.toThrow();
      await proxy.up();
      const counts = await until(
        async () => {
          try {
            const c = await jobs.queue('projections').getJobCounts('waiting', 'prioritized');
            return new Response(null, {
              status: (c.waiting ?? 0) + (c.prioritized ?? 0) > 0 ? 200 : 503,
            });
          } catch {
            return new Response(null, { status: 503 });
          }
        },
        (r) => r.status === 200,
      );
      expect(counts.status).toBe(200);
      await jobs.ping();
    } finally {
      await proxy.up();
      await jobs.close();
    }
  });

  it('a sign-in while the rate limits are away answers 503 with the message; after, it signs in', async () => {
    const prefix = uniquePrefix('outage');
    const h = await startHarness({
      accounts: { limiter: createRedisRateLimiter(redisUrl, { prefix }) },
    });
    try {
      const { email } = await registerUser(await h.client());
      const client = await h.client();
      await proxy.down();
      const refused = await send(client, 'POST', '/auth/login', { email, password: PASSWORD });
      expect(refused.status).toBe(503);
      await proxy.up();
      const signIn = () => send(client, 'POST', '/auth/login', { email, password: PASSWORD });
      let res = await signIn();
      for (let i = 0; i < 40 && res.status !== 303; i++) {
        await new Promise((r) => setTimeout(r, 250));
        res = await signIn();
      }
      expect(res.status).toBe(303);
    } finally {
      await proxy.up();
      await h.close();
      await deleteRedisKeys(prefix);
    }
  });
});
