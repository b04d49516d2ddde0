import type { Knex } from 'knex';
import type { Position } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import type { ProjectionRegistry } from '../projections/core/registry.ts';
import {
  openJobBackend,
  type JobBackend,
  type JobPayload,
  type JobQueue,
  type JobRecord,
  type JobWorker,
} from './backend.ts';
import { UnrecoverableError, type JobsOptions } from './bullmq.ts';
import {
  findJobDefinition,
  type AnyJobDefinition,
  type JobContext,
  type JobHandler,
  type JobHandlerFn,
  type JobInput,
  type JobSchedule,
} from './define.ts';
import { lockRenewalFailedJobId } from './lock-renewal.ts';
import { wakeProjection } from './projection-jobs.ts';

export interface EnqueueOptions {
  /** A job id makes the enqueue idempotent: a second add with the same id is ignored while the job is kept. No ':' allowed. */
  jobId?: string;
  delayMs?: number;
  /** 1 = highest; omitted = FIFO. */
  priority?: number;
  /** BullMQ deduplication (see its docs); `keepLastIfActive` queues one follow-up while a job runs. */
  deduplication?: { id: string; keepLastIfActive?: boolean; ttlMs?: number };
}

export interface StartWorkersOptions {
  /** Jobs processed at once per queue. Default 2; the `projections` queue defaults to 4. */
  concurrency?: Record<string, number>;
  /** BullMQ's lock duration (ms) for every worker; renewed every half of it. Default 30 s (BullMQ's). */
  lockDurationMs?: number;
}

export interface JobSystem {
  readonly backend: 'redis' | 'postgres';
  /** Queues opened so far, by name (opened on first use). */
  readonly queues: ReadonlyMap<string, JobQueue>;
  queue(name: string): JobQueue;
  /** Validates `data` with the job's schema, then adds it with the job's retry policy. Returns the job id. */
  enqueue<D extends AnyJobDefinition>(
    job: D,
    data: JobInput<D>,
    opts?: EnqueueOptions,
  ): Promise<string | undefined>;
  /** The same by name, for a job some imported module defined with defineJob. */
  enqueue(name: string, data: unknown, opts?: EnqueueOptions): Promise<string | undefined>;
  /** Creates (or updates) the repeatable schedule of a task. */
  schedule<D extends AnyJobDefinition>(job: D, schedule: JobSchedule<JobInput<D>>): Promise<void>;
  /**
   * Starts one worker per queue that has handlers and registers the schedules of the handled
   * jobs that declare one. Every job type of a queue must be handled by the same process: a job
   * with no handler here fails without retry.
   */
  startWorkers(handlers: readonly JobHandler[], opts?: StartWorkersOptions): Promise<void>;
  /**
   * Wakes projections: one `projections.wake` job per projection, deduplicated per projection
   * with keepLastIfActive: while a wake job waits, more wakes are absorbed by it; while one runs,
   * exactly one follow-up is kept and starts when it finishes, so a wake that arrives after the
   * running job's last read is never lost.
   */
  wake(projections: readonly string[] | 'all', position?: Position): Promise<void>;
  /**
   * Call after an append: wakes the projections that handle any of `eventTypes`. Never throws
   * (the append already succeeded; the safety poll catches up if the wake cannot be queued).
   */
  notifyAppended(position: Position, eventTypes: readonly string[]): Promise<void>;
  /** One round trip to the backend (Redis, or the PostgreSQL schema); rejects when unreachable. */
  ping(): Promise<void>;
  /** Graceful: stops workers (active jobs finish or stop at a safe point), then queues, then connections. */
  close(): Promise<void>;
}

export interface CreateJobSystemOptions {
  /** REDIS_URL set → Redis; otherwise BullMQ's PostgreSQL backend in the app database. */
  config: { REDIS_URL?: string | undefined; DATABASE_URL?: string | undefined };
  /** The app database for the PostgreSQL backend; defaults to config.DATABASE_URL, then to knex's connection string. */
  databaseUrl?: string;
  knex?: Knex;
  logger: Logger;
  /** Redis key prefix (Redis backend only). Default 'pitwall'. */
  prefix?: string;
  /** The projections `wake('all')` and `notifyAppended` know about. */
  projections: ProjectionRegistry;
}

const DEFAULT_CONCURRENCY = 2;
/** How long an append's caller waits for its projection wake-ups to be queued. */
const NOTIFY_WAIT_MS = 1000;

