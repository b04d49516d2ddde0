import { Redis } from 'ioredis';
import pg from 'pg';
import { quietRepeats, type Logger } from '../logger.ts';
import {
  createPostgresBackend,
  DEFAULT_SCHEMA,
  Queue,
  runMigrations,
  Worker,
  withBackend,
  type Job,
  type JobSchedulerTemplateOptions,
  type JobsOptions,
  type JobType,
  type Processor,
  type RepeatOptions,
} from './bullmq.ts';

/** What every job carries: the data its definition's schema accepted. */
export type JobPayload = Record<string, unknown>;
export type JobRecord = Job<JobPayload, unknown, string>;

/** The part of a BullMQ Queue the job system uses, the same whichever backend built it. */
export interface JobQueue {
  readonly name: string;
  add(name: string, data: JobPayload, opts?: JobsOptions): Promise<JobRecord>;
  upsertJobScheduler(
    id: string,
    repeat: Omit<RepeatOptions, 'key'>,
    template?: { name?: string; data?: JobPayload; opts?: JobSchedulerTemplateOptions },
  ): Promise<JobRecord>;
  getJob(id: string): Promise<JobRecord | undefined>;
  getJobCounts(...types: JobType[]): Promise<Record<string, number>>;
  waitUntilReady(): Promise<unknown>;
  close(): Promise<void>;
}

/** The part of a BullMQ Worker the job system uses. */
export interface JobWorker {
  readonly name: string;
  on(event: 'failed', listener: (job: JobRecord | undefined, err: Error) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  waitUntilReady(): Promise<unknown>;
  close(force?: boolean): Promise<void>;
}

export interface JobBackend {
  readonly kind: 'redis' | 'postgres';
  /** Redis key prefix, or the PostgreSQL schema BullMQ lives in. */
  readonly namespace: string;
  createQueue(name: string): JobQueue;
  createWorker(
    name: string,
    processor: Processor<JobPayload, unknown, string>,
    opts: { concurrency: number; lockDurationMs?: number },
  ): JobWorker;
  /** One round trip to where the queues live (readiness); rejects when it is unreachable. */
  ping(): Promise<void>;
  /** Closes the connections the backend opened; call after every queue and worker is closed. */
  close(): Promise<void>;
}

export type JobBackendConfig =
  | { kind: 'redis'; redisUrl: string; prefix: string }
  | { kind: 'postgres'; databaseUrl: string; poolMax?: number };

/**
 * Opens the connections of the chosen backend.
 *  - redis: one ioredis connection shared by the queues (workers duplicate it for their
 *    blocking reads); every key under `prefix`.
 *  - postgres: BullMQ 6's own PostgreSQL backend in the app database, schema `bullmq`, on one
 *    shared pg.Pool whose search_path is pinned to that schema. Its migrations run here, before
 *    any queue or worker exists: a worker on an unmigrated schema retries at full speed and
 *    floods the log.
 */
export async function openJobBackend(
  config: JobBackendConfig,
  logger: Logger,
): Promise<JobBackend> {
  switch (config.kind) {
    case 'redis':
      return openRedisBackend(config, logger);
    case 'postgres':
      return openPostgresBackend(config, logger);
    default: {
      const unreachable: never = config;
      throw new Error(`Unknown job backend ${JSON.stringify(unreachable)}`);
    }
  }
}

async function openRedisBackend(
  config: { redisUrl: string; prefix: string },
  logger: Logger,
): Promise<JobBackend> {
  // maxRetriesPerRequest: null is what BullMQ requires of connections its workers block on.
  // Every ioredis client and every BullMQ object (they re-emit their connection's errors) has an
  // 'error' listener: an EventEmitter without one throws, and a Redis outage would end the process.
  const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const onError = (what: string) => (err: Error) =>
    logger.error({ err, what }, 'redis unavailable (jobs); retrying');
  connection.on('error', quietRepeats(onError('connection')));
  await connection.ping();
  return {
    kind: 'redis',
    namespace: config.prefix,
    createQueue: (name) => {
      const queue = new Queue<JobPayload, unknown, string>(name, {
        connection,
        prefix: config.prefix,
      });
      queue.on('error', quietRepeats(onError(`queue ${name}`)));
      return queue;
    },
    createWorker: (name, processor, opts) =>
      new Worker<JobPayload, unknown, string>(name, processor, {
        connection,
        prefix: config.prefix,
        concurrency: opts.concurrency,
        ...(opts.lockDurationMs !== undefined ? { lockDuration: opts.lockDurationMs } : {}),
      }),
    ping: async () => {
      // The connection queues commands while it reconnects: say so at once instead of waiting.
      if (connection.status !== 'ready') throw new Error(`redis connection ${connection.status}`);
      await connection.ping();
    },
    close: async () => {
      // QUIT waits for a reply, which never comes while Redis is away: then just disconnect.
      if (connection.status !== 'ready') {
        connection.disconnect();
        return;
      }
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}

const PgClasses = withBackend(createPostgresBackend);

async function openPostgresBackend(
  config: { databaseUrl: string; poolMax?: number },
  logger: Logger,
): Promise<JobBackend> {
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: config.poolMax ?? 20,
    keepAlive: true,
    application_name: 'pitwall-jobs',
    options: `-c search_path=${DEFAULT_SCHEMA}`,
  });
  pool.on('error', (err) => logger.error({ err }, 'postgres pool error (jobs)'));
  const client = await pool.connect();
  try {
    await runMigrations(client, DEFAULT_SCHEMA);
  } catch (err) {
    client.release();
    await pool.end();
    throw err;
  }
  client.release();
  return {
    kind: 'postgres',
    namespace: DEFAULT_SCHEMA,
    createQueue: (name) =>
      new PgClasses.Queue<JobPayload, unknown, string>(name, { connection: pool }),
    createWorker: (name, processor, opts) =>
      new PgClasses.Worker<JobPayload, unknown, string>(name, processor, {
        connection: pool,
        concurrency: opts.concurrency,
        ...(opts.lockDurationMs !== undefined ? { lockDuration: opts.lockDurationMs } : {}),
      }),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
