/**
 * The cost of one readiness evaluation (`GET /readyz` answers one per second at most): runs
 * `checkReadiness` with the web process's checks (database, migrations, projection versions,
 * projection lag at READY_MAX_LAG 1000; Redis only when REDIS_URL is set) and the version check
 * alone (`projectionVersionGaps`), each `--rounds` times in a row after 20 warm-ups, and prints
 * one JSON line: median and p95 wall time, and this process's CPU per call. Reads only.
 *
 *   npm run bench:readyz -- [--db pitwall_bench_data] [--rounds 300]
 *
 * Env: TEST_DATABASE_URL (server; default postgres://postgres@127.0.0.1:5432/test).
 */
import { parseArgs } from 'node:util';
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { checkReadiness } from '../src/http/health/health.ts';
import { projectionVersionGaps } from '../src/projections/core/versions.ts';
import { benchDatabaseUrl } from './support/scratch-database.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pitwall_bench_data' },
    rounds: { type: 'string', default: '300' },
  },
});
const rounds = Math.max(1, Number(values.rounds));
const rt = await openRuntime(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }), {
  role: 'bench',
  databaseUrl: benchDatabaseUrl(values.db),
  migrate: false,
  // Readiness reads no personal data: no key needed.
  verifyPiiKey: false,
});
const deps = {
  knex: rt.knex,
  eventStore: rt.eventStore,
  jobs: rt.jobs,
  projections: rt.projections,
  logger: rt.logger,
  maxLag: 1000,
};

async function time(work: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await work();
  const ms: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await work();
    ms.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  ms.sort((a, b) => a - b);
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    median_ms: round2(ms[Math.floor(rounds / 2)]!),
    p95_ms: round2(ms[Math.min(rounds - 1, Math.floor(rounds * 0.95))]!),
    cpu_ms_per_call: round2((used.user + used.system) / 1000 / rounds),
  };
}

const readiness = await checkReadiness(deps);
const all = await time(() => checkReadiness(deps));
const versions = await time(() => projectionVersionGaps(rt.knex, rt.projections));
await rt.close();
console.log(
  JSON.stringify({
    db: values.db,
    rounds,
    status: readiness.status,
    failed: Object.entries(readiness.checks)
      .filter(([, c]) => !c.ok)
      .map(([name]) => name),
    checkReadiness: all,
    projectionVersionGaps: versions,
  }),
);
