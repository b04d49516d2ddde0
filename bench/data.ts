/**
 * `npm run bench:data` — the racing data at the size of a real season, one run:
 *  1. a scratch database `pitwall_bench_data` on the local server (dropped and re-created);
 *  2. seeds the demo world (default 100,000 drivers, ≥ 1M result rows) through the real ingest
 *     path (`seedDemoData`) → ingest events/s;
 *  3. brings every racing projection up to date with the live runner → projection events/s;
 *  4. rebuilds every racing read model from the log, side by side as operators do
 *     (src/projections/core/rebuild-many.ts) → seconds;
 *  5. starts the app in its own process and measures every racing endpoint with autocannon at 50
 *     connections, round-robin over realistic paths (bench/data-requests.ts) → p50/p95.
 * Targets: rebuild ≤ 60 s; every endpoint p95 ≤ 50 ms; search p95 ≤ 20 ms; every endpoint's
 * req/s ≥ 0.6 × the cheapest endpoint's in the same run (`rps_ratio`).
 * Progress goes to stdout; the LAST line is one JSON object with the figures.
 *
 * Usage: npm run bench:data -- [--drivers N] [--duration S] [--connections C] [--reuse] [--drop]
 *                               [--db NAME] [--rebuild-only [--projection NAME]]
 *                               [--concurrency N] [--only ROUTE]...
 *   --reuse         measure the endpoints of the database a previous run left (skips steps 1–4)
 *   --rebuild-only  only step 4 on the database a previous run left (migrated first); the last
 *                   line is one JSON object with rebuild_all_seconds and the seconds per projection
 *   --projection    with --rebuild-only: rebuild only this projection (e.g. racing_results)
 *   --verify        with --rebuild-only: fingerprint every table of the rebuilt projections before
 *                   and after and fail when a rebuild changed any row (live state = replay)
 *   --concurrency   rebuilds side by side in step 4 (default: rebuildProjections' default, 2;
 *                   1 = one after the other)
 *   --seed-only     only steps 1–3 (a world to run --rebuild-only on), no rebuild, no endpoints
 *   --db            the scratch database (default pitwall_bench_data)
 *   --drop          drop the database at the end (default: keep it for EXPLAIN and --reuse)
 *   --only          measure only the endpoints whose route starts with this (`/api/seasons/`); a
 *                   route ending in `$` names one exactly (`--only '/api/drivers$'`); repeatable.
 *                   `rps_ratio` is then against the cheapest endpoint measured: include a cheap
 *                   one (`--only /api/seasons/{id}/race-wins`) to compare with the full run's
 * Env: TEST_DATABASE_URL (server; default postgres://postgres@127.0.0.1:5432/test);
 *      BENCH_WEB_PROCESSES: web processes the app serves the endpoints with (WEB_CONCURRENCY,
 *      src/app/web-cluster.ts; default 1), printed as `web_processes`.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import type { Knex } from '../src/db/knex.ts';
import type { EventStore } from '../src/eventstore/index.ts';
import { seedDemoData } from '../src/demo/racing-seed.ts';
import { rebuildProjection } from '../src/projections/core/rebuild.ts';
import {
  DEFAULT_REBUILD_CONCURRENCY,
  rebuildProjections,
} from '../src/projections/core/rebuild-many.ts';
import { createProjectionRunner, type RunnerDeps } from '../src/projections/core/runner.ts';
import type { Projection } from '../src/projections/core/types.ts';
import { racingProjections } from '../src/projections/racing/index.ts';
import { RESULTS_TABLE } from '../src/projections/subsessions/tables.ts';
import { buildLoads, type EndpointLoad } from './data-requests.ts';
import { connectionBackendsCpuMs, treeCpuMs } from './support/production-app.ts';
import { benchDatabaseUrl, dropDatabase, recreateDatabase } from './support/scratch-database.ts';

const { values: args } = parseArgs({
  options: {
    drivers: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    reuse: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
    db: { type: 'string', default: 'pitwall_bench_data' },
    'rebuild-only': { type: 'boolean', default: false },
    projection: { type: 'string' },
    verify: { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
    concurrency: { type: 'string' },
    only: { type: 'string', multiple: true },
  },
});
const DRIVERS = Number(args.drivers);
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const CONCURRENCY = Number(args.concurrency ?? DEFAULT_REBUILD_CONCURRENCY);
const DB_NAME = args.db;
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME))
  throw new Error(`--db: not a plain database name: ${DB_NAME}`);
const DB_URL = benchDatabaseUrl(DB_NAME);
const TARGETS = { rebuildSeconds: 60, p95Ms: 50, searchP95Ms: 20, rpsRatio: 0.6 };
const WEB_PROCESSES = process.env.BENCH_WEB_PROCESSES ?? '1';
const SEARCH_ROUTES = new Set(['/api/drivers/search', '/api/series/search']);

const say = (line: string): void => console.log(`[bench:data] ${line}`);
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

interface BuildFigures {
  events: number;
  resultRows: number;
  ingestEps: number;
  projectionEps: number;
  rebuildAllSeconds: number;
}

/** Steps 1–4: fresh database, seed, live projection, full rebuild. */
async function build(knex: Knex, store: EventStore): Promise<BuildFigures> {
  const deps: RunnerDeps = { knex, eventStore: store, logger };
  // First build on the empty log: tables and checkpoints, so step 3 is the live runner's path.
  for (const projection of racingProjections) await rebuildProjection(deps, projection);

  say(`seeding ${DRIVERS.toLocaleString('en')} drivers through the ingest pipeline …`);
  let lastPrint = 0;
  const seeded = await seedDemoData({
    deps: { knex, eventStore: store, logger },
    drivers: DRIVERS,
    onProgress: (p) => {
      if (p.phase !== 'done' && Date.now() - lastPrint < 10_000) return;
      lastPrint = Date.now();
      say(
        `  ${p.phase} ${p.done}/${p.total}: ${p.appended.toLocaleString('en')} events, ${p.resultRows.toLocaleString('en')} result rows, ${Math.round(p.eventsPerSecond)} ev/s, ${Math.round(p.elapsedMs / 1000)} s`,
      );
    },
  });
  const events = seeded.counts?.appended ?? 0;
  const resultRows = seeded.counts?.resultRows ?? 0;
  say(
    `seeded: ${events.toLocaleString('en')} events, ${resultRows.toLocaleString('en')} result rows in ${round(seeded.elapsedMs / 1000)} s (${Math.round(seeded.eventsPerSecond)} ev/s)`,
  );

  const runner = createProjectionRunner(deps);
  let applied = 0;
  const projectStart = Date.now();
  for (const projection of racingProjections) {
    const started = Date.now();
    const result = await runner.runUntilCaughtUp(projection);
    if (result.kind !== 'caught-up') throw new Error(`${projection.name}: ${result.kind}`);
    applied += result.eventsApplied;
    const seconds = (Date.now() - started) / 1000;
    say(
      `  projected ${projection.name}: ${result.eventsApplied.toLocaleString('en')} events in ${round(seconds)} s (${Math.round(result.eventsApplied / seconds)} ev/s)`,
    );
  }
  const projectSeconds = (Date.now() - projectStart) / 1000;
  say(`live projection: ${applied.toLocaleString('en')} events in ${round(projectSeconds)} s`);

  if (args['seed-only']) {
    return {
      events,
      resultRows,
      ingestEps: Math.round(seeded.eventsPerSecond),
      projectionEps: Math.round(applied / projectSeconds),
      rebuildAllSeconds: NaN,
    };
  }
  const { totalSeconds: rebuildAllSeconds } = await rebuildAll(deps, racingProjections);
  return {
    events,
    resultRows,
    ingestEps: Math.round(seeded.eventsPerSecond),
    projectionEps: Math.round(applied / projectSeconds),
    rebuildAllSeconds: round(rebuildAllSeconds),
  };
}

