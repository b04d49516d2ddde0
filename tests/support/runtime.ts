import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { catchUpTo } from '../../src/app/catch-up.ts';
import { openRuntime, type OpenRuntimeOptions, type Runtime } from '../../src/app/runtime.ts';
import { loadConfig } from '../../src/config.ts';
import type { Knex } from '../../src/db/knex.ts';
import type { Position } from '../../src/eventstore/port.ts';
import { createJobSystem, type JobSystem } from '../../src/jobs/system.ts';
import { createLogger, type Logger } from '../../src/logger.ts';
import { createProjectionRegistry } from '../../src/projections/core/registry.ts';
import type { RunnerDeps } from '../../src/projections/core/runner.ts';
import type { Projection } from '../../src/projections/core/types.ts';
import { allProjections } from '../../src/projections/index.ts';

/**
 * The int-test harness: every int and browser test gets its database, knex, event store, job
 * system and mailer from here, and this file gets them from the composition root
 * (`openRuntime(config, { role: 'test' })`, src/app/runtime.ts). Tests of one part itself (the
 * event store adapter, the job system, the mailer) construct only that part.
 *
 * Int tests run on the machine's real PostgreSQL (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test). The global setup (global-setup.ts) migrates a template
 * database once per run; each test runtime copies it (CREATE DATABASE … TEMPLATE), so files run
 * in parallel without seeing each other's rows. Jobs go to the machine's Redis (REDIS_URL) under
 * a unique key prefix, or to BullMQ's PostgreSQL backend in the test's own database.
 */
export const testServerUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function urlForDatabase(name: string): string {
  const u = new URL(testServerUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A unique key prefix so parallel test files never share BullMQ queues or rate-limit keys. */
export function uniquePrefix(label: string): string {
  return `t_${label}_${randomBytes(4).toString('hex')}`;
}

/** Deletes every Redis key under `prefix` (BullMQ queues a test created), so runs leave nothing behind. */
export async function deleteRedisKeys(prefix: string, redisUrl = testRedisUrl): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * A job system alone, on `redisUrl` (default the machine's Redis) under a unique prefix, knowing
 * every projection; for tests that put a TCP proxy between it and Redis to cut the connection.
 * `close()` closes it and deletes its keys.
 */
export async function openTestJobSystem(
  opts: { redisUrl?: string; label?: string; logger?: Logger } = {},
): Promise<JobSystem> {
  const prefix = uniquePrefix(opts.label ?? 'jobs');
  const jobs = await createJobSystem({
    config: { REDIS_URL: opts.redisUrl ?? testRedisUrl },
    logger: opts.logger ?? createLogger({ level: 'silent', pretty: false }),
    projections: createProjectionRegistry(allProjections),
    prefix,
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await jobs.close();
      await deleteRedisKeys(prefix);
    })();
    return closing;
  };
  return Object.assign(Object.create(jobs) as JobSystem, { close });
}

/** The configuration of a test process: test mode, silent logs, a session secret. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_NAME: 'Pitwall',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...env,
  });
}

export interface TestRuntimeOptions extends Omit<
  OpenRuntimeOptions,
  'role' | 'databaseUrl' | 'jobs' | 'closeOnSignal'
> {
  /**
   * Where the job system keeps its queues: 'redis' (default), the machine's Redis under a unique
   * prefix whose keys `close()` deletes; 'postgres', BullMQ's PostgreSQL backend in the test's
   * own database. The config has no REDIS_URL either way, so rate limits stay in the database.
   */
  jobs?: 'redis' | 'postgres';
  /** Names the Redis prefix (default 'test'). */
  label?: string;
  /** Variables over `testConfig`'s (DATA_DIR, rate limits, …). */
  env?: Record<string, string>;
  /** Reuse this database instead of copying the template (a restart on the same data). */
  database?: { name: string; url: string };
}

/**
 * A runtime on a fresh copy of the migrated template. `close()` closes the runtime, then
 * deletes its Redis keys and drops the database (unless it was handed in).
 */
export interface TestRuntime extends Runtime {
  readonly db: { readonly name: string; readonly url: string };
  /** The Redis key prefix of its queues; null with the PostgreSQL job backend. */
  readonly redisPrefix: string | null;
}

export async function openTestRuntime(opts: TestRuntimeOptions = {}): Promise<TestRuntime> {
  const { jobs = 'redis', label = 'test', env, database, ...rest } = opts;
  let db = database;
  if (!db) {
    const name = `pitwall_t_${inject('runId')}_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
    db = { name, url: urlForDatabase(name) };
  }
  const created = !database;
  const dropDatabase = async () => {
    if (created) await adminQuery(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
  };
  const redisPrefix = jobs === 'redis' ? uniquePrefix(label) : null;
  let runtime: Runtime;
  try {
    runtime = await openRuntime(testConfig(env), {
      ...rest,
      role: 'test',
      databaseUrl: db.url,
      closeOnSignal: false,
      ...(redisPrefix !== null ? { jobs: { redisUrl: testRedisUrl, prefix: redisPrefix } } : {}),
    });
  } catch (err) {
    await dropDatabase();
    throw err;
  }
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await runtime.close();
      if (redisPrefix !== null) await deleteRedisKeys(redisPrefix);
      await dropDatabase();
    })();
    return closing;
  };
  return { ...runtime, db, redisPrefix, close };
}

/** The database side of a test runtime, for tests that read and write tables. */
export interface TestDatabase {
  name: string;
  url: string;
  knex: Knex;
  /** The runtime the database belongs to: its event store, job system, mailer. */
  runtime: TestRuntime;
  /** Closes the runtime and drops the database. Call in afterAll. */
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file, with the runtime around it. */
export async function createTestDatabase(
  opts: { poolMax?: number } & TestRuntimeOptions = {},
): Promise<TestDatabase> {
  const { poolMax, pools, ...rest } = opts;
  const runtime = await openTestRuntime({
    ...rest,
    pools: { knex: poolMax ?? 20, ...pools },
  });
  return {
    name: runtime.db.name,
    url: runtime.db.url,
    knex: runtime.knex,
    runtime,
    drop: () => runtime.close(),
  };
}

/**
 * How long a test waits for projections to catch up: below the 30 s test timeout, so a wait
 * that fails (typically: another database's open transaction holds the server-wide visibility
 * bound) fails with catchUpTo's message naming that transaction, not with a bare timeout.
 */
export const TEST_CATCH_UP_MS = 20_000;

/**
 * Runs `projections` (building them when needed) through every event committed before the call,
 * or at least to `target`, waiting while PostgreSQL holds committed events back (catchUpTo,
 * src/app/catch-up.ts), within TEST_CATCH_UP_MS. Reads of the read models after it see the log.
 */
export function catchUpForTest(
  deps: RunnerDeps,
  projections: readonly Projection[],
  target?: Position | null,
): Promise<void> {
  return catchUpTo(deps, projections, target, { timeoutMs: TEST_CATCH_UP_MS });
}
