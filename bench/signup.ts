/**
 * npm run bench:signup — the pool under a burst of sign-ups (docs/reliability.md, "Pool"):
 * the real app as `npm start` runs it in production (NODE_ENV=production, workers on, knex pool
 * of 10) on a scratch database; 20 registrations at once, each from its own source address
 * (127.0.0.10–29, so per-address rate limits do not hide anything), while an anonymous
 * `GET /api/drivers` is sent every 100 ms; then the 20 accounts sign in at once, the same way.
 * Prints one JSON line: statuses, slowest and p95 sign-up / sign-in, slowest API answer.
 * Targets: no 5xx, every sign-up ≤ 2 s, every API answer during them ≤ 200 ms.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { startWebServer } from '../src/http/server.ts';
import { TestClient } from '../src/http/test-support/client.ts';
import { dropDatabase, recreateDatabase } from './support/scratch-database.ts';

const COUNT = Number(process.env.BENCH_SIGNUPS ?? 20);
const PASSWORD = 'correct horse battery staple';

const dbName = `pitwall_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = await recreateDatabase(dbName);
const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-bench-'));
const config = loadConfig({
  // Benchmarks measure the server, not the API's per-client limit (set it to measure it too).
  API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '0',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  APP_URL: 'http://127.0.0.1',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  PII_MASTER_KEY: randomBytes(32).toString('hex'),
});
const rt = await openRuntime(config, { role: 'bench', databaseUrl: dbUrl, workers: true });
const server = await startWebServer(
  // No bundle needed: the sign-ups are Inertia visits (JSON) and the API answers JSON.
  { ...rt, databaseUrl: dbUrl, web: { mode: 'none', version: 'v1' } },
  { port: 0, host: '127.0.0.1' },
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

async function clientFrom(n: number): Promise<TestClient> {
  const c = new TestClient(server.url, { localAddress: `127.0.0.${n}` });
  await c.get('/auth/login');
  return c;
}

function post(c: TestClient, path: string, body: unknown) {
  return c.request(path, { method: 'POST', body, csrf: true, inertia: true });
}

try {
  // The workers build the read models at start; wait until the API answers.
  for (let i = 0; ; i++) {
    if ((await fetch(`${server.url}/api/drivers`)).status === 200) break;
    if (i > 300) throw new Error('the API never answered 200');
    await new Promise((r) => setTimeout(r, 100));
  }
  const emails = Array.from({ length: COUNT }, (_, i) => `bench.${i}.${dbName}@example.com`);
  const signUpClients = await Promise.all(emails.map((_, i) => clientFrom(10 + i)));

  const api: number[] = [];
  let apiNon2xx = 0;
  let burst = true;
  const apiLoop = (async () => {
    const reader = new TestClient(server.url, { localAddress: '127.0.0.200' });
    while (burst) {
      const { value, ms } = await timed(() => reader.get('/api/drivers?per_page=25'));
      api.push(ms);
      if (value.status !== 200) apiNon2xx++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const signUps = await Promise.all(
    signUpClients.map((c, i) =>
      timed(() =>
        post(c, '/auth/register', {
          displayName: `Bench Racer ${i + 1}`,
          email: emails[i],
          password: PASSWORD,
          passwordConfirmation: PASSWORD,
        }),
      ),
    ),
  );
  burst = false;
  await apiLoop;

  const signInClients = await Promise.all(emails.map((_, i) => clientFrom(60 + i)));
  const signIns = await Promise.all(
    signInClients.map((c, i) =>
      timed(() => post(c, '/auth/login', { email: emails[i], password: PASSWORD })),
    ),
  );

  const summary = (runs: { value: { status: number; headers: Headers }; ms: number }[]) => {
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    return {
      n: runs.length,
      ok: runs.filter((r) => r.value.status === 303 && r.value.headers.get('location') === '/')
        .length,
      status5xx: runs.filter((r) => r.value.status >= 500).length,
      max_ms: Math.round(ms.at(-1) ?? NaN),
      p95_ms: Math.round(percentile(ms, 95)),
    };
  };
  const apiSorted = [...api].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: 'signup',
      pool: 10,
      signup: summary(signUps),
      signin: summary(signIns),
      api_during_signup: {
        n: api.length,
        non2xx: apiNon2xx,
        max_ms: Math.round(apiSorted.at(-1) ?? NaN),
        p95_ms: Math.round(percentile(apiSorted, 95)),
      },
    }),
  );
} finally {
  await server.close(100);
  await rt.close();
  await dropDatabase(dbName);
  await rm(dataDir, { recursive: true, force: true });
}
