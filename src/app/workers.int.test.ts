import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime, type TestDatabase } from '../../tests/support/runtime.ts';
import type { EventStore } from '../eventstore/port.ts';
import { readCheckpoint } from '../projections/core/checkpoints.ts';
import {
  appendTallies,
  createTallyDatabase,
  expectedTallies,
  silentLogger,
  tallyEventDefinitions,
  tallyProjection,
  tallyRows,
} from '../projections/core/fixtures.test-support.ts';
import { waitForProjections } from '../projections/core/wait-for.ts';

describe('workers of a runtime (PostgreSQL job backend)', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTallyDatabase();
    store = db.runtime.eventStore;
  });
  afterAll(async () => {
    await db.drop();
  });

  /** A worker process on the same database (its own runtime), BullMQ's PostgreSQL backend. */
  const start = (version: number, extraColumn?: string) =>
    openTestRuntime({
      database: db.runtime.db,
      jobs: 'postgres',
      events: tallyEventDefinitions,
      logger: silentLogger,
      projections: [tallyProjection('board', version, extraColumn ? { extraColumn } : {})],
      workers: { handlerFactories: [] },
    });

  it('builds a new projection at start, then projects appends it is told about', async () => {
    await appendTallies(store, 25);
    const runtime = await start(1);
    try {
      expect(runtime.jobs.backend).toBe('postgres');
      expect(await readCheckpoint(db.knex, 'board')).toEqual(
        expect.objectContaining({ version: 1 }),
      );
      const position = await appendTallies(store, 5, { start: 100 });
      await runtime.jobs.notifyAppended(position, ['TallyAdded']);
      expect(await waitForProjections(db.knex, ['board'], position, { timeoutMs: 20_000 })).toBe(
        true,
      );
      const rows = await tallyRows(db.knex, 'board');
      expect(rows.totals).toEqual((await expectedTallies(store)).totals);
      expect(rows.distinctApplied).toBe(rows.appliedCount);
    } finally {
      await runtime.close();
    }
  });

  it('rebuilds a projection whose version changed when it starts, and catches up what was appended meanwhile', async () => {
    const position = await appendTallies(store, 3, { start: 200 }); // appended while no worker runs
    const runtime = await start(2, 'badge');
    try {
      expect(await readCheckpoint(db.knex, 'board')).toEqual(
        expect.objectContaining({ version: 2 }),
      );
      expect(await db.knex.schema.hasColumn('board_totals', 'badge')).toBe(true);
      expect(await waitForProjections(db.knex, ['board'], position, { timeoutMs: 20_000 })).toBe(
        true,
      );
      expect((await tallyRows(db.knex, 'board')).totals).toEqual(
        (await expectedTallies(store)).totals,
      );
    } finally {
      await runtime.close();
    }
  });

  it('wakes every projection at start to catch up with appends made while no worker ran', async () => {
    const position = await appendTallies(store, 4, { start: 300 });
    const runtime = await start(2, 'badge'); // same version: no rebuild
    try {
      expect(await waitForProjections(db.knex, ['board'], position, { timeoutMs: 20_000 })).toBe(
        true,
      );
      expect((await tallyRows(db.knex, 'board')).totals).toEqual(
        (await expectedTallies(store)).totals,
      );
    } finally {
      await runtime.close();
    }
  });
});
