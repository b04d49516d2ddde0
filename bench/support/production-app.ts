import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRuntime } from '../../src/app/runtime.ts';
import { loadConfig } from '../../src/config.ts';
import type { AdmissionStats } from '../../src/http/admission.ts';
import { TestClient } from '../../src/http/test-support/client.ts';
import { dropDatabase, recreateDatabase } from './scratch-database.ts';
import { freePort } from '../../src/http/test-support/free-port.ts';

export { freePort };

export interface ScratchApp {
  readonly url: string;
  /** The scratch database's name (unique per run: benchmarks use it in e-mail addresses). */
  readonly dbName: string;
  /** Web processes serving (WEB_CONCURRENCY); the first process also runs the workers. */
  readonly webProcesses: number;
  /** Whether pages are rendered on the server from the production bundle (dist/). */
  readonly ssr: true;
  /** CPU time (user + system, ms) the app's processes have used so far, all of them summed. */
  cpuMs(): number;
  /** CPU time (ms) of the PostgreSQL backends serving the scratch database (live connections). */
  dbCpuMs(): number;
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The real app as `npm start` runs it in production — `tsx src/main.ts` with NODE_ENV=production,
 * the production bundle (dist/, which `npm start` builds first when missing or stale), workers in
 * the first process and
 * BENCH_WEB_PROCESSES web processes (WEB_CONCURRENCY; default 1) — in processes of its own,
 * so the benchmark's clients never share its event loop, on a fresh scratch database that the
 * benchmark migrates first. No REDIS_URL: BullMQ and the rate-limit counters live in the scratch
 * database (a shared Redis would mix their keys with other runs'). The API's per-client limit
 * is off unless API_RATE_LIMIT is set: the benchmarks measure the server, not the limit.
 * `cpuMs()` reads the CPU time of the app's process tree from /proc (Linux).
 */
export async function startProductionScratchApp(): Promise<ScratchApp> {
  const webProcesses = Number(process.env.BENCH_WEB_PROCESSES ?? 1);
  const dbName = `pitwall_bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = await recreateDatabase(dbName);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-bench-'));
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PII_MASTER_KEY: randomBytes(32).toString('hex'),
    API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '0',
    WEB_CONCURRENCY: String(webProcesses),
    ...(process.env.UV_THREADPOOL_SIZE
      ? { UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE }
      : {}),
    // Admission control as configured for the run (the app's defaults otherwise).
    ...(process.env.ADMISSION_READS ? { ADMISSION_READS: process.env.ADMISSION_READS } : {}),
    ...(process.env.ADMISSION_QUEUE ? { ADMISSION_QUEUE: process.env.ADMISSION_QUEUE } : {}),
    ...(process.env.ADMISSION_PRIORITY_MS
      ? { ADMISSION_PRIORITY_MS: process.env.ADMISSION_PRIORITY_MS }
      : {}),
  };
  // Migrated here, once, so the app's start is what the measurement sees.
  const migrator = await openRuntime(loadConfig(env), {
    role: 'bench',
    databaseUrl: dbUrl,
    workers: false,
  });
  await migrator.close();

  const tsx = path.join(root, 'node_modules/.bin/tsx');
  // The app's log (warnings and errors, JSON lines) goes to BENCH_APP_LOG when set.
  const log = process.env.BENCH_APP_LOG ? openSync(process.env.BENCH_APP_LOG, 'w') : 'ignore';
  const child = spawn(tsx, ['src/main.ts'], { cwd: root, env, stdio: ['ignore', log, 2] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await untilReady(url, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    dbName,
    webProcesses,
    ssr: true,
    cpuMs: () => treeCpuMs(child.pid!),
    dbCpuMs: () => backendsCpuMs(dbName),
    close: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
      await dropDatabase(dbName);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function untilReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode})`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app never answered /healthz');
}

/** Every process's parent and CPU ticks (utime + stime, 10 ms each), from /proc. */
function processes(): Map<number, { ppid: number; ticks: number }> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return stats;
}

/** PostgreSQL backends name their database in their title (`postgres: user db addr state`). */
export function backendsCpuMs(dbName: string): number {
  let ms = 0;
  for (const t of backendsCpuTicks(dbName).values()) ms += t * 10;
  return ms;
}

/** CPU ticks (10 ms) of each PostgreSQL backend of `dbName`, by pid. */
export function backendsCpuTicks(dbName: string): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const [pid, s] of processes()) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `))
        ticks.set(pid, s.ticks);
    } catch {
      // ended meanwhile
    }
  }
  return ticks;
}

/**
 * CPU ms the backends of `dbName` spent since `before` (a backendsCpuTicks reading), or null
 * when a backend of that reading has ended since: its last ticks cannot be read any more, so
 * the sum would be short (or negative against the earlier total).
 */
export function backendsCpuMsSince(before: Map<number, number>, dbName: string): number | null {
  const now = backendsCpuTicks(dbName);
  let ticks = 0;
  for (const pid of before.keys()) if (!now.has(pid)) return null;
  for (const [pid, t] of now) ticks += t - (before.get(pid) ?? 0);
  return ticks * 10;
}

/**
 * The local TCP ports of the connections of `pid` and its descendants to port `remotePort`
 * (their database pools), from their socket descriptors and the kernel's TCP tables.
 */
function connectionPorts(pid: number, remotePort: number): Set<number> {
  const inodes = new Set<string>();
  for (const p of processTree(pid)) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${p}/fd`);
    } catch {
      continue; // ended meanwhile
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${p}/fd/${fd}`);
        if (target.startsWith('socket:[')) inodes.add(target.slice(8, -1));
      } catch {
        // closed meanwhile
      }
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || !inodes.has(cols[9]!)) continue;
      const local = parseInt(cols[1]!.split(':')[1]!, 16);
      const remote = parseInt(cols[2]!.split(':')[1]!, 16);
      if (remote === remotePort) ports.add(local);
    }
  }
  return ports;
}

/**
 * CPU time, in ms, of the PostgreSQL backends serving the connections of `pid` and its
 * descendants to `dbName` (a backend names its database and client address in its title:
 * `postgres: … db 127.0.0.1(port) …`).
 * Unlike backendsCpuMs, other processes' work on the same database is not counted.
 */
export function connectionBackendsCpuMs(pid: number, dbName: string, pgPort = 5432): number {
  const ports = connectionPorts(pid, pgPort);
  let ticks = 0;
  for (const [backend, s] of processes()) {
    try {
      const title = readFileSync(`/proc/${backend}/cmdline`, 'utf8');
      const port = /\((\d+)\)/.exec(title.slice(title.indexOf(` ${dbName} `)))?.[1];
      if (title.includes(` ${dbName} `) && port !== undefined && ports.has(Number(port)))
        ticks += s.ticks;
    } catch {
      // ended meanwhile
    }
  }
  return ticks * 10;
}

/** `pid` and every descendant of it (the web processes a cluster primary forked). */
function processTree(pid: number, stats = processes()): Set<number> {
  const inTree = (p: number): boolean => {
    for (let q = p, hops = 0; q > 1 && hops < 64; hops++) {
      if (q === pid) return true;
      q = stats.get(q)?.ppid ?? 0;
    }
    return false;
  };
  return new Set([...stats.keys()].filter(inTree));
}

/** CPU time of `pid` and every descendant, in ms. */
export function treeCpuMs(pid: number): number {
  const stats = processes();
  let ticks = 0;
  for (const p of processTree(pid, stats)) ticks += stats.get(p)!.ticks;
  return ticks * 10;
}

export type AdmissionTotals = AdmissionStats['totals'];

/** One `/healthz` answer on a connection of its own (so the cluster hands it to any process). */
function healthz(url: string): Promise<{ pid: number; admission?: AdmissionStats }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/healthz`, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(body) as { pid: number; admission?: AdmissionStats });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      })
      .on('error', reject);
  });
}

