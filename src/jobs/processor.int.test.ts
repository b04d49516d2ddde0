import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  openTestRuntime,
  type TestDatabase,
  type TestRuntime,
} from '../../tests/support/runtime.ts';
import type { EventStore, Position } from '../eventstore/port.ts';
import { readCheckpoint } from '../projections/core/checkpoints.ts';
import {
  appendTallies,
  createTallyDatabase,
  deferred,
  silentLogger,
  TALLY_EVENT,
  tallyEventDefinitions,
} from '../projections/core/fixtures.test-support.ts';
import { waitForProjections } from '../projections/core/wait-for.ts';
import { defineJob, handleJob } from './define.ts';
import { defineProcessor } from './processor.ts';

const tallySeen = defineJob({
  name: 'test.tally-seen',
  queue: 'test-processors',
  schema: z.object({ eventId: z.string(), amount: z.number() }),
  attempts: 1,
});

describe('event processors', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runtime: TestRuntime;
  const seen: string[] = [];
  const handled: string[] = [];
  let allSeen = deferred();
  let crashOnce = true;

  const announcer = defineProcessor({
    name: 'tally_announcer',
    eventTypes: [TALLY_EVENT],
    async handle(event, ctx) {
      handled.push(event.id);
      await ctx.enqueue(tallySeen, {
        eventId: event.id,
        amount: (event.data as { amount: number }).amount,
      });
      // The side effect happened, then the batch fails: the retry must not enqueue it again.
      if (crashOnce && (event.data as { amount: number }).amount === 502) {
        crashOnce = false;
        throw new Error('crash after the side effect');
      }
    },
  });

  beforeAll(async () => {
    db = await createTallyDatabase();
    store = db.runtime.eventStore;
    await appendTallies(store, 5); // history before the processor existed
    // A second runtime on the same database, the worker process: BullMQ's PostgreSQL backend.
    runtime = await openTestRuntime({
      database: db.runtime.db,
      jobs: 'postgres',
      events: tallyEventDefinitions,
      logger: silentLogger,
      projections: [announcer],
      workers: {
        handlerFactories: [
          () => [
            handleJob(tallySeen, async ({ eventId }) => {
              seen.push(eventId);
              if (seen.length >= 3) allSeen.resolve();
              return Promise.resolve();
            }),
          ],
        ],
      },
    });
  });
  afterAll(async () => {
    await runtime?.close();
    await db?.drop();
  });

  it('starts at the head, then reacts once to each new event even when a batch is retried', async () => {
    expect(await readCheckpoint(db.knex, 'tally_announcer')).toEqual(
      expect.objectContaining({ version: 1 }),
    );
    allSeen = deferred();
    const before = await store.headPosition();
    const position: Position = await appendTallies(store, 3, { start: 501 });
    await runtime.jobs.notifyAppended(position, [TALLY_EVENT]);
    expect(
      await waitForProjections(db.knex, ['tally_announcer'], position, { timeoutMs: 20_000 }),
    ).toBe(true);
    await allSeen.promise;
    const queue = runtime.jobs.queue('test-processors');
    for (let i = 0; i < 200; i++) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
      if (Object.values(counts).every((n) => n === 0)) break;
      await new Promise((r) => setTimeout(r, 25));
    }

    const fresh = await store.readAll({ from: before, eventTypes: [TALLY_EVENT] });
    const ids = fresh.events.map((e) => e.id);
    expect(ids).toHaveLength(3);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(handled.length).toBeGreaterThan(3); // the crashed batch really ran twice
    expect(crashOnce).toBe(false);
  });
});
