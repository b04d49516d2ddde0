/**
 * npm run bench:signup — the pool under a burst of sign-ups (docs/reliability.md, "Pool"):
 * the real app as `npm start` runs it in production (production-app.ts: its own processes,
 * NODE_ENV=production, workers on, pools of 10, BENCH_WEB_PROCESSES web processes) on a scratch
 * database; 20 registrations at once, each from its own source address (127.0.0.10–29, so
 * per-address rate limits do not hide anything), while an anonymous `GET /api/drivers` is sent
 * every 100 ms; then the 20 accounts sign in at once, the same way. Prints one JSON line:
 * statuses, slowest and p95 sign-up / sign-in, slowest API answer, the CPU time the app's
 * processes and its database backends spent per sign-up and per sign-in (load-independent:
 * what a request costs, not how long it waited for a core), and the load average.
 * Targets: no 5xx, every sign-up ≤ 2 s, every API answer during them ≤ 200 ms.
 */
import {
  clientFrom,
  percentile,
  postForm,
  startProductionScratchApp,
  timed,
  untilApiAnswers,
} from './support/production-app.ts';
import { TestClient } from '../src/http/test-support/client.ts';
import { cpus, loadavg } from 'node:os';

const COUNT = Number(process.env.BENCH_SIGNUPS ?? 20);
const PASSWORD = 'correct horse battery staple';

const app = await startProductionScratchApp();
const { dbName } = app;

const clientNo = (n: number) => clientFrom(app.url, `127.0.0.${n}`);

try {
  // The workers build the read models at start; wait until the API answers.
  await untilApiAnswers(app.url);
  const emails = Array.from({ length: COUNT }, (_, i) => `bench.${i}.${dbName}@example.com`);
  const signUpClients = await Promise.all(emails.map((_, i) => clientNo(10 + i)));

  const load0 = loadavg()[0]!;
  const cpu = () => ({ app: app.cpuMs(), db: app.dbCpuMs() });
  const perRequest = (from: { app: number; db: number }, n: number) => {
    const to = cpu();
    return { app: Math.round((to.app - from.app) / n), db: Math.round((to.db - from.db) / n) };
  };
  const api: number[] = [];
  let apiNon2xx = 0;
  let burst = true;
  const apiLoop = (async () => {
    const reader = new TestClient(app.url, { localAddress: '127.0.0.200' });
    while (burst) {
      const { value, ms } = await timed(() => reader.get('/api/drivers?per_page=25'));
      api.push(ms);
      if (value.status !== 200) apiNon2xx++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const cpuUp = cpu();
  const signUps = await Promise.all(
    signUpClients.map((c, i) =>
      timed(() =>
        postForm(c, '/auth/register', {
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
  const cpuPerSignUp = perRequest(cpuUp, COUNT);

  const signInClients = await Promise.all(emails.map((_, i) => clientNo(60 + i)));
  const cpuIn = cpu();
  const signIns = await Promise.all(
    signInClients.map((c, i) =>
      timed(() => postForm(c, '/auth/login', { email: emails[i], password: PASSWORD })),
    ),
  );

  const cpuPerSignIn = perRequest(cpuIn, COUNT);
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
      web_processes: app.webProcesses,
      signup: summary(signUps),
      signin: summary(signIns),
      api_during_signup: {
        n: api.length,
        non2xx: apiNon2xx,
        max_ms: Math.round(apiSorted.at(-1) ?? NaN),
        p95_ms: Math.round(percentile(apiSorted, 95)),
      },
      // CPU ms per request; the sign-ups' include the API reads sent meanwhile (one per 100 ms).
      cpu_ms_per_signup: cpuPerSignUp,
      cpu_ms_per_signin: cpuPerSignIn,
      loadavg_before: Number(load0.toFixed(1)),
      loadavg_after: Number(loadavg()[0]!.toFixed(1)),
      cores: cpus().length,
    }),
  );
} finally {
  await app.close();
}
