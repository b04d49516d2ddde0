import type { Knex } from 'knex';
import type { RecordedEvent } from '../eventstore/port.ts';
import type { Projection } from '../projections/core/types.ts';
import type { AnyJobDefinition, JobInput } from './define.ts';
import type { EnqueueOptions, JobSystem } from './system.ts';

export interface ProcessorContext {
  /** The batch's transaction (the checkpoint commits with it): write bookkeeping rows here. */
  trx: Knex.Transaction;
  /**
   * Enqueues a follow-up job at most once per (processor, event, job, key): the job id is derived
   * from them, so a batch retried after a rollback adds nothing twice while the first job is kept
   * (completed jobs are kept an hour). Pass `key` to enqueue the same job type twice for one event.
   */
  enqueue<D extends AnyJobDefinition>(
    job: D,
    data: JobInput<D>,
    opts?: { key?: string; delayMs?: number },
  ): Promise<void>;
}

export interface ProcessorDefinition {
  name: string;
  /** Bump when `handle` changes meaning; a processor never replays history, so this only records it. */
  version?: number;
  eventTypes: readonly string[];
  handle(event: RecordedEvent, ctx: ProcessorContext): Promise<void>;
}

let boundJobs: Pick<JobSystem, 'enqueue'> | undefined;

/**
 * Gives processors the job system to enqueue with; the worker runtime binds it before workers
 * start. Returns the unbinding function. A processor batch running unbound fails (and is retried).
 */
export function bindProcessorJobs(jobs: Pick<JobSystem, 'enqueue'>): () => void {
  boundJobs = jobs;
  return () => {
    if (boundJobs === jobs) boundJobs = undefined;
  };
}

/**
 * An event processor: reacts to events with side effects (mail, follow-up jobs), like a
 * projection but without read tables and without replaying history. It is a Projection with
 * `startAt: 'head'`, so it gets the projections' machinery: a checkpoint advanced in the same
 * transaction as its batch, one runner at a time, wake-ups after appends, the safety poll,
 * and `npm run projections -- status`. Delivery is at-least-once per event; `ctx.enqueue`'s
 * derived job ids make the follow-up jobs effectively once. List processors in
 * src/projections/index.ts with the projections.
 */
export function defineProcessor(def: ProcessorDefinition): Projection {
  const safe = (s: string) => s.replace(/:/g, '_');
  return {
    name: def.name,
    version: def.version ?? 1,
    eventTypes: def.eventTypes,
    tables: [],
    startAt: 'head',
    createTables: () => Promise.resolve(),
    async apply(trx, events) {
      for (const event of events) {
        await def.handle(event, {
          trx,
          async enqueue(job, data, opts = {}) {
            if (!boundJobs)
              throw new Error(`Processor ${def.name} ran before the worker bound the job system`);
            const jobId = safe(
              `${def.name}.${event.id}.${job.name}${opts.key ? `.${opts.key}` : ''}`,
            );
            const eo: EnqueueOptions = {
              jobId,
              ...(opts.delayMs !== undefined ? { delayMs: opts.delayMs } : {}),
            };
            await boundJobs.enqueue(job, data, eo);
          },
        });
      }
    },
  };
}