/**
 * Step 4: every given projection rebuilt from the log the way operators do it (`npm run
 * projections -- rebuild all`, the worker at start): rebuildProjections, side by side.
 */
async function rebuildAll(
  deps: RunnerDeps,
  projections: readonly Projection[],
): Promise<{ totalSeconds: number; seconds: Record<string, number> }> {
  const seconds: Record<string, number> = {};
  const rebuildStart = Date.now();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  /** When each projection's replay ended (its finish + swap began), seconds since its start. */
  const replayEnded: Record<string, number> = {};
  const started: Record<string, number> = {};
  const outcomes = await rebuildProjections(deps, projections, {
    concurrency: CONCURRENCY,
    onProgress: (p) => {
      if (p.phase === 'finish') replayEnded[p.projection] = Date.now();
    },
    onStart: (name) => {
      started[name] = Date.now();
      say(`  rebuilding ${name} (at ${round((Date.now() - rebuildStart) / 1000)} s)`);
    },
    onDone: (o) => {
      seconds[o.projection] = round(o.seconds);
      say(
        o.ok
          ? `  rebuilt ${o.projection}: ${o.result.kind === 'rebuilt' ? o.result.eventsApplied.toLocaleString('en') : o.result.kind} events in ${seconds[o.projection]} s (replay ${round(((replayEnded[o.projection] ?? NaN) - (started[o.projection] ?? NaN)) / 1000)} s; load ${load()})`
          : `  FAILED ${o.projection} after ${seconds[o.projection]} s: ${String(o.error)}`,
      );
    },
  });
  for (const o of outcomes) {
    if (!o.ok) throw o.error;
    if (o.result.kind !== 'rebuilt') throw new Error(`${o.projection}: ${o.result.kind}`);
  }
  const totalSeconds = (Date.now() - rebuildStart) / 1000;
  say(`rebuild of every racing read model (${CONCURRENCY} side by side): ${round(totalSeconds)} s`);
  return { totalSeconds, seconds };
}

