import { describe, expect, it } from 'vitest';
import { comparePositions, type PayloadEvent } from '../../eventstore/port.ts';
import { readCheckpoint } from './checkpoints.ts';
import {
  amountOf,
  appendTallies,
  expectedTallies,
  otherEvent,
  TALLY_EVENT,
  tallyProjection,
  tallyRows,
  waitUntilVisible,
  useTestStore,
} from './fixtures.test-support.ts';
import { RUNNER_LOCK_CLASS } from './locks.ts';
import { rebuildProjection } from './rebuild.ts';
import { createProjectionRegistry } from './registry.ts';
import { projectionStatuses } from './status.ts';
import type { PayloadProjection } from './types.ts';
import { applyBatch, createProjectionRunner, ProjectionFailedError } from './runner.ts';

describe('projection runner', () => {
  const fx = useTestStore();
  const { deps } = fx;

  it('refuses to apply before the first build, builds from the whole log, then follows appends', async () => {
    const p = tallyProjection('first');
    await appendTallies(fx.store, 12);
    const runner = createProjectionRunner(deps(), { batchSize: 5 });
    expect(await runner.runBatch(p)).toEqual({
      kind: 'needs-rebuild',
      reason: 'not-built',
      storedVersion: null,
    });

    const built = await rebuildProjection(deps(), p, { batchSize: 5 });
    expect(built.kind).toBe('rebuilt');
    await appendTallies(fx.store, 7, { start: 100 });
    await waitUntilVisible(fx.store, (await fx.store.append('noise-1', [otherEvent()])).position);
    const result = await runner.runUntilCaughtUp(p);
    expect(result.kind).toBe('caught-up');

    const expected = await expectedTallies(fx.store);
    const rows = await tallyRows(fx.db.knex, 'first');
    expect(rows.totals).toEqual(expected.totals);
    expect(rows.appliedCount).toBe(expected.count);
    const cp = await readCheckpoint(fx.db.knex, 'first');
    expect(cp).toMatchObject({ version: 1, status: 'idle', eventsApplied: expected.count });
    // The checkpoint moved past the filtered-out event too.
    expect(comparePositions(cp!.position, await fx.store.headPosition())).toBe(0);
  });

  it('rolls back a batch that throws mid-way, records the error, and resumes with every event applied exactly once', async () => {
    let broken = true;
    const p = tallyProjection('midway', 1, { failWhen: (e) => broken && amountOf(e) === 1023 });
    await rebuildProjection(deps(), p);
    const before = await tallyRows(fx.db.knex, 'midway');
    await appendTallies(fx.store, 50, { start: 1001 }); // amount 1023 is the 23rd: batches of 10 fail in the 3rd, after 2 rows of it
    const sleeps: number[] = [];
    const runner = createProjectionRunner(deps(), {
      batchSize: 10,
      maxAttempts: 3,
      retryDelayMs: 7,
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
    });

    await expect(runner.runUntilCaughtUp(p)).rejects.toBeInstanceOf(ProjectionFailedError);
    expect(sleeps).toEqual([7, 14]);
    const failed = await readCheckpoint(fx.db.knex, 'midway');
    expect(failed).toMatchObject({ status: 'failed', failures: 3 });
    expect(failed!.lastError).toContain('tally refuses amount 1023');
    const partial = await tallyRows(fx.db.knex, 'midway');
    expect(partial.appliedCount - before.appliedCount).toBe(20); // two whole batches, none of the third
    expect(partial.distinctApplied).toBe(partial.appliedCount);

    broken = false;
    const resumed = await runner.runUntilCaughtUp(p);
    expect(resumed).toMatchObject({ kind: 'caught-up', eventsApplied: 30 });
    const expected = await expectedTallies(fx.store);
    const rows = await tallyRows(fx.db.knex, 'midway');
    expect(rows.totals).toEqual(expected.totals);
    expect(rows.appliedCount).toBe(expected.count);
    expect(rows.distinctApplied).toBe(expected.count);
    expect(await readCheckpoint(fx.db.knex, 'midway')).toMatchObject({
      status: 'idle',
      failures: 0,
      lastError: null,
    });
  });

  it('retries a transient failure inside one catch-up', async () => {
    let failuresLeft = 0;
    const p = tallyProjection('transient', 1, {
      failWhen: () => {
        if (failuresLeft === 0) return false;
        failuresLeft -= 1;
        return true;
      },
    });
    await rebuildProjection(deps(), p);
    failuresLeft = 1;
    await appendTallies(fx.store, 5, { start: 2001 });
    const runner = createProjectionRunner(deps(), { retryDelayMs: 1 });
    expect((await runner.runUntilCaughtUp(p)).kind).toBe('caught-up');
    const rows = await tallyRows(fx.db.knex, 'transient');
    expect(rows.appliedCount).toBe((await expectedTallies(fx.store)).count);
    expect(rows.distinctApplied).toBe(rows.appliedCount);
  });

  it('compare-and-set refuses a batch read before another runner advanced the checkpoint', async () => {
    const p = tallyProjection('cas');
    await rebuildProjection(deps(), p);
    await appendTallies(fx.store, 6, { start: 3001 });
    const stale = await readCheckpoint(fx.db.knex, 'cas');
    const read = await fx.store.readAll({ from: stale!.position, eventTypes: p.eventTypes });
    expect(read.events.length).toBe(6);

    // Runner B advances the checkpoint first.
    await createProjectionRunner(deps()).runUntilCaughtUp(p);
    const afterB = await tallyRows(fx.db.knex, 'cas');

    // Runner A now commits what it read from the old position: refused, nothing applied.
    const outcome = await applyBatch(fx.db.knex, p, {
      from: stale!.position,
      events: read.events,
      next: read.next,
      isEnd: true,
    });
    expect(outcome).toEqual({ kind: 'conflict' });
    const afterA = await tallyRows(fx.db.knex, 'cas');
    expect(afterA).toEqual(afterB);
    expect(afterA.distinctApplied).toBe(afterA.appliedCount);
  });

  it('lets only one runner write a projection at a time', async () => {
    const p = tallyProjection('single');
    await rebuildProjection(deps(), p);
    await appendTallies(fx.store, 4, { start: 4001 });
    const before = await readCheckpoint(fx.db.knex, 'single');
    const runner = createProjectionRunner(deps());

    const holder = await fx.db.knex.transaction();
    try {
      await holder.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [
        RUNNER_LOCK_CLASS,
        'single',
      ]);
      expect(await runner.runBatch(p)).toEqual({ kind: 'busy' });
      expect(await runner.runUntilCaughtUp(p)).toEqual({ kind: 'busy' });
    } finally {
      await holder.rollback();
    }
    expect((await readCheckpoint(fx.db.knex, 'single'))!.position).toBe(before!.position);

    // Many runners racing over many batches still apply each event once.
    await appendTallies(fx.store, 120, { start: 5001, perAppend: 7 });
    const racers = Array.from({ length: 4 }, () =>
      createProjectionRunner(deps(), { batchSize: 9 }),
    );
    await Promise.all(
      racers.map(async (r) => {
        // A runner that finds the lock taken returns 'busy'; keep going until the log is drained.
        for (let i = 0; i < 1000; i++)
          if ((await r.runUntilCaughtUp(p)).kind === 'caught-up') return;
        throw new Error('runner never caught up');
      }),
    );
    const rows = await tallyRows(fx.db.knex, 'single');
    const expected = await expectedTallies(fx.store);
    expect(rows.totals).toEqual(expected.totals);
    expect(rows.appliedCount).toBe(expected.count);
    expect(rows.distinctApplied).toBe(expected.count);
  });

  it('does not apply events to tables built by another version', async () => {
    const v1 = tallyProjection('versioned', 1);
    await rebuildProjection(deps(), v1);
    await appendTallies(fx.store, 3, { start: 6001 });
    const before = await tallyRows(fx.db.knex, 'versioned');
    const v2 = tallyProjection('versioned', 2);
    const result = await createProjectionRunner(deps()).runUntilCaughtUp(v2);
    expect(result).toEqual({ kind: 'needs-rebuild', reason: 'version-changed', storedVersion: 1 });
    expect(await tallyRows(fx.db.knex, 'versioned')).toEqual(before);
  });

  it("reports lag in events of the projection's types, state and versions for the operator", async () => {
    const p = tallyProjection('lagging');
    await rebuildProjection(deps(), p);
    await appendTallies(fx.store, 4, { start: 7001 });
    await waitUntilVisible(
      fx.store,
      (await fx.store.append('noise-2', [otherEvent(), otherEvent()])).position,
    );
    const registry = createProjectionRegistry([p, tallyProjection('unbuilt', 3)]);
    const [lagging, unbuilt] = await projectionStatuses(deps(), registry);
    expect(lagging).toMatchObject({
      name: 'lagging',
      codeVersion: 1,
      storedVersion: 1,
      lag: 4,
      state: 'idle',
    });
    expect(unbuilt).toMatchObject({
      name: 'unbuilt',
      storedVersion: null,
      lag: null,
      state: 'not-built',
    });
    await createProjectionRunner(deps()).runUntilCaughtUp(p);
    const [after] = await projectionStatuses(deps(), registry);
    expect(after).toMatchObject({ lag: 0, checkpoint: after!.head });
    const orphans = (await projectionStatuses(deps(), registry)).filter(
      (r) => r.state === 'orphan',
    );
    expect(orphans.map((r) => r.name)).toContain('first');
  });

  it("reads a payload projection's batches as payload events, and refuses payload events for a full one", async () => {
    // Records which fields each applied event had (payload events have exactly four).
    const name = 'payload_reader';
    const seen: { position: string; fields: string; amount: number }[] = [];
    const p: PayloadProjection = {
      name,
      version: 1,
      reads: 'payload',
      eventTypes: [TALLY_EVENT],
      tables: [`${name}_rows`],
      createTables: (db) => db.schema.createTable(`${name}_rows`, (t) => t.text('position')),
      apply: async (trx, events: readonly PayloadEvent[]) => {
        for (const e of events) {
          seen.push({
            position: e.position,
            fields: Object.keys(e).sort().join(','),
            amount: (e.data as { amount: number }).amount,
          });
          await trx(`${name}_rows`).insert({ position: e.position });
        }
      },
    };
    await rebuildProjection(deps(), p);
    seen.length = 0;
    await appendTallies(fx.store, 7, { start: 9001 });
    const result = await createProjectionRunner(deps(), { batchSize: 3 }).runUntilCaughtUp(p);
    expect(result).toMatchObject({ kind: 'caught-up', eventsApplied: 7 });
    expect(seen.map((e) => e.amount)).toEqual([9001, 9002, 9003, 9004, 9005, 9006, 9007]);
    expect(new Set(seen.map((e) => e.fields))).toEqual(
      new Set(['data,position,schemaVersion,type']),
    );
    const cp = await readCheckpoint(fx.db.knex, name);
    expect(cp?.position).toBe(seen.at(-1)!.position);

    // A full projection never gets them: the batch is refused before anything is applied.
    const full = tallyProjection('full_refuses');
    await rebuildProjection(deps(), full);
    const from = (await readCheckpoint(fx.db.knex, 'full_refuses'))!.position;
    await appendTallies(fx.store, 1, { start: 9100 });
    const page = await fx.store.readAll({ from, eventTypes: [TALLY_EVENT], fields: 'payload' });
    await expect(applyBatch(fx.db.knex, full, { from, ...page })).rejects.toBeInstanceOf(TypeError);
    expect((await readCheckpoint(fx.db.knex, 'full_refuses'))!.position).toBe(from);
  });

  it('waits, bounded, for events the store holds back behind an older open transaction', async () => {
    const p = tallyProjection('held');
    await rebuildProjection(deps(), p);
    const before = (await tallyRows(fx.db.knex, 'held')).appliedCount;
    const holder = await fx.db.knex.transaction();
    try {
      await holder.raw('SELECT pg_current_xact_id()'); // takes a transaction id: the visibility bound stops here
      await appendTallies(fx.store, 3, { start: 8001, visible: false });
      const runner = createProjectionRunner(deps(), { maxHeldBackWaitMs: 40 });
      expect(await runner.runUntilCaughtUp(p)).toMatchObject({
        kind: 'caught-up',
        eventsApplied: 0,
        heldBack: true,
      });

      const patient = createProjectionRunner(deps(), { maxHeldBackWaitMs: 20_000 });
      const catchingUp = patient.runUntilCaughtUp(p);
      await new Promise((r) => setTimeout(r, 50));
      await holder.rollback();
      expect(await catchingUp).toMatchObject({
        kind: 'caught-up',
        eventsApplied: 3,
        heldBack: false,
      });
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
    }
    expect((await tallyRows(fx.db.knex, 'held')).appliedCount).toBe(before + 3);
  });
});
