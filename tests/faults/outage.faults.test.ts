import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpTo } from '../../src/app/catch-up.ts';
import { allProjections } from '../../src/projections/index.ts';
import { createAccounts, type Accounts } from '../../src/http/auth/accounts.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/http/auth/rate-limit.ts';
import { startWebServer, type RunningWebServer } from '../../src/http/server.ts';
import { TestClient } from '../../src/http/test-support/client.ts';
import { send, uniqueEmail, PASSWORD } from '../../src/http/accounts/test-support/harness.ts';
import {
  createTestDatabase,
  deleteRedisKeys,
  openTestRuntime,
  testConfig,
  testRedisUrl,
  testServerUrl,
  uniquePrefix,
  type TestDatabase,
  type TestRuntime,
} from '../support/runtime.ts';
import { hostPortOf, startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

/**
 * The site under outages of its dependencies, from a user's side: registrations (mutations)
 * and reads sent while PostgreSQL or Redis is away. PostgreSQL and Redis are reached through TCP
 * proxies the test cuts (connections dropped, new ones refused) and restores; the machine's
 * servers are never stopped. src/http/outage.int.test.ts holds the single-request checks (503
 * with Retry-After, recovery, the rate limiter and the job system).
 */
let db: TestDatabase;
let pg: TcpProxy;
let redis: TcpProxy;
let rt: TestRuntime;
let server: RunningWebServer;
let dataDir: string;
let accounts: Accounts;
const prefix = uniquePrefix('faults');

beforeAll(async () => {
  db = await createTestDatabase({ label: 'faults' });
  await catchUpTo(db.runtime, allProjections);
  pg = await startTcpProxy(hostPortOf(testServerUrl, 5432));
  redis = await startTcpProxy(hostPortOf(testRedisUrl, 6379));
  const url = pg.urlFor(db.url);
  const redisUrl = redis.urlFor(testRedisUrl);
  rt = await openTestRuntime({
    database: { name: db.name, url },
    pools: { knex: 5 },
    env: { REDIS_URL: redisUrl },
    // Workers in this process: the users projection catches up after each registration.
    workers: true,
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-faults-'));
  const config = testConfig({ DATA_DIR: dataDir, API_CACHE_SECONDS: '0', REDIS_URL: redisUrl });
  // Rate limits in Redis (through the proxy) under this test's own prefix, high enough for
  // every request of the test to come from 127.0.0.1.
  accounts = createAccounts(
    {
      ...rt,
      config,
    },
    {
      redisPrefix: prefix,
      rateLimits: Object.fromEntries(
        Object.entries(DEFAULT_RATE_LIMITS).map(([k, v]) => [k, { ...v, max: 10_000 }]),
      ),
    },
  );
  server = await startWebServer(
    {
      ...rt,
      config,
      accounts,
      databaseUrl: url,
      web: { mode: 'none', version: 'v1' },
    },
    { port: 0, host: '127.0.0.1' },
  );
}, 180_000);

afterAll(async () => {
  await pg?.up();
  await redis?.up();
  await server?.close(100);
  await accounts?.close();
  await rt?.close();
  await pg?.close();
  await redis?.close();
  await db?.drop();
  await deleteRedisKeys(prefix);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function client(): Promise<TestClient> {
  const c = new TestClient(server.url);
  await c.get('/auth/login');
  return c;
}

async function register(c: TestClient, email: string) {
  return send(c, 'POST', '/auth/register', {
    displayName: 'Outage Racer',
    email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
  });
}

async function canSignIn(email: string): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    const c = await client();
    const res = await send(c, 'POST', '/auth/login', { email, password: PASSWORD });
    if (res.status === 303 && res.headers.get('location') !== '/auth/login') {
      const page = (await c.visit('/')).page();
      if ((page.props.auth as { user: unknown }).user) return true;
    }
    await new Promise((r) => setTimeout(r, 250)); // the users projection may still catch up
  }
  return false;
}

describe('fault: PostgreSQL goes away while users register', () => {
  it('every registration is accepted or refused with a 503, and no accepted one is lost', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => client()));
    const outcomes: { email: string; status: number }[] = [];
    for (const [i, c] of clients.entries()) {
      if (i === 2) await pg.down();
      if (i === 4) await pg.up();
      const email = uniqueEmail('outage');
      const res = await register(c, email);
      outcomes.push({ email, status: res.status });
    }
    for (const o of outcomes) expect([303, 503]).toContain(o.status);
    expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThan(0);
    for (const o of outcomes.filter((x) => x.status === 303))
      expect(await canSignIn(o.email), o.email).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 180_000);
});

describe('fault: Redis goes away while the site serves', () => {
  it('reads keep working, mutations succeed or fail with a clear 503, the process stays up', async () => {
    const c = await client();
    await redis.down();
    try {
      for (const path of ['/api/drivers', '/api/series']) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status, path).toBe(200);
      }
      const page = await c.visit('/drivers');
      expect(page.status).toBe(200);
      const email = uniqueEmail('redis.away');
      const res = await register(c, email);
      expect([303, 503]).toContain(res.status);
      // Refused: the error page, with its 503 (the page says the site is briefly unavailable).
      if (res.status === 503) expect(res.page().component).toBe('Public/ServerError');
    } finally {
      await redis.up();
    }
    const email = uniqueEmail('redis.back');
    let res = await register(await client(), email);
    for (let i = 0; i < 40 && res.status !== 303; i++) {
      await new Promise((r) => setTimeout(r, 250));
      res = await register(await client(), uniqueEmail('redis.back'));
    }
    expect(res.status).toBe(303);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 180_000);
});