/**
 * Row count and an order-independent hash of every row of each table (prev_irating left out: it
 * records the previous rewrite and depends on batch boundaries, see racing/rebuild.int.test.ts).
 */
async function fingerprints(
  knex: Knex,
  projections: readonly Projection[],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of projections.flatMap((p) => p.tables)) {
    const { rows } = await knex.raw<{ rows: { n: string; h: string }[] }>(
      `SELECT count(*) AS n, coalesce(sum(('x' || substr(md5((to_jsonb(x) - 'prev_irating')::text), 1, 15))::bit(60)::bigint), 0)::text AS h FROM ?? x`,
      [table],
    );
    out[table] = `${rows[0]?.n}:${rows[0]?.h}`;
  }
  return out;
}

/** --rebuild-only: step 4 on an existing seeded database; one JSON line with the figures. */
async function rebuildOnly(knex: Knex, store: EventStore): Promise<void> {
  const deps: RunnerDeps = { knex, eventStore: store, logger };
  const projections = args.projection
    ? racingProjections.filter((p) => p.name === args.projection)
    : racingProjections;
  if (projections.length === 0)
    throw new Error(`--projection: no racing projection ${args.projection}`);
  const before = args.verify ? await fingerprints(knex, projections) : null;
  const loadBefore = loadavg();
  const { totalSeconds, seconds } = await rebuildAll(deps, projections);
  const loadAfter = loadavg();
  if (before) {
    const after = await fingerprints(knex, projections);
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
    say(
      changed.length === 0
        ? 'verify: every table equals its state before the rebuild'
        : `verify: CHANGED ${changed.join(', ')}`,
    );
    if (changed.length > 0) process.exitCode = 1;
  }
  const resultRows = Number(
    (await knex(RESULTS_TABLE).count<{ n: string }[]>('* as n'))[0]?.n ?? 0,
  );
  console.log(
    JSON.stringify({
      db: DB_NAME,
      result_rows: resultRows,
      rebuild_all_seconds: round(totalSeconds),
      rebuild_seconds: seconds,
      concurrency: CONCURRENCY,
      load_avg_before: loadBefore.map((l) => round(l, 2)),
      load_avg_after: loadAfter.map((l) => round(l, 2)),
      targets_missed:
        !args.projection && totalSeconds > TARGETS.rebuildSeconds ? ['rebuild_all_seconds'] : [],
    }),
  );
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface EndpointFigures {
  p50_ms: number;
  p95_ms: number;
  rps: number;
  non2xx: number;
  /** CPU per answered request during the measured run: the app's process, its PostgreSQL backends. */
  node_cpu_ms: number;
  pg_cpu_ms: number;
}

/**
 * One endpoint: 2 s warm-up (JIT, pools, caches), then DURATION_S measured, paths round-robin.
 * The CPU the app's process and the database's backends spend per request over the measured run
 * (/proc) depends far less on other work on the machine than the latency does.
 */
async function measure(
  server: { url: string; pid: number },
  load: EndpointLoad,
  cookie: string,
): Promise<EndpointFigures> {
  const baseUrl = server.url;
  let i = 0;
  const requests = [
    {
      method: 'GET' as const,
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        path: load.paths[i++ % load.paths.length],
      }),
    },
  ];
  const headers = { Cookie: cookie, Accept: 'application/json' };
  await autocannon({ url: baseUrl, connections: CONNECTIONS, duration: 2, headers, requests });
  const latencies: number[] = [];
  const cpuBefore = {
    node: treeCpuMs(server.pid),
    pg: connectionBackendsCpuMs(server.pid, DB_NAME),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: baseUrl, connections: CONNECTIONS, duration: DURATION_S, headers, requests },
      (err: unknown, res) =>
        err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  const answered = Math.max(1, latencies.length);
  const nodeCpu = (treeCpuMs(server.pid) - cpuBefore.node) / answered;
  // The backends of the app's pool only (another process may work on the same database). A
  // connection the pool opened during the run counts whole; one closed during it is missed.
  const pgCpu = (connectionBackendsCpuMs(server.pid, DB_NAME) - cpuBefore.pg) / answered;
  latencies.sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(latencies, 50), 2),
    p95_ms: round(percentile(latencies, 95), 2),
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
    node_cpu_ms: round(nodeCpu, 3),
    pg_cpu_ms: round(pgCpu, 3),
  };
}