/** `work`, or a rejection after `ms` (`work` goes on; its own failure is then ignored). */
function boundedWait(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not queued within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}
const PROJECTIONS_CONCURRENCY = 4;

function connectionStringOf(knex: Knex | undefined): string | undefined {
  const connection = (knex?.client as { config?: { connection?: unknown } } | undefined)?.config
    ?.connection;
  if (typeof connection === 'string') return connection;
  if (connection && typeof connection === 'object' && 'connectionString' in connection) {
    const cs = (connection as { connectionString?: unknown }).connectionString;
    return typeof cs === 'string' ? cs : undefined;
  }
  return undefined;
}

export async function createJobSystem(opts: CreateJobSystemOptions): Promise<JobSystem> {
  const logger = opts.logger.child({ component: 'jobs' });
  let backend: JobBackend;
  if (opts.config.REDIS_URL) {
    backend = await openJobBackend(
      { kind: 'redis', redisUrl: opts.config.REDIS_URL, prefix: opts.prefix ?? 'pitwall' },
      logger,
    );
  } else {
    const databaseUrl =
      opts.databaseUrl ?? opts.config.DATABASE_URL ?? connectionStringOf(opts.knex);
    if (!databaseUrl)
      throw new Error(
        'The PostgreSQL job backend needs a database URL (databaseUrl, DATABASE_URL or knex)',
      );
    backend = await openJobBackend({ kind: 'postgres', databaseUrl }, logger);
  }
  logger.info({ backend: backend.kind, namespace: backend.namespace }, 'job system ready');

  const queues = new Map<string, JobQueue>();
  const workers: JobWorker[] = [];
  const shutdown = new AbortController();
  let closing: Promise<void> | undefined;

  function queue(name: string): JobQueue {
    let q = queues.get(name);
    if (!q) {
      q = backend.createQueue(name);
      queues.set(name, q);
    }
    return q;
  }

  function resolve(job: AnyJobDefinition | string): AnyJobDefinition {
    if (typeof job !== 'string') return job;
    const def = findJobDefinition(job);
    if (!def) throw new TypeError(`No job is defined with the name ${JSON.stringify(job)}`);
    return def;
  }

  async function enqueue(
    job: AnyJobDefinition | string,
    data: unknown,
    eo: EnqueueOptions = {},
  ): Promise<string | undefined> {
    if (closing) throw new Error('The job system is closed');
    const def = resolve(job);
    const parsed = def.schema.parse(data) as JobPayload;
    const added = await queue(def.queue).add(def.name, parsed, jobOptions(def, eo));
    return added.id;
  }

  async function schedule(job: AnyJobDefinition, s: JobSchedule<unknown>): Promise<void> {
    const data = job.schema.parse(s.data) as JobPayload;
    const repeat =
      'everyMs' in s ? { every: s.everyMs } : { pattern: s.pattern, ...(s.tz ? { tz: s.tz } : {}) };
    await queue(job.queue).upsertJobScheduler(job.name, repeat, {
      name: job.name,
      data,
      opts: {
        attempts: job.attempts,
        backoff: { type: 'exponential', delay: job.backoffMs },
        ...retention,
      },
    });
  }

  async function startWorkers(
    handlers: readonly JobHandler[],
    so: StartWorkersOptions = {},
  ): Promise<void> {
    const byQueue = new Map<string, Map<string, JobHandler>>();
    for (const h of handlers) {
      const forQueue = byQueue.get(h.job.queue) ?? new Map<string, JobHandler>();
      if (forQueue.has(h.job.name)) throw new TypeError(`Job ${h.job.name} has two handlers`);
      forQueue.set(h.job.name, h);
      byQueue.set(h.job.queue, forQueue);
    }
    for (const [queueName, forQueue] of byQueue) {
      const concurrency =
        so.concurrency?.[queueName] ??
        (queueName === 'projections' ? PROJECTIONS_CONCURRENCY : DEFAULT_CONCURRENCY);
      // Ids of this queue's jobs whose handler is running right now (see lock-renewal.ts).
      const running = new Set<string>();
      const worker = backend.createWorker(queueName, (job) => perform(forQueue, job, running), {
        concurrency,
        ...(so.lockDurationMs !== undefined ? { lockDurationMs: so.lockDurationMs } : {}),
      });
      worker.on('failed', (job, err) => {
        const attempts = job?.opts.attempts ?? 1;
        const final = (job?.attemptsMade ?? 0) >= attempts || err instanceof UnrecoverableError;
        logger[final ? 'error' : 'warn'](
          { err, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, attempts },
          final ? 'job failed for good' : 'job failed; will retry',
        );
      });
      worker.on('error', (err) => {
        const jobId = lockRenewalFailedJobId(err);
        if (jobId === undefined) {
          logger.error({ err, queue: queueName }, 'worker error');
        } else if (running.has(jobId)) {
          logger.error(
            { err, queue: queueName, jobId },
            'lost the lock of a running job (it outlived its lock); it may run twice',
          );
        } else {
          // The renewal raced the job's completion: its outcome is already recorded.
          logger.debug({ queue: queueName, jobId }, 'lock renewal after the job finished; ignored');
        }
      });
      await worker.waitUntilReady();
      workers.push(worker);
      queue(queueName);
    }
    for (const h of handlers) {
      if (h.job.schedule) await schedule(h.job, h.job.schedule);
    }
    logger.info({ queues: [...byQueue.keys()] }, 'workers started');
  }

  async function perform(
    forQueue: Map<string, JobHandler>,
    job: JobRecord,
    running: Set<string>,
  ): Promise<unknown> {
    const handler = forQueue.get(job.name);
    if (!handler) throw new UnrecoverableError(`No handler for job ${job.name} in this process`);
    const parsed = handler.job.schema.safeParse(job.data);
    if (!parsed.success)
      throw new UnrecoverableError(`Job ${job.name} data is invalid: ${parsed.error.message}`);
    const ctx: JobContext = {
      jobId: job.id ?? '',
      attempt: job.attemptsMade + 1,
      maxAttempts: job.opts.attempts ?? 1,
      logger: logger.child({ job: job.name, jobId: job.id }),
      signal: shutdown.signal,
      updateProgress: (p) => job.updateProgress(p),
    };
    const id = job.id ?? '';
    running.add(id);
    try {
      return await (handler.handle as JobHandlerFn<unknown>)(parsed.data, ctx);
    } finally {
      running.delete(id);
    }
  }

  async function wake(names: readonly string[] | 'all', position?: Position): Promise<void> {
    const targets = opts.projections.select(names);
    await Promise.all(
      targets.map((p) =>
        enqueue(
          wakeProjection,
          { projection: p.name, ...(position ? { position } : {}) },
          {
            deduplication: { id: `wake.${p.name}`, keepLastIfActive: true },
          },
        ),
      ),
    );
  }

  async function notifyAppended(position: Position, eventTypes: readonly string[]): Promise<void> {
    const names = opts.projections.affectedBy(eventTypes).map((p) => p.name);
    if (names.length === 0) return;
    try {
      // While Redis is away, BullMQ holds the add until it reconnects: the caller (a mutation
      // whose events are already appended) does not wait for that. The add lands when Redis is
      // back; until then the safety poll runs the projections.
      await boundedWait(wake(names, position), NOTIFY_WAIT_MS);
    } catch (err) {
      logger.warn(
        { err, projections: names, position },
        'could not queue projection wake-ups; the safety poll will catch up',
      );
    }
  }

  async function close(): Promise<void> {
    closing ??= (async () => {
      shutdown.abort();
      await Promise.allSettled(workers.map((w) => w.close()));
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
      await backend.close();
      logger.info('job system closed');
    })();
    return closing;
  }

  return {
    backend: backend.kind,
    queues,
    queue,
    enqueue,
    schedule,
    startWorkers,
    wake,
    notifyAppended,
    ping: () => backend.ping(),
    close,
  };
}

const retention = {
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
} satisfies JobsOptions;

function jobOptions(def: AnyJobDefinition, eo: EnqueueOptions): JobsOptions {
  return {
    attempts: def.attempts,
    backoff: { type: 'exponential', delay: def.backoffMs },
    ...retention,
    ...(eo.jobId !== undefined ? { jobId: eo.jobId } : {}),
    ...(eo.delayMs !== undefined ? { delay: eo.delayMs } : {}),
    ...(eo.priority !== undefined ? { priority: eo.priority } : {}),
    ...(eo.deduplication
      ? {
          deduplication: {
            id: eo.deduplication.id,
            ...(eo.deduplication.keepLastIfActive ? { keepLastIfActive: true } : {}),
            ...(eo.deduplication.ttlMs !== undefined ? { ttl: eo.deduplication.ttlMs } : {}),
          },
        }
      : {}),
  };
}
