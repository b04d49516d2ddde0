/**
 * `npm run bench:pages` — the racing pages at the size of bench:data's world, answer cache and
 * SSR cache off (every request runs its queries and renders React):
 *  1. builds the client and SSR bundles (production) and weighs the chunks: the entry chunk with
 *     its static imports, and per page the chunks it adds to the entry, gzipped;
 *  2. picks one URL of every racing page from the data (the busiest driver, series, session and
 *     subsession: the heaviest of their kind);
 *  3. starts the app in its own process (bench/pages-server.ts) and, for each page, runs
 *     autocannon at 10 connections on its Inertia JSON visit (X-Inertia headers, as the client
 *     router asks) and on its server-rendered HTML (gzipped, as a browser asks), after a warm-up;
 *  4. then sends 50 requests of each kind one at a time and reads the CPU time the server process
 *     and its PostgreSQL backends spent per request (/proc/<pid>/stat): `*_cpu_ms` and
 *     `*_pg_cpu_ms`, figures that do not depend on the load from other work the way p95 does;
 *     `json_kb` is the page object's size (the Inertia JSON visit's body before compression).
 * Targets: every Inertia JSON p95 ≤ 50 ms, every SSR HTML p95 ≤ 80 ms; entry ≤ 150 KB gzip, a
 * page's extra chunks ≤ 200 KB gzip. Progress goes to stdout; the LAST line is one JSON object.
 *
 * Usage: npm run bench:pages -- [--db NAME] [--duration S] [--connections C] [--only PATH]...
 *   --db           the database bench:data seeded (default pitwall_bench_data; it is migrated)
 *   --duration     seconds measured per page and kind (default 5, after 1 s of warm-up)
 *   --only         measure only the pages whose path starts with this (e.g. /drivers); a path
 *                  ending in `$` names one page exactly (`--only '/$'`: the home page alone);
 *                  repeatable (a page is measured when any of them matches)
 * Env: TEST_DATABASE_URL / BENCH_DATABASE_URL (server); API_CACHE_SECONDS and SSR_CACHE_MB
 * default to 0 here (set them to measure with the caches); BENCH_WEB_PROCESSES web processes
 * (default: one per core of this machine, as production runs WEB_CONCURRENCY), printed as
 * `web_processes`.
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildWebBundle } from '../tests/e2e/support/build.ts';
import { backendsCpuMsSince, backendsCpuTicks, treeCpuMs } from './support/production-app.ts';
import { benchDatabaseUrl } from './support/scratch-database.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pitwall_bench_data' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string', multiple: true },
  },
});
const DB_URL = benchDatabaseUrl(args.db);
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const TARGETS = { jsonP95Ms: 50, ssrP95Ms: 80, entryKbGz: 150, pageKbGz: 200 };
const API_CACHE_SECONDS = process.env.API_CACHE_SECONDS ?? '0';
const SSR_CACHE_MB = process.env.SSR_CACHE_MB ?? '0';
/** Production serves one web process per core (WEB_CONCURRENCY, src/app/web-cluster.ts). */
const WEB_PROCESSES = process.env.BENCH_WEB_PROCESSES ?? String(availableParallelism());

const say = (line: string): void => console.log(`[bench:pages] ${line}`);
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const load1 = () => round(loadavg()[0]!, 2);

// ---------------------------------------------------------------------------------------------
// 1. The chunks of the production build.

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk of `key` and every chunk it imports statically (what loads before it runs). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

interface ChunkWeights {
  entryKbGz: number;
  /** Per page component (e.g. `Drivers/Show`): KB gzip its chunks add to the entry's. */
  pageKbGz: Map<string, number>;
}