async function startServer(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/data-server.ts', DB_URL], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_WEB_PROCESSES: WEB_PROCESSES },
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Every path answers 200 before it is measured (a 4xx would measure the error path). */
async function checkPaths(baseUrl: string, loads: EndpointLoad[]): Promise<void> {
  for (const load of loads) {
    for (const path of load.paths.slice(0, 25)) {
      const res = await fetch(new URL(path, baseUrl));
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------

if (!args.reuse && !args['rebuild-only']) await recreateDatabase(DB_NAME);
// Migrated at open (a fresh database, or --rebuild-only on one a previous run left).
// The personal-data key the database was seeded with (PII_MASTER_KEY, else DATA_DIR's file), as
// bench/data-server.ts takes it: the database refuses any other (docs/accounts.md).
const env = { NODE_ENV: 'production', LOG_LEVEL: 'warn' };
const piiKey = { PII_MASTER_KEY: process.env.PII_MASTER_KEY, DATA_DIR: process.env.DATA_DIR };
const rt = await openRuntime(loadConfig({ ...env, ...piiKey }), {
  role: 'bench',
  databaseUrl: DB_URL,
  pools: { knex: 10, eventStore: 10 },
});
const { knex, eventStore: store, logger } = rt;
let figures: BuildFigures | null = null;
try {
  if (args['rebuild-only']) {
    await rebuildOnly(knex, store);
  } else await measureAll();
} finally {
  await rt.close();
  if (args.drop) await dropDatabase(DB_NAME);
}

/** Steps 1–5 (or 5 alone with --reuse). */
async function measureAll(): Promise<void> {
  if (!args.reuse) figures = await build(knex, store);
  if (args['seed-only']) {
    console.log(JSON.stringify({ db: DB_NAME, drivers: DRIVERS, ...figures }));
    return;
  }
  const resultRows =
    figures?.resultRows ??
    Number((await knex(RESULTS_TABLE).count<{ n: string }[]>('* as n'))[0]?.n ?? 0);
  const only = args.only ?? [];
  const matches = (route: string, wanted: string) =>
    wanted.endsWith('$') ? route === wanted.slice(0, -1) : route.startsWith(wanted);
  const loads = (await buildLoads(knex)).filter(
    (l) => only.length === 0 || only.some((wanted) => matches(l.route, wanted)),
  );
  const server = await startServer();
  say(`${WEB_PROCESSES} web process(es) at ${server.url}`);
  const endpoints: Record<string, EndpointFigures> = {};
  // The machine's 1-minute load average before each endpoint: figures taken on a busy shared
  // machine are not comparable with a quiet one.
  const loadSamples: number[] = [];
  try {
    await checkPaths(server.url, loads);
    // A returning browser: the session cookie the site gave it (as the pages' API calls carry).
    const first = await fetch(new URL('/api/series', server.url));
    await first.arrayBuffer();
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const load of loads) {
      loadSamples.push(loadavg()[0]!);
      const f = await measure(server, load, cookie);
      endpoints[`GET ${load.route}`] = f;
      const target = SEARCH_ROUTES.has(load.route) ? TARGETS.searchP95Ms : TARGETS.p95Ms;
      say(
        `${load.route.padEnd(48)} p50 ${String(f.p50_ms).padStart(6)} ms  p95 ${String(f.p95_ms).padStart(6)} ms  ${String(f.rps).padStart(5)} req/s  cpu ${f.node_cpu_ms}+${f.pg_cpu_ms} ms${f.non2xx ? `  NON-2XX ${f.non2xx}` : ''}${f.p95_ms > target ? `  MISSES p95 ≤ ${target} ms` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }
  // Throughput against the cheapest endpoint of the same run (the fastest): every endpoint
  // should reach ≥ 0.6 of it; a ratio compares across loads where req/s alone does not.
  const topRps = Math.max(...Object.values(endpoints).map((f) => f.rps));
  const ratioOf = (f: EndpointFigures) => round(f.rps / topRps, 2);
  const missed = Object.entries(endpoints)
    .filter(
      ([name, f]) =>
        f.p95_ms > (SEARCH_ROUTES.has(name.slice(4)) ? TARGETS.searchP95Ms : TARGETS.p95Ms),
    )
    .map(([name]) => name);
  console.log(
    JSON.stringify({
      drivers: figures ? DRIVERS : null,
      result_rows: resultRows,
      events: figures?.events ?? null,
      ingest_eps: figures?.ingestEps ?? null,
      projection_eps: figures?.projectionEps ?? null,
      rebuild_all_seconds: figures?.rebuildAllSeconds ?? null,
      connections: CONNECTIONS,
      web_processes: Number(WEB_PROCESSES),
      duration_s: DURATION_S,
      load_avg_1m: round(loadSamples.reduce((a, b) => a + b, 0) / Math.max(1, loadSamples.length)),
      endpoints: Object.fromEntries(
        Object.entries(endpoints).map(([name, f]) => [
          name,
          {
            p50_ms: f.p50_ms,
            p95_ms: f.p95_ms,
            rps: f.rps,
            rps_ratio: ratioOf(f),
            node_cpu_ms: f.node_cpu_ms,
            pg_cpu_ms: f.pg_cpu_ms,
          },
        ]),
      ),
      targets_missed: [
        ...(figures && figures.rebuildAllSeconds > TARGETS.rebuildSeconds
          ? ['rebuild_all_seconds']
          : []),
        ...missed,
        ...Object.entries(endpoints)
          .filter(([, f]) => ratioOf(f) < TARGETS.rpsRatio)
          .map(([name]) => `${name} (throughput < ${TARGETS.rpsRatio} × the cheapest)`),
        ...Object.entries(endpoints)
          .filter(([, f]) => f.non2xx > 0)
          .map(([name]) => `${name} (non-2xx answers)`),
      ],
    }),
  );
}
