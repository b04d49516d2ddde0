import express, { type Router } from 'express';
import type { Knex } from '../../db/knex.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import type { EventStore } from '../../eventstore/port.ts';
import type { JobSystem } from '../../jobs/system.ts';
import type { Logger } from '../../logger.ts';
import {
  createProjectionRegistry,
  type ProjectionRegistry,
} from '../../projections/core/registry.ts';
import { projectionStatuses } from '../../projections/core/status.ts';
import {
  createVersionWatch,
  describeVersionGaps,
  projectionVersionGaps,
  type VersionWatch,
} from '../../projections/core/versions.ts';
import { allProjections } from '../../projections/index.ts';
import type { Admission } from '../admission.ts';

/**
 * Liveness and readiness for an operator, a load balancer or a container healthcheck
 * (docs/reliability.md, "Health"):
 *  - `GET /healthz`: the process is alive and its event loop answers; touches nothing else, so
 *    a database outage never makes an orchestrator kill a process that would recover by itself.
 *    It shows the process id and the admission control's counters (reads running, waiting,
 *    queued and shed so far; admission.ts), read from memory.
 *  - `GET /readyz`: the process can serve: the database answers, Redis answers (when the jobs
 *    use it), no migration is pending, every projection's live tables are at the code's version
 *    (none unbuilt, none in a first build, none in or waiting for a version change's rebuild),
 *    and no projection has stopped or is more than READY_MAX_LAG events behind. 200 or 503,
 *    with a JSON body naming each check.
 * Both are mounted before the request log and the session (probes every few seconds would
 * drown the log and cost a session lookup). One readiness evaluation serves every probe of the
 * next `READY_CACHE_MS`, so the endpoint cannot be used to load the database.
 */
export interface HealthDeps {
  knex: Knex;
  eventStore?: EventStore | undefined;
  jobs?: Pick<JobSystem, 'backend' | 'ping'> | undefined;
  /** The process's projections (default: every projection in code). */
  projections?: ProjectionRegistry | undefined;
  /** The process's shared view of its projections' versions (default: one query per evaluation). */
  versions?: VersionWatch | undefined;
  logger: Logger;
  maxLag: number;
  /** The web process's admission control, whose counters `/healthz` shows. */
  admission?: Pick<Admission, 'stats'> | null | undefined;
}

export interface Check {
  ok: boolean;
  /** Why it failed, in words an operator can act on (never a stack or a connection string). */
  error?: string;
  [detail: string]: unknown;
}

export interface Readiness {
  status: 'ready' | 'unavailable';
  checks: Record<string, Check>;
}

/** No check may hold a probe longer than this (a dead host can hang a connect). */
export const CHECK_TIMEOUT_MS = 2000;
const READY_CACHE_MS = 1000;

async function timed(work: () => Promise<Check>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, error: `no answer within ${CHECK_TIMEOUT_MS} ms` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      work().catch((err: unknown) => ({ ok: false, error: describe(err) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(err: unknown): string {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return `unreachable (${code})`;
  if (typeof message === 'string' && message !== '') return message.split('\n')[0]!.slice(0, 200);
  return 'failed';
}

let allRegistry: ProjectionRegistry | null = null;

function registryOf(deps: Pick<HealthDeps, 'projections'>): ProjectionRegistry {
  return deps.projections ?? (allRegistry ??= createProjectionRegistry(allProjections));
}

/**
 * The web process's view of its projections' versions, shared by readiness and the error
 * handler (errors.ts): one query on projection_checkpoints a second at most.
 */
export function processVersionWatch(deps: Pick<HealthDeps, 'knex' | 'projections'>): VersionWatch {
  return createVersionWatch(deps.knex, registryOf(deps), { ttlMs: READY_CACHE_MS });
}

/** Runs every check at once; each is bounded by CHECK_TIMEOUT_MS. */
export async function checkReadiness(deps: HealthDeps): Promise<Readiness> {
  const registry = registryOf(deps);
  const checks: Record<string, Promise<Check>> = {
    database: timed(async () => {
      await deps.knex.raw('SELECT 1');
      return { ok: true };
    }),
    migrations: timed(async () => {
      const pending = await pendingMigrations(deps.knex);
      return pending.length === 0
        ? { ok: true }
        : { ok: false, error: `${pending.length} migration(s) not applied`, pending };
    }),
    // The code reads the tables of its own versions: until a version change's rebuild swaps
    // them in, the live tables have the previous shape (docs/projections.md, "Readiness").
    projectionVersions: timed(async () => {
      const gaps = await (deps.versions?.gaps() ?? projectionVersionGaps(deps.knex, registry));
      return gaps.length === 0
        ? { ok: true }
        : {
            ok: false,
            error: `not at the code's version: ${describeVersionGaps(gaps)}`,
            projections: gaps.map(({ name, codeVersion, storedVersion, reason }) => ({
              name,
              codeVersion,
              storedVersion,
              reason,
            })),
          };
    }),
  };
  const jobs = deps.jobs;
  if (jobs?.backend === 'redis') {
    checks.redis = timed(async () => {
      await jobs.ping();
      return { ok: true };
    });
  }
  const eventStore = deps.eventStore;
  if (eventStore) {
    checks.projections = timed(async () => {
      const rows = await projectionStatuses({ knex: deps.knex, eventStore }, registry, {
        lagCap: deps.maxLag + 1,
      });
      const stopped = rows.filter((r) => r.state === 'failed').map((r) => r.name);
      const behind = rows
        .filter((r) => r.lag !== null && r.lag > deps.maxLag)
        .map((r) => ({ name: r.name, lag: r.lagCapped ? `>${deps.maxLag}` : r.lag }));
      const problems = [
        ...(stopped.length > 0 ? [`stopped: ${stopped.join(', ')}`] : []),
        ...(behind.length > 0
          ? [`more than ${deps.maxLag} events behind: ${behind.map((b) => b.name).join(', ')}`]
          : []),
      ];
      return problems.length === 0
        ? { ok: true, maxLag: deps.maxLag }
        : { ok: false, error: problems.join('; '), stopped, behind, maxLag: deps.maxLag };
    });
  }
  const names = Object.keys(checks);
  const results = await Promise.all(Object.values(checks));
  const out: Record<string, Check> = {};
  names.forEach((name, i) => (out[name] = results[i]!));
  return { status: results.every((r) => r.ok) ? 'ready' : 'unavailable', checks: out };
}

/** The two endpoints, as one router mounted first in the app (src/http/app.ts). */
export function healthRoutes(deps: HealthDeps): Router {
  const router = express.Router();
  let cached: { at: number; result: Promise<Readiness> } | null = null;
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      status: 'alive',
      uptimeSeconds: Math.round(process.uptime()),
      pid: process.pid,
      ...(deps.admission ? { admission: deps.admission.stats() } : {}),
    });
  });
  router.get('/readyz', async (_req, res) => {
    const now = Date.now();
    if (!cached || now - cached.at > READY_CACHE_MS) {
      cached = { at: now, result: checkReadiness(deps) };
    }
    const readiness = await cached.result;
    if (readiness.status !== 'ready') {
      const failed = Object.entries(readiness.checks)
        .filter(([, c]) => !c.ok)
        .map(([name, c]) => `${name}: ${c.error ?? 'failed'}`);
      deps.logger.warn({ failed }, 'not ready');
    }
    res.setHeader('Cache-Control', 'no-store');
    res.status(readiness.status === 'ready' ? 200 : 503).json(readiness);
  });
  return router;
}
