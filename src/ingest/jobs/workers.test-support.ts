import { ingestJobHandlers } from './handlers.ts';
import type { JobRecord } from '../../jobs/backend.ts';
import type { JobSystem } from '../../jobs/system.ts';
import type { Projection } from '../../projections/core/types.ts';
import { catchUpForTest } from '../../../tests/support/runtime.ts';
import { silentLogger, type IngestTestEnv } from '../ingest-env.test-support.ts';

/**
 * The test runtime's real BullMQ job system (the test Redis, a unique prefix) running the ingest
 * queue's real handlers, without iRacing credentials (so the handlers ingest from the database's
 * demo world). The env's `close()` closes it too.
 */
export async function startIngestWorkers(env: IngestTestEnv): Promise<JobSystem> {
  const { runtime } = env.db;
  await runtime.jobs.startWorkers(ingestJobHandlers(runtime));
  return runtime.jobs;
}

/** Polls a job until it completed or failed for good (bounded), and returns its record. */
export async function waitForJob(
  jobs: JobSystem,
  queue: string,
  id: string,
  timeoutMs = 120_000,
): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobs.queue(queue).getJob(id);
    if (job?.finishedOn) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Builds the projections (first build) and catches them up with the log, as a worker would. */
export function catchUpProjections(
  env: IngestTestEnv,
  projections: readonly Projection[],
): Promise<void> {
  return catchUpForTest(
    { knex: env.db.knex, eventStore: env.store, logger: silentLogger },
    projections,
  );
}
