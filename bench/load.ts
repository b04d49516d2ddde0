/**
 * npm run bench:load — the site under load (docs/reliability.md, "Load"): the app as
 * bench:signup runs it (production-app.ts: `npm start` in production in processes of its own,
 * workers on, pools of 10, BENCH_WEB_PROCESSES web processes) on a scratch database.
 * First a short visitors-only phase (BENCH_LOAD_WARMUP_SECONDS, default 10) measures the CPU
 * time one visit costs. Then for BENCH_LOAD_SECONDS (default 60) BENCH_LOAD_CONNECTIONS
 * (default 200) autocannon connections visit public pages (full HTML, rendered on the server)
 * and the public API in turn, while BENCH_LOAD_SIGNUPS (default 50) registrations start at once,
 * each from its own source address (127.0.0.10…, as bench:signup), and those accounts then sign
 * in at once. Prints ONE JSON line: requests, 5xx, p95 and max of the visitors, of the sign-ups
 * and of the sign-ins, CPU ms per visit (app processes and database backends), the loaded
 * phase's CPU, what admission control did meanwhile (reads queued and shed, their wait; from
 * each web process's /healthz; ADMISSION_* variables pass through to the app), and
 * the load average. Targets: zero 5xx, no request over 2 s.
 */
import {
  admissionTotals,
  clientFrom,
  percentile,
  postForm,
  startProductionScratchApp,
  timed,
  untilApiAnswers,
} from './support/production-app.ts';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const SIGNUPS = Number(process.env.BENCH_LOAD_SIGNUPS ?? 50);
const WARMUP = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 10);
const PASSWORD = 'correct horse battery staple';

const app = await startProductionScratchApp();
const { dbName } = app;

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p95_ms: Math.round(percentile(s, 95)), max_ms: Math.round(s.at(-1) ?? NaN) };
};

const clientNo = (n: number) =>
  clientFrom(app.url, `127.0.${Math.floor(n / 250)}.${10 + (n % 250)}`);

const visits = ['/', '/drivers', '/series', '/api/drivers', '/api/series', '/api/articles'];
const requests = visits.map((path) => ({ method: 'GET' as const, path }));

/** A visitors-only run: requests, and the CPU ms the app and its database spent per request. */
async function visitorsOnly(seconds: number) {
  const app0 = app.cpuMs();
  const db0 = app.dbCpuMs();
  const result = await autocannon({
    url: app.url,
    connections: Math.min(CONNECTIONS, 50),
    duration: seconds,
    requests,
    timeout: 30,
  });
  const n = Math.max(1, result.requests.total);
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    cpu_ms_per_visit: {
      app: Number(((app.cpuMs() - app0) / n).toFixed(2)),
      db: Number(((app.dbCpuMs() - db0) / n).toFixed(2)),
    },
  };
}

/**
 * What admission control did during the loaded phase: reads run and waiting, how long they
 * waited (the longest: since the app started), how many were refused (shed: the queue was
 * full) and how many ran beside account work because they had waited ADMISSION_PRIORITY_MS.
 */
function admissionDelta(
  before: Awaited<ReturnType<typeof admissionTotals>>,
  after: Awaited<ReturnType<typeof admissionTotals>>,
) {
  if (!before || !after) return null;
  const delta = (key: 'reads' | 'accounts' | 'queued' | 'shed' | 'overdue' | 'abandoned') =>
    after[key] - before[key];
  const queued = delta('queued');
  return {
    processes: after.processes,
    reads_limit: after.limit,
    reads: delta('reads'),
    accounts: delta('accounts'),
    queued,
    shed: delta('shed'),
    overdue: delta('overdue'),
    abandoned: delta('abandoned'),
    avg_wait_ms: queued > 0 ? Math.round((after.waitMs - before.waitMs) / queued) : 0,
    max_wait_ms: after.maxWaitMs,
  };
}

try {
  await untilApiAnswers(app.url);
  const warmup = await visitorsOnly(WARMUP);
  const admission0 = await admissionTotals(app.url, app.webProcesses);
  const load0 = loadavg()[0]!;
  const app0 = app.cpuMs();
  const db0 = app.dbCpuMs();
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
      url: app.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests,
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
  const upClients = await Promise.all(emails.map((_, i) => clientNo(i)));
  const ups = await Promise.all(
    upClients.map((c, i) =>
      timed(() =>
        postForm(c, '/auth/register', {
          displayName: `Load Racer ${i + 1}`,
          email: emails[i],
          password: PASSWORD,
          passwordConfirmation: PASSWORD,
        }),
      ),
    ),
  );
  const inClients = await Promise.all(emails.map((_, i) => clientNo(SIGNUPS + i)));
  const ins = await Promise.all(
    inClients.map((c, i) =>
      timed(() => postForm(c, '/auth/login', { email: emails[i], password: PASSWORD })),
    ),
  );
  const result = await visitors;
  const appMs = app.cpuMs() - app0;
  const dbMs = app.dbCpuMs() - db0;
  const admission1 = await admissionTotals(app.url, app.webProcesses);
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
      web_processes: app.webProcesses,
      visitors_only: warmup,
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
      // The loaded phase's CPU: visitors, sign-ups and sign-ins together.
      cpu_ms: { app: appMs, db: dbMs },
      admission: admissionDelta(admission0, admission1),
      loadavg_before: Number(load0.toFixed(1)),
      loadavg_after: Number(loadavg()[0]!.toFixed(1)),
      cores: (await import('node:os')).cpus().length,
    }),
  );
} finally {
  await app.close();
}
