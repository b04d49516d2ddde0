import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { deferred } from '../projections/core/fixtures.test-support.ts';
import { DEFAULT_SCHEMA } from './bullmq.ts';
import { defineJob, handleJob } from './define.ts';
import { lockRenewalFailedJobId } from './lock-renewal.ts';
import type { JobSystem } from './system.ts';

/**
 * A lock renewal the backend refuses is an error only while the job's handler still runs; the
 * renewal that races a job's completion (seen under load with `npm start`) is not logged as one.
 */
const stealsItsLock = defineJob({
  name: 'test.steals-its-lock',
  queue: 'test-locks',
  schema: z.object({}),
  attempts: 1,
});

interface LogLine {
  level: number;
  msg: string;
  jobId?: string;
}

describe('lock renewal failures on the postgres backend', () => {
  let db: TestDatabase;
  let jobs: JobSystem;
  let sql: pg.Client;
  const lines: LogLine[] = [];
  let lockLostLogged = deferred<void>();
  const logger = pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        const parsed = JSON.parse(line) as LogLine;
        lines.push(parsed);
        if (parsed.msg.startsWith('lost the lock')) lockLostLogged.resolve();
      },
    },
  );

  beforeAll(async () => {
    db = await createTestDatabase({ jobs: 'postgres', logger, projections: [] });
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    jobs = db.runtime.jobs;
    await jobs.startWorkers(
      [
        handleJob(stealsItsLock, async (_data, ctx) => {
          // Another token now owns the lock, as after the stalled checker re-queued the job.
          const { rows } = await sql.query<{ lock_token: string }>(
            `SELECT lock_token FROM ${DEFAULT_SCHEMA}.job WHERE queue = $1 AND id = $2`,
            [stealsItsLock.queue, ctx.jobId],
          );
          const token = rows[0]!.lock_token;
          await sql.query(
            `UPDATE ${DEFAULT_SCHEMA}.job SET lock_token = 'stolen' WHERE queue = $1 AND id = $2`,
            [stealsItsLock.queue, ctx.jobId],
          );
          await lockLostLogged.promise;
          // Give the lock back so the job can complete normally.
          await sql.query(
            `UPDATE ${DEFAULT_SCHEMA}.job SET lock_token = $3 WHERE queue = $1 AND id = $2`,
            [stealsItsLock.queue, ctx.jobId, token],
          );
        }),
      ],
      { lockDurationMs: 400 },
    );
  });

  afterAll(async () => {
    await jobs?.close();
    await sql?.end();
    await db?.drop();
  });

  it("reads the job id out of BullMQ's renewal error only", () => {
    expect(lockRenewalFailedJobId(new Error('could not renew lock for job 29'))).toBe('29');
    expect(lockRenewalFailedJobId(new Error('Missing lock for job 29'))).toBeUndefined();
    expect(lockRenewalFailedJobId('could not renew lock for job 29')).toBeUndefined();
  });

  it('logs an error naming the job when a running job loses its lock', async () => {
    lockLostLogged = deferred<void>();
    const jobId = await jobs.enqueue(stealsItsLock, {});
    await lockLostLogged.promise;
    const lost = lines.find((l) => l.msg.startsWith('lost the lock'));
    expect(lost).toMatchObject({ level: 50, jobId });
    expect(lines.filter((l) => l.msg === 'worker error')).toEqual([]);
  });
});
