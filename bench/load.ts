/**
 * npm run bench:load — the site under load (docs/reliability.md, "Load"): the app as
 * bench:signup runs it (NODE_ENV=production, workers on, pools of 10) on a scratch database.
 * For BENCH_LOAD_SECONDS (default 60) BENCH_LOAD_CONNECTIONS (default 200) autocannon
 * connections visit public pages (Inertia visits) and the public API in turn, while
 * BENCH_LOAD_SIGNUPS (default 50) registrations start at once, each from its own source address
 * (127.0.0.10…, as bench:signup), and those accounts then sign in at once. Prints ONE JSON line:
 * requests, 5xx, p95 and max of the visitors, of the sign-ups and of the sign-ins, and the
 * load average. Targets: zero 5xx, no request over 2 s.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { startWebServer } from '../src/http/server.ts';
import { TestClient } from '../src/http/test-support/client.ts';
import { dropDatabase, recreateDatabase } from './support/scratch-database.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const SIGNUPS = Number(process.env.BENCH_LOAD_SIGNUPS ?? 50);
const PASSWORD = 'correct horse battery staple';

const dbName = `pitwall_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = await recreateDatabase(dbName);
const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-bench-'));
const config = loadConfig({
  // The run measures the server, not the API's per-client limit (set API_RATE_LIMIT to include it).
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
  // No bundle: pages are measured as Inertia visits (JSON props, the work a page costs the server).
  { ...rt, databaseUrl: dbUrl, web: { mode: 'none', version: 'v1' } },
  { port: 0, host: '127.0.0.1' },
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p95_ms: Math.round(percentile(s, 95)), max_ms: Math.round(s.at(-1) ?? NaN) };
};

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

async function clientFrom(n: number): Promise<TestClient> {
  const c = new TestClient(server.url, {
    localAddress: `127.0.${Math.floor(n / 250)}.${10 + (n % 250)}`,
  });
  await c.get('/auth/login');
  return c;
}

function post(c: TestClient, path: string, body: unknown) {
  return c.request(path, { method: 'POST', body, csrf: true, inertia: true });
}

const inertia = { 'X-Inertia': 'true', 'X-Inertia-Version': 'v1' };
const visits = [
  { path: '/', headers: inertia },
  { path: '/drivers', headers: inertia },
  { path: '/series', headers: inertia },
  { path: '/api/drivers' },
  { path: '/api/series' },
  { path: '/api/articles' },
];

try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${server.url}/api/drivers`)).status === 200) break;
    if (i > 300) throw new Error('the API never answered 200');
    await new Promise((r) => setTimeout(r, 100));
  }
  const load0 = loadavg()[0]!;
  const visitorMs: number[] = [];
  let visitor5xx = 0;
  let finish!: (r: autocannon.Result) => void;
  let fail!: (e: unknown) => void;
  const visitors = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const cannon = autocannon(
    {
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: visits.map((v) => ({
        method: 'GET' as const,
        path: v.path,
        headers: v.headers ?? {},
      })),
      timeout: 30,
    },
    (err, result) => (err ? fail(err) : finish(result)),
  );
  cannon.on('response', (_client, status, _bytes, ms) => {
    visitorMs.push(ms);
    if (status >= 500) visitor5xx++;
  });

  // Accounts meanwhile: the sign-ups at once, then their sign-ins at once.
  await new Promise((r) => setTimeout(r, 2000));
  const emails = Array.from({ length: SIGNUPS }, (_, i) => `load.${i}.${dbName}@example.com`);
  const upClients = await Promise.all(emails.map((_, i) => clientFrom(i)));
  const ups = await Promise.all(
    upClients.map((c, i) =>
      timed(() =>
        post(c, '/auth/register', {
          displayName: `Load Racer ${i + 1}`,
          email: emails[i],
          password: PASSWORD,
          passwordConfirmation: PASSWORD,
        }),
      ),
    ),
  );
  const inClients = await Promise.all(emails.map((_, i) => clientFrom(SIGNUPS + i)));
  const ins = await Promise.all(
    inClients.map((c, i) =>
      timed(() => post(c, '/auth/login', { email: emails[i], password: PASSWORD })),
    ),
  );
  const result = await visitors;
  const accounts = (runs: { value: { status: number; headers: Headers }; ms: number }[]) => ({
    n: runs.length,
    ok: runs.filter((r) => r.value.status === 303 && r.value.headers.get('location') === '/')
      .length,
    status5xx: runs.filter((r) => r.value.status >= 500).length,
    ...stats(runs.map((r) => r.ms)),
  });
  console.log(
    JSON.stringify({
      bench: 'load',
      seconds: SECONDS,
      connections: CONNECTIONS,
      visitors: {
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        status5xx: visitor5xx,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        ...stats(visitorMs),
      },
      signup: accounts(ups),
      signin: accounts(ins),
      loadavg_before: Number(load0.toFixed(1)),
      loadavg_after: Number(loadavg()[0]!.toFixed(1)),
      cores: (await import('node:os')).cpus().length,
    }),
  );
} finally {
  await server.close(100);
  await rt.close();
  await dropDatabase(dbName);
  await rm(dataDir, { recursive: true, force: true });
}
