import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../tests/support/runtime.ts';
import type { EventStore } from '../eventstore/port.ts';
import {
  appendTallies,
  createTallyDatabase,
  deferred,
  expectedTallies,
  silentLogger,
  tallyProjection,
  tallyRows,
} from '../projections/core/fixtures.test-support.ts';
import { rebuildProjection } from '../projections/core/rebuild.ts';
import { waitForProjections } from '../projections/core/wait-for.ts';
import { pollProjections, projectionJobHandlers } from './projection-jobs.ts';
import type { JobSystem } from './system.ts';

describe.each(['redis', 'postgres'] as const)(
  'projection wake-ups on the %s backend',
  (backend) => {
    let db: TestDatabase;
    let store: EventStore;
    let jobs: JobSystem;

    // The first apply of `gated` blocks until the test releases it: a wake job is then running.
    const gateReached = deferred();
    const gate = deferred();
    let gatedCalls = 0;
    const gated = tallyProjection('gated', 1, {
      beforeApply: async () => {
        gatedCalls += 1;
        if (gatedCalls === 1) {
          gateReached.resolve();
          await gate.promise;
        }
      },
    });
    const polled = tallyProjection('polled');

    beforeAll(async () => {
      // The runtime's job system on the backend under test, knowing the two projections.
      db = await createTallyDatabase({
        jobs: backend,
        label: 'wake',
        projections: [gated, polled],
      });
      ({ eventStore: store, jobs } = db.runtime);
      const registry = db.runtime.projections;
      const deps = { knex: db.knex, eventStore: store, logger: silentLogger };
      await rebuildProjection(deps, gated);
      await rebuildProjection(deps, polled);
      gatedCalls = 0;
      // Only `gated` is woken by appends in the first test; `polled` relies on the poll.
      await jobs.startWorkers(projectionJobHandlers({ ...deps, registry, jobs }));
    });
    afterAll(async () => {
      gate.resolve();
      await db?.drop();
    });

    it('loses no events when wake-ups arrive while a wake job is running', async () => {
      const first = await appendTallies(store, 10);
      await jobs.wake(['gated'], first);
      await gateReached.promise; // the job has read the first 10 events and is applying them

      // These appends and wakes come after the running job's last read.
      const last = await appendTallies(store, 10, { start: 100 });
      for (let i = 0; i < 3; i++) await jobs.wake(['gated'], last);
      gate.resolve();

      expect(await waitForProjections(db.knex, ['gated'], last, { timeoutMs: 20_000 })).toBe(true);
      const rows = await tallyRows(db.knex, 'gated');
      const expected = await expectedTallies(store);
      expect(rows.totals).toEqual(expected.totals);
      expect(rows.appliedCount).toBe(expected.count);
      expect(rows.distinctApplied).toBe(expected.count);
      expect(gatedCalls).toBeGreaterThanOrEqual(2);
    });

    it('the safety poll catches up a projection that no wake-up reached', async () => {
      const position = await appendTallies(store, 4, { start: 200 });
      await jobs.schedule(pollProjections, { everyMs: 300, data: {} });
      expect(await waitForProjections(db.knex, ['polled'], position, { timeoutMs: 20_000 })).toBe(
        true,
      );
      expect((await tallyRows(db.knex, 'polled')).totals).toEqual(
        (await expectedTallies(store)).totals,
      );
    });

    it('notifyAppended wakes exactly the projections that handle the appended types', async () => {
      const position = await appendTallies(store, 2, { start: 300 });
      await jobs.notifyAppended(position, ['TallyAdded']);
      expect(
        await waitForProjections(db.knex, ['gated', 'polled'], position, { timeoutMs: 20_000 }),
      ).toBe(true);
      await expect(jobs.notifyAppended(position, ['NobodyCares'])).resolves.toBeUndefined();
    });
  },
);
