import { beforeAll, describe, expect, it } from 'vitest';
import { comparePositions } from '../../eventstore/port.ts';
import { readCheckpoint } from './checkpoints.ts';
import {
  amountOf,
  appendTallies,
  deferred,
  expectedTallies,
  tallyProjection,
  tallyRows,
  useTestStore,
} from './fixtures.test-support.ts';
import { rebuildProjection, rebuildStaleProjections, shadowSchemaName } from './rebuild.ts';
import { createProjectionRunner } from './runner.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (condition()) return;
    await sleep(10);
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('projection rebuild', () => {
  const fx = useTestStore();
  const { deps } = fx;
  const schemaExists = async (schema: string) =>
    (
      (await fx.db
        .knex('information_schema.schemata')
        .where({ schema_name: schema })
        .count({ n: '*' })
        .first()) as { n: number }
    ).n > 0;

  beforeAll(async () => {
    await appendTallies(fx.store, 200, { perAppend: 10 });
  });

  it('ends equal to a fresh full replay when appends and the live runner continue during the rebuild', async () => {
    const p = tallyProjection('busy');
    await rebuildProjection(deps(), p);

    let stop = false;
    let appended = 0;
    const appender = (async () => {
      // Bounded, so the later tests replay a log of a known, modest size.
      for (let k = 0; !stop && appended < 400; k++) {
        await appendTallies(fx.store, 5, { start: 10_000 + k * 5, streams: 4, perAppend: 2 });
        appended += 5;
      }
    })();
    const runner = createProjectionRunner(deps(), { batchSize: 20 });
    const live = (async () => {
      while (!stop) {
        await runner.runUntilCaughtUp(p);
        await sleep(5);
      }
    })();

    try {
      const appendedBefore = appended;
      const result = await rebuildProjection(deps(), p, {
        batchSize: 25,
        onProgress: async (progress) => {
          // Hold the replay until the log has visibly grown under it.
          if (progress.phase === 'replay' && progress.batches === 2) {
            await until(() => appended >= appendedBefore + 40, 'concurrent appends');
          }
        },
      });
      expect(result.kind).toBe('rebuilt');
      await until(() => appended >= appendedBefore + 60, 'appends after the swap');
    } finally {
      stop = true;
      await appender;
      await live;
    }
    await runner.runUntilCaughtUp(p);

    const fresh = tallyProjection('fresh');
    await rebuildProjection(deps(), fresh);
    const rebuilt = await tallyRows(fx.db.knex, 'busy');
    const replayed = await tallyRows(fx.db.knex, 'fresh');
    const expected = await expectedTallies(fx.store);
    expect(rebuilt.totals).toEqual(replayed.totals);
    expect(rebuilt.totals).toEqual(expected.totals);
    expect(rebuilt.appliedIds).toEqual(replayed.appliedIds);
    expect(rebuilt.appliedCount).toBe(expected.count);
    expect(rebuilt.distinctApplied).toBe(expected.count);
    expect(await readCheckpoint(fx.db.knex, 'busy')).toEqual(
      expect.objectContaining({ version: 1, eventsApplied: expected.count }),
    );
  });

  it('keeps serving the complete old tables while the shadow tables fill, then drops the shadow schema', async () => {
    const p = tallyProjection('reader');
    await rebuildProjection(deps(), p);
    const before = await tallyRows(fx.db.knex, 'reader');
    let during: Awaited<ReturnType<typeof tallyRows>> | undefined;
    let shadow: Awaited<ReturnType<typeof tallyRows>> | undefined;
    await rebuildProjection(deps(), p, {
      batchSize: 30,
      onProgress: async (progress) => {
        if (progress.phase === 'replay' && progress.batches === 1) {
          during = await tallyRows(fx.db.knex, 'reader');
          shadow = await tallyRows(fx.db.knex, 'reader', shadowSchemaName('reader'));
        }
      },
    });
    expect(during).toEqual(before);
    expect(shadow!.appliedCount).toBe(30);
    expect(shadow!.appliedCount).toBeLessThan(before.appliedCount);
    expect(await schemaExists(shadowSchemaName('reader'))).toBe(false);
    expect(await tallyRows(fx.db.knex, 'reader')).toEqual(before);
  });

  it('swaps in tables with planner statistics and their pages marked all-visible', async () => {
    const p = tallyProjection('vacuumed');
    await rebuildProjection(deps(), p);
    const { rows } = await fx.db.knex.raw<{
      rows: { relname: string; reltuples: number; relpages: number; relallvisible: number }[];
    }>(
      `select relname, reltuples, relpages, relallvisible from pg_class
        where relname in ('vacuumed_totals', 'vacuumed_applied') and relnamespace = 'public'::regnamespace
        order by relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual(['vacuumed_applied', 'vacuumed_totals']);
    for (const r of rows) {
      // ANALYZE sets reltuples (−1 means never analyzed); VACUUM sets the visibility map, so an
      // index-only scan on the new table answers from the index alone.
      expect(r.reltuples).toBeGreaterThan(0);
      expect(r.relpages).toBeGreaterThan(0);
      expect(r.relallvisible).toBe(r.relpages);
    }
  });

  it('rebuilds at start only what is missing or whose version changed', async () => {
    const v1 = tallyProjection('ver', 1);
    expect((await rebuildStaleProjections(deps(), [v1])).map((r) => r.kind)).toEqual(['rebuilt']);
    expect(await rebuildStaleProjections(deps(), [v1])).toEqual([]);

    const v2 = tallyProjection('ver', 2, { extraColumn: 'note' });
    const results = await rebuildStaleProjections(deps(), [v2]);
    expect(results).toEqual([expect.objectContaining({ kind: 'rebuilt', version: 2 })]);
    expect(await readCheckpoint(fx.db.knex, 'ver')).toEqual(
      expect.objectContaining({ version: 2, status: 'idle' }),
    );
    expect(await fx.db.knex.schema.hasColumn('ver_totals', 'note')).toBe(true);
    expect((await tallyRows(fx.db.knex, 'ver')).totals).toEqual(
      (await expectedTallies(fx.store)).totals,
    );
  });

  it('leaves the live tables and checkpoint in place when a rebuild fails', async () => {
    const good = tallyProjection('fragile');
    await rebuildProjection(deps(), good);
    const before = await tallyRows(fx.db.knex, 'fragile');
    const positionBefore = (await readCheckpoint(fx.db.knex, 'fragile'))!.position;

    const bad = tallyProjection('fragile', 1, { failWhen: (e) => amountOf(e) === 150 });
    await expect(rebuildProjection(deps(), bad)).rejects.toThrow('tally refuses amount 150');
    expect(await tallyRows(fx.db.knex, 'fragile')).toEqual(before);
    const cp = await readCheckpoint(fx.db.knex, 'fragile');
    expect(cp).toEqual(
      expect.objectContaining({ version: 1, status: 'failed', position: positionBefore }),
    );
    expect(cp!.lastError).toContain('rebuild failed');
    expect(await schemaExists(shadowSchemaName('fragile'))).toBe(false);
  });

  it('waits at the end of the log for events an older open transaction still holds back', async () => {
    // An open transaction with an id, older than the appends below: the store holds them back.
    const blocker = await fx.db.knex.transaction();
    let last;
    try {
      await blocker.raw('SELECT pg_current_xact_id()');
      last = await appendTallies(fx.store, 30, { start: 50_000, visible: false });
      expect(comparePositions(await fx.store.headPosition(), last)).toBeLessThan(0);
      const rebuilt = rebuildProjection(deps(), tallyProjection('patient'));
      await sleep(300); // the replay reaches the end and finds the tail held back
      await blocker.commit();
      expect(await rebuilt).toMatchObject({ kind: 'rebuilt' });
    } finally {
      if (!blocker.isCompleted()) await blocker.rollback();
    }
    expect(
      comparePositions((await readCheckpoint(fx.db.knex, 'patient'))!.position, last),
    ).toBeGreaterThanOrEqual(0);
    const rebuilt = await tallyRows(fx.db.knex, 'patient');
    const expected = await expectedTallies(fx.store);
    expect(rebuilt.totals).toEqual(expected.totals);
    expect(rebuilt.appliedCount).toBe(expected.count);
  });

  it('runs one rebuild of a projection at a time', async () => {
    const p = tallyProjection('once');
    const gate = deferred();
    const entered = deferred();
    const first = rebuildProjection(deps(), p, {
      onProgress: async () => {
        entered.resolve();
        await gate.promise;
      },
    });
    await entered.promise;
    expect(await rebuildProjection(deps(), p)).toEqual({
      kind: 'skipped',
      projection: 'once',
      reason: 'locked',
    });
    gate.resolve();
    expect((await first).kind).toBe('rebuilt');
  });

  it('refuses a projection whose createTables does not create a declared table', async () => {
    const p = {
      ...tallyProjection('liar'),
      tables: ['liar_totals', 'liar_applied', 'liar_missing'],
    };
    await expect(rebuildProjection(deps(), p)).rejects.toThrow('did not create liar_missing');
    expect(await fx.db.knex.schema.hasTable('liar_totals')).toBe(false);
  });
});
