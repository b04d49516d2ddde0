import type { z } from 'zod';
import type { Logger } from '../logger.ts';

/**
 * A named job type: which queue it runs on, the zod schema of its data, and its retry policy.
 * Definitions are plain values that producers (commands, HTTP handlers) import to enqueue
 * typed data; the code that performs the job is registered separately, where workers start
 * (see `handleJob`), so producers never pull in handler dependencies.
 *
 *   export const sendMail = defineJob({
 *     name: 'mail.send', queue: 'mail',
 *     schema: z.object({ to: z.string(), template: z.string() }),
 *     attempts: 8, backoffMs: 5_000,
 *   });
 *   await jobs.enqueue(sendMail, { to, template: 'reset' });            // typed
 *   handleJob(sendMail, async (data, ctx) => { … })                     // at worker start
 *
 * A definition with `schedule` is a task the job system runs on a repeat (BullMQ job scheduler)
 * once workers start.
 */
export interface JobDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly name: Name;
  /** BullMQ queue name (letters, digits, '-', '_', '.'); one worker per queue. */
  readonly queue: string;
  readonly schema: Schema;
  /** Total tries including the first. */
  readonly attempts: number;
  /** First retry delay; exponential (doubles per attempt). */
  readonly backoffMs: number;
  readonly schedule?: JobSchedule<z.input<Schema>>;
}

export type JobSchedule<Data> =
  | { readonly everyMs: number; readonly data: Data }
  | { readonly pattern: string; readonly tz?: string; readonly data: Data };

export type AnyJobDefinition = JobDefinition<string, z.ZodType>;
export type JobInput<D extends AnyJobDefinition> = z.input<D['schema']>;
export type JobData<D extends AnyJobDefinition> = z.output<D['schema']>;

const QUEUE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const definitions = new Map<string, AnyJobDefinition>();

/**
 * Declares a job type and registers it by name (so `enqueue('mail.send', …)` works too).
 * Throws if the name is already taken by another definition.
 */
export function defineJob<const Name extends string, Schema extends z.ZodType>(def: {
  name: Name;
  queue: string;
  schema: Schema;
  attempts?: number;
  backoffMs?: number;
  schedule?: JobSchedule<z.input<Schema>>;
}): JobDefinition<Name, Schema> {
  if (!QUEUE_NAME.test(def.queue))
    throw new TypeError(`Queue name ${JSON.stringify(def.queue)} must match ${QUEUE_NAME}`);
  if (def.name.length === 0) throw new TypeError('A job needs a name');
  const job: JobDefinition<Name, Schema> = {
    name: def.name,
    queue: def.queue,
    schema: def.schema,
    attempts: def.attempts ?? 5,
    backoffMs: def.backoffMs ?? 1000,
    ...(def.schedule ? { schedule: def.schedule } : {}),
  };
  const existing = definitions.get(def.name);
  if (existing && (existing.queue !== job.queue || existing.schema !== job.schema)) {
    throw new TypeError(`Job ${def.name} is defined twice`);
  }
  definitions.set(def.name, job);
  return job;
}

/** The definition registered under `name`; undefined when no module defined it. */
export function findJobDefinition(name: string): AnyJobDefinition | undefined {
  return definitions.get(name);
}

export interface JobContext {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  logger: Logger;
  /** Aborted when the job system closes: long handlers stop at a safe point and return. */
  signal: AbortSignal;
  updateProgress(progress: number | Record<string, unknown>): Promise<void>;
}

export type JobHandlerFn<Data> = (data: Data, ctx: JobContext) => Promise<unknown>;

export interface JobHandler {
  readonly job: AnyJobDefinition;
  readonly handle: JobHandlerFn<never>;
}

/** Pairs a definition with the code that performs it; the data is parsed with its schema first. */
export function handleJob<D extends AnyJobDefinition>(
  job: D,
  handle: JobHandlerFn<JobData<D>>,
): JobHandler {
  return { job, handle };
}
