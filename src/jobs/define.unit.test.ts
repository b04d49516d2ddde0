import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, findJobDefinition, handleJob } from './define.ts';

describe('job definitions', () => {
  it('applies the default retry policy and registers the job by name', () => {
    const job = defineJob({
      name: 'unit.ping',
      queue: 'unit',
      schema: z.object({ n: z.number() }),
    });
    expect(job).toMatchObject({ name: 'unit.ping', queue: 'unit', attempts: 5, backoffMs: 1000 });
    expect(findJobDefinition('unit.ping')).toBe(job);
    expect(findJobDefinition('unit.nothing')).toBeUndefined();
  });

  it('refuses a second definition under the same name and a queue name BullMQ cannot use', () => {
    defineJob({ name: 'unit.twice', queue: 'unit', schema: z.object({}) });
    expect(() =>
      defineJob({ name: 'unit.twice', queue: 'unit', schema: z.object({ other: z.string() }) }),
    ).toThrow(/defined twice/);
    expect(() =>
      defineJob({ name: 'unit.bad-queue', queue: 'has:colon', schema: z.object({}) }),
    ).toThrow(/Queue name/);
  });

  it('pairs a handler with its definition', () => {
    const job = defineJob({
      name: 'unit.handled',
      queue: 'unit',
      schema: z.object({ id: z.string() }),
    });
    const handler = handleJob(job, async (data) => Promise.resolve(data.id));
    expect(handler.job).toBe(job);
  });
});
