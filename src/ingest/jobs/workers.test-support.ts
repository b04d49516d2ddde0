import { loadConfig } from '../../config.ts';
import { ingestJobHandlers } from './handlers.ts';
import type { JobRecord } from '../../jobs/backend.ts';
import { createJobSystem, type JobSystem } from '../../jobs/system.ts';
import { rebuildStaleProjections } from '../../projections/core/rebuild.ts';
import { createProjectionRegistry } from '../../projections/core/registry.ts';
import { createProjectionRunner } from '../../projections/core/runner.ts';
import type { Projection } from '../../projections/core/types.ts';
import { testRedisUrl, uniquePrefix } from '../../../tests/support/db.ts';
import { silentLogger, type IngestTestEnv } from '../ingest-env.test-support.ts';

/**
 * A real BullMQ job system on the test Redis (unique prefix) running the ingest queue's real
 * handlers, without iRacing credentials (so the handlers ingest from the database's demo world).
 */
export async function startIngestWorkers(
  env: IngestTestEnv,
  projections: readonly Projection[],
): Promise<JobSystem> {
  const registry = createProjectionRegistry(projections);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const jobs = await createJobSystem({
    config: { REDIS_URL: testRedisUrl },
    logger: silentLogger,
    prefix: uniquePrefix('ingest'),
    projections: registry,
  });
  await jobs.startWorkers(
    ingestJobHandlers({
      config,
      knex: env.db.knex,
      eventStore: env.store,
      logger: silentLogger,
      jobs,
      projections: registry,
    }),
  );
  return jobs;
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
export async function catchUpProjections(
  env: IngestTestEnv,
  projections: readonly Projection[],
): Promise<void> {
  const deps = { knex: env.db.knex, eventStore: env.store, logger: silentLogger };
  await rebuildStaleProjections(deps, projections);
  const runner = createProjectionRunner(deps);
  for (const p of projections) {
    for (;;) {
      const result = await runner.runUntilCaughtUp(p);
      if (result.kind === 'caught-up') break;
      if (result.kind !== 'busy') throw new Error(`projection ${p.name}: ${result.kind}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
