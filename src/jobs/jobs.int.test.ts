import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { deferred, silentLogger } from '../projections/core/fixtures.test-support.ts';
import { defineJob, handleJob } from './define.ts';
import type { JobSystem } from './system.ts';

const recordVisit = defineJob({
  name: 'test.record-visit',
  queue: 'test-visits',
  schema: z.object({ page: z.string(), times: z.number().int().default(1) }),
  attempts: 3,
  backoffMs: 20,
});

const flaky = defineJob({
  name: 'test.flaky',
  queue: 'test-visits',
  schema: z.object({ key: z.string() }),
  attempts: 3,
  backoffMs: 20,
});

describe.each(['redis', 'postgres'] as const)('job system on the %s backend', (backend) => {
  let db: TestDatabase;
  let jobs: JobSystem;
  const visits: { page: string; times: number; attempt: number }[] = [];
  const flakyAttempts: number[] = [];
  let visited = deferred<void>();
  let flakyDone = deferred<void>();

  beforeAll(async () => {
    // The runtime's job system (src/app/runtime.ts builds it) on the backend under test.
    db = await createTestDatabase({
      jobs: backend,
      label: 'jobs',
      logger: silentLogger,
      projections: [],
    });
    jobs = db.runtime.jobs;
    expect(jobs.backend).toBe(backend);
    await jobs.startWorkers([
      handleJob(recordVisit, async (data, ctx) => {
        visits.push({ ...data, attempt: ctx.attempt });
        visited.resolve();
        return Promise.resolve();
      }),
      handleJob(flaky, async (_data, ctx) => {
        flakyAttempts.push(ctx.attempt);
        if (ctx.attempt === 1) throw new Error('first try fails');
        flakyDone.resolve();
        return Promise.resolve();
      }),
    ]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('runs a real job end to end with its parsed data', async () => {
    visited = deferred();
    const id = await jobs.enqueue(recordVisit, { page: '/drivers' });
    expect(id).toBeTruthy();
    await visited.promise;
    expect(visits).toEqual([{ page: '/drivers', times: 1, attempt: 1 }]);
  });

  it('enqueues by name a job defined elsewhere, validating its data', async () => {
    visited = deferred();
    await jobs.enqueue('test.record-visit', { page: '/series', times: 2 });
    await visited.promise;
    expect(visits.at(-1)).toEqual({ page: '/series', times: 2, attempt: 1 });
    await expect(jobs.enqueue(recordVisit, { page: 42 } as never)).rejects.toThrow();
    await expect(jobs.enqueue('test.unknown', {})).rejects.toThrow('No job is defined');
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    flakyDone = deferred();
    await jobs.enqueue(flaky, { key: 'k' });
    await flakyDone.promise;
    expect(flakyAttempts).toEqual([1, 2]);
  });

  it('ignores a second job with the same job id', async () => {
    const first = await jobs.enqueue(recordVisit, { page: '/once' }, { jobId: 'visit-once' });
    const second = await jobs.enqueue(recordVisit, { page: '/twice' }, { jobId: 'visit-once' });
    expect(second).toBe(first);
  });
});