async function weighChunks(clientDir: string): Promise<ChunkWeights> {
  const manifest = JSON.parse(
    await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const gz = new Map<string, number>();
  const kbOf = async (keys: Iterable<string>): Promise<number> => {
    let bytes = 0;
    for (const key of keys) {
      if (!gz.has(key)) {
        const file = await readFile(path.join(clientDir, manifest[key]!.file));
        gz.set(key, gzipSync(file).length);
      }
      bytes += gz.get(key)!;
    }
    return round(bytes / 1024);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the client manifest names no entry chunk');
  const entry = staticClosure(manifest, entryKey);
  const pageKbGz = new Map<string, number>();
  for (const key of Object.keys(manifest)) {
    const page = /^web\/pages\/(.+)\.tsx$/.exec(key)?.[1];
    if (!page) continue;
    const extra = [...staticClosure(manifest, key)].filter((k) => !entry.has(k));
    pageKbGz.set(page, await kbOf(extra));
  }
  return { entryKbGz: await kbOf(entry), pageKbGz };
}

// ---------------------------------------------------------------------------------------------
// 2. One URL of every racing page.

async function pickPaths(): Promise<string[]> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    const one = async <T>(sql: string): Promise<T> => {
      const { rows } = await db.query<{ v: T }>(sql);
      if (rows.length === 0 || rows[0]!.v === null)
        throw new Error(`the bench database holds no racing data (no row for: ${sql})`);
      return rows[0]!.v;
    };
    // The drivers with the most races: the heaviest profiles and comparisons.
    const busiest = (
      await db.query<{ cust_id: number; display_name: string }>(
        `SELECT cust_id, min(display_name) AS display_name FROM racing_results WHERE is_primary
          GROUP BY cust_id ORDER BY count(*) DESC, cust_id LIMIT 4`,
      )
    ).rows;
    if (busiest.length < 2) throw new Error('the bench database holds no racing data');
    const [driver, ...others] = busiest;
    // The series of the busiest season (its default season is what a visitor sees first).
    const seriesId = await one<number>(
      `SELECT series_id AS v FROM racing_subsessions GROUP BY series_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const sessionId = await one<number>(
      `SELECT session_id AS v FROM racing_sessions ORDER BY num_drivers DESC, session_id LIMIT 1`,
    );
    const subsessionId = await one<number>(
      `SELECT subsession_id AS v FROM racing_results WHERE is_primary
        GROUP BY subsession_id ORDER BY count(*) DESC, subsession_id LIMIT 1`,
    );
    // The busiest driver's profile as of the day of his middle race (docs/as-of.md): ratings,
    // career, charts and races cut there.
    const asOfDay = await one<string>(
      `SELECT to_char(percentile_disc(0.5) WITHIN GROUP (ORDER BY start_time) AT TIME ZONE 'UTC',
                      'YYYY-MM-DD') AS v
         FROM racing_results WHERE is_primary AND cust_id = ${Number(driver!.cust_id)}`,
    );
    // A past day for the leaderboards as of a date: ten days before the series' last race, so
    // the season's leaderboards read complete weeks and a cut week (docs/as-of.md).
    const pastDay = await one<string>(
      `SELECT to_char((max(start_time) - interval '10 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS v
         FROM racing_subsessions WHERE series_id = ${Number(seriesId)}`,
    );
    // What people type: the first three letters of a common last name.
    const lastName = driver!.display_name.split(/\s+/).at(-1) ?? driver!.display_name;
    const series = `/series/${seriesId}`;
    return [
      '/',
      '/drivers',
      `/drivers/${driver!.cust_id}`,
      `/drivers/${driver!.cust_id}?asOf=${asOfDay}`,
      `/drivers/${driver!.cust_id}/compare?ids=${others.map((d) => d.cust_id).join(',')}`,
      `/search?q=${encodeURIComponent(lastName.slice(0, 3).toLowerCase())}`,
      '/series',
      series,
      `${series}/pace`,
      `${series}/schedule`,
      `${series}/stats`,
      `${series}/setups`,
      `${series}/participation`,
      `${series}/sof`,
      `${series}/recent-races`,
      `${series}/lap-times`,
      `/sessions/${sessionId}`,
      `/subsessions/${subsessionId}`,
      '/world-records',
      '/stats/irating',
      `/?asOf=${pastDay}`,
      `/drivers?asOf=${pastDay}`,
      `${series}/stats?asOf=${pastDay}`,
    ];
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. The measurements.

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Figures {
  p50_ms: number;
  p95_ms: number;
  rps: number;
  non2xx: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S, headers },
      (err: unknown, res) =>
        err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(latencies, 50), 2),
    p95_ms: round(percentile(latencies, 95), 2),
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
  };
}

/** Requests sent one after another per page and kind to read their CPU time. */
const CPU_REQUESTS = 50;

/**
 * CPU time per request, without contention from the other connections: `CPU_REQUESTS` requests
 * one at a time, the server's and its PostgreSQL backends' CPU read before and after. What a
 * page costs here does not depend on how busy the machine is (its latency does).
 */
async function cpuPerRequest(
  serverPid: number,
  url: string,
  headers: Record<string, string>,
): Promise<{ node_ms: number; pg_ms: number | null }> {
  const [node, db] = [treeCpuMs(serverPid), backendsCpuTicks(args.db)];
  for (let i = 0; i < CPU_REQUESTS; i++) {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
  }
  const pgMs = backendsCpuMsSince(db, args.db);
  return {
    node_ms: round((treeCpuMs(serverPid) - node) / CPU_REQUESTS, 2),
    // null (printed as —) when one of the database's backends ended during the requests
    pg_ms: pgMs === null ? null : round(pgMs / CPU_REQUESTS, 2),
  };
}

async function startServer(buildDir: string): Promise<{
  url: string;
  version: string;
  pid: number;
  stop(): Promise<void>;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/pages-server.ts', DB_URL, buildDir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        API_CACHE_SECONDS,
        SSR_CACHE_MB,
        BENCH_WEB_PROCESSES: WEB_PROCESSES,
      },
    },
  );
  const ready = await new Promise<{ url: string; version: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    let ready = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      // The first JSON line is the address; the server's error log lines follow (a request
      // autocannon aborts at the end of a run logs a warning, not shown).
      if (ready) {
        if (!/"level":[1-4]\d,/.test(line)) console.error(`[server] ${line}`);
        return;
      }
      if (!line.startsWith('{')) return;
      ready = true;
      resolve(JSON.parse(line) as { url: string; version: string });
    });
  });
  return {
    ...ready,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// ---------------------------------------------------------------------------------------------

say('building the client and SSR bundles …');
const buildDir = await buildWebBundle();
try {
  const weights = await weighChunks(path.join(buildDir, 'client'));
  say(`entry chunk ${weights.entryKbGz} KB gzip`);
  const only = args.only ?? [];
  const matches = (page: string, wanted: string) =>
    wanted.endsWith('$') ? page === wanted.slice(0, -1) : page.startsWith(wanted);
  const paths = (await pickPaths()).filter(
    (p) => only.length === 0 || only.some((wanted) => matches(p, wanted)),
  );
  const server = await startServer(buildDir);
  say(`${WEB_PROCESSES} web process(es) at ${server.url}`);
  const pages: Record<string, unknown>[] = [];
  const loads: number[] = [];
  try {
    // A returning reader: the cookies the first visit set (readers have no session).
    const first = await fetch(new URL('/', server.url));
    await first.arrayBuffer();
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const inertia = {
      Cookie: cookie,
      'X-Inertia': 'true',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Inertia-Version': server.version,
      Accept: 'text/html, application/xhtml+xml',
      'Accept-Encoding': 'gzip',
    };
    const html = { Cookie: cookie, Accept: 'text/html', 'Accept-Encoding': 'gzip' };
    for (const p of paths) {
      const url = new URL(p, server.url).toString();
      // Every page answers 200 with its own component before it is measured.
      const res = await fetch(url, { headers: inertia });
      const text = await res.text();
      const body = JSON.parse(text) as { component?: string };
      // The page object's size as sent before compression (what serialising it costs).
      const jsonKb = round(Buffer.byteLength(text) / 1024);
      const component = body.component ?? '?';
      if (res.status !== 200 || ['Public/NotFound', 'Public/ComingSoon'].includes(component))
        throw new Error(`GET ${p} answered ${res.status} ${component}`);
      const page = await fetch(url, { headers: html });
      await page.arrayBuffer();
      if (page.status !== 200) throw new Error(`GET ${p} (HTML) answered ${page.status}`);

      const load = load1();
      loads.push(load);
      const json = await measure(url, inertia);
      const ssr = await measure(url, html);
      const jsonCpu = await cpuPerRequest(server.pid, url, inertia);
      const ssrCpu = await cpuPerRequest(server.pid, url, html);
      const kb = weights.pageKbGz.get(component) ?? null;
      const missed = json.p95_ms > TARGETS.jsonP95Ms || ssr.p95_ms > TARGETS.ssrP95Ms;
      say(
        `${p.padEnd(44)} json p95 ${String(json.p95_ms).padStart(6)} ms ${String(json.rps).padStart(5)} req/s  ssr p95 ${String(ssr.p95_ms).padStart(6)} ms ${String(ssr.rps).padStart(5)} req/s  cpu json ${jsonCpu.node_ms}+${jsonCpu.pg_ms ?? '—'} ssr ${ssrCpu.node_ms}+${ssrCpu.pg_ms ?? '—'} ms  page ${jsonKb} KB  ${component} +${kb} KB  load ${load}${json.non2xx + ssr.non2xx ? '  NON-2XX' : ''}${missed ? '  MISSES' : ''}`,
      );
      pages.push({
        path: p,
        component,
        json_p95_ms: json.p95_ms,
        ssr_p95_ms: ssr.p95_ms,
        json_p50_ms: json.p50_ms,
        ssr_p50_ms: ssr.p50_ms,
        json_rps: json.rps,
        ssr_rps: ssr.rps,
        json_cpu_ms: jsonCpu.node_ms,
        json_pg_cpu_ms: jsonCpu.pg_ms,
        ssr_cpu_ms: ssrCpu.node_ms,
        ssr_pg_cpu_ms: ssrCpu.pg_ms,
        json_kb: jsonKb,
        page_kb_gz: kb,
        load_1m: load,
        ...(json.non2xx + ssr.non2xx > 0 ? { non2xx: json.non2xx + ssr.non2xx } : {}),
      });
    }
  } finally {
    await server.stop();
  }
  const drivers = await countDrivers();
  const largestPageKbGz = Math.max(...weights.pageKbGz.values());
  const missed = [
    ...pages
      .filter((p) => (p.json_p95_ms as number) > TARGETS.jsonP95Ms)
      .map((p) => `${String(p.path)} json`),
    ...pages
      .filter((p) => (p.ssr_p95_ms as number) > TARGETS.ssrP95Ms)
      .map((p) => `${String(p.path)} ssr`),
    ...pages.filter((p) => p.non2xx).map((p) => `${String(p.path)} (non-2xx answers)`),
    ...(weights.entryKbGz > TARGETS.entryKbGz ? ['entry_kb_gz'] : []),
    ...(largestPageKbGz > TARGETS.pageKbGz ? ['largest_page_kb_gz'] : []),
  ];
  console.log(
    JSON.stringify({
      cache: API_CACHE_SECONDS === '0' && SSR_CACHE_MB === '0' ? 'off' : 'on',
      drivers,
      web_processes: Number(WEB_PROCESSES),
      connections: CONNECTIONS,
      duration_s: DURATION_S,
      load_avg_1m: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length), 2),
      pages,
      entry_kb_gz: weights.entryKbGz,
      largest_page_kb_gz: largestPageKbGz,
      targets_missed: missed,
    }),
  );
} finally {
  await rm(buildDir, { recursive: true, force: true });
}

async function countDrivers(): Promise<number> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM racing_drivers');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await db.end();
  }
}