/**
 * The admission control's counters (src/http/admission.ts) summed over the app's web processes,
 * read from `/healthz`, asked until every one of the `processes` answered (the cluster passes
 * new connections round-robin) or 20 tries per process. `processes` in the result is how many
 * answered; null when admission control is off.
 */
export async function admissionTotals(
  url: string,
  processes: number,
): Promise<(AdmissionTotals & { processes: number; limit: number }) | null> {
  const seen = new Map<number, AdmissionStats>();
  for (let i = 0; i < processes * 20 && seen.size < processes; i++) {
    const body = await healthz(url);
    if (!body.admission) return null;
    seen.set(body.pid, body.admission);
  }
  const stats = [...seen.values()];
  const sum = (key: Exclude<keyof AdmissionTotals, 'maxWaitMs'>) =>
    stats.reduce((n, s) => n + s.totals[key], 0);
  return {
    processes: stats.length,
    limit: Math.max(...stats.map((s) => s.limit)),
    reads: sum('reads'),
    accounts: sum('accounts'),
    queued: sum('queued'),
    shed: sum('shed'),
    overdue: sum('overdue'),
    abandoned: sum('abandoned'),
    maxWaitMs: Math.max(...stats.map((s) => s.totals.maxWaitMs)),
    waitMs: sum('waitMs'),
  };
}

/** Waits until the workers have built the read models the API reads (it answers 200). */
export async function untilApiAnswers(url: string): Promise<void> {
  for (let i = 0; ; i++) {
    if ((await fetch(`${url}/api/drivers`)).status === 200) return;
    if (i > 600) throw new Error('the API never answered 200');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The value at percentile `p` of an ascending list. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

/**
 * A browser-like client sending from `localAddress` (127.0.0.x: per-address rate limits see
 * distinct visitors), with a session and its XSRF cookie from the sign-in page.
 */
export async function clientFrom(url: string, localAddress: string): Promise<TestClient> {
  const c = new TestClient(url, { localAddress });
  await c.get('/auth/login');
  return c;
}

/** A form post as the Inertia client sends it (CSRF header, X-Inertia). */
export function postForm(c: TestClient, path: string, body: unknown) {
  return c.request(path, { method: 'POST', body, csrf: true, inertia: true });
}
