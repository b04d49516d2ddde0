import { beforeAll, describe, expect, it } from 'vitest';
import { readCheckpoint } from './checkpoints.ts';
import {
  amountOf,
  appendTallies,
  expectedTallies,
  tallyProjection,
  tallyRows,
  useTestStore,
} from './fixtures.test-support.ts';
import { rebuildProjection } from './rebuild.ts';
import { rebuildProjections } from './rebuild-many.ts';
import { createProjectionRunner } from './runner.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Rebuilds on a loaded two-core machine: the first test (four slowed rebuilds beside live
// appends and runners) took 67 s at a load average of 31, the others up to 15 s. The bound is
// well above the default 30 s; it only catches a hang.
describe('rebuilding several projections side by side', { timeout: 240_000 }, () => {
  const fx = useTestStore();
  const { deps } = fx;

  beforeAll(async () => {
    await appendTallies(fx.store, 200, { perAppend: 10 });
  });

  it('runs at most `concurrency` at a time, each equal to a fresh replay, while appends and live runners go on', async () => {
    const names = ['many_a', 'many_b', 'many_c', 'many_d'];
    // Slow batches, so the rebuilds surely overlap.
    const slow = { beforeApply: () => sleep(5).then(() => undefined) };
    for (const name of names) await rebuildProjection(deps(), tallyProjection(name));

    let stop = false;
    const appender = (async () => {
      for (let k = 0; !stop && k < 40; k++) {
        await appendTallies(fx.store, 5, { start: 20_000 + k * 5, streams: 3, perAppend: 5 });
      }
    })();
    const runner = createProjectionRunner(deps(), { batchSize: 15 });
    const live = (async () => {
      while (!stop) {
        for (const name of names) await runner.runUntilCaughtUp(tallyProjection(name));
        await sleep(5);
      }
    })();

    let active = 0;
    let maxActive = 0;
    const replaying = new Set<string>();
    let maxReplaying = 0;
    const phases: string[] = [];
    let outcomes;
    try {
      outcomes = await rebuildProjections(
        deps(),
        names.map((n) => tallyProjection(n, 1, slow)),
        {
          concurrency: 2,
          batchSize: 20,
          onStart: () => {
            active += 1;
            maxActive = Math.max(maxActive, active);
          },
          onDone: () => {
            active -= 1;
          },
          onProgress: ({ projection, phase }) => {
            if (phase === 'replay') replaying.add(projection);
            else replaying.delete(projection);
            maxReplaying = Math.max(maxReplaying, replaying.size);
            if (!phases.includes(`${projection} ${phase}`)) phases.push(`${projection} ${phase}`);
          },
        },
      );
    } finally {
      stop = true;
      await appender;
      await live;
    }
    expect(maxActive).toBe(2);
    // Two run at a time, but one replays at a time: the next replay starts once the running one
    // has reached its finish phase.
    expect(maxReplaying).toBe(1);
    expect(phases.filter((p) => p.endsWith(' replay'))).toEqual(names.map((n) => `${n} replay`));
    expect(phases.indexOf('many_b replay')).toBeGreaterThan(phases.indexOf('many_a finish'));
    expect(outcomes.map((o) => [o.projection, o.ok && o.result.kind])).toEqual(
      names.map((n) => [n, 'rebuilt']),
    );

    const expected = await expectedTallies(fx.store);
    for (const name of names) {
      await runner.runUntilCaughtUp(tallyProjection(name));
      const rows = await tallyRows(fx.db.knex, name);
      expect(rows.totals).toEqual(expected.totals);
      expect(rows.appliedCount).toBe(expected.count);
      expect(rows.distinctApplied).toBe(expected.count);
      expect(await readCheckpoint(fx.db.knex, name)).toEqual(
        expect.objectContaining({ version: 1, status: 'idle', eventsApplied: expected.count }),
      );
    }
  });

  it('goes on with the others when one fails, whose live tables and checkpoint stay as they were', async () => {
    for (const name of ['side_ok', 'side_bad']) {
      await rebuildProjection(deps(), tallyProjection(name));
    }
    const before = await tallyRows(fx.db.knex, 'side_bad');
    const positionBefore = (await readCheckpoint(fx.db.knex, 'side_bad'))!.position;

    const outcomes = await rebuildProjections(
      deps(),
      [
        tallyProjection('side_bad', 1, { failWhen: (e) => amountOf(e) === 150 }),
        tallyProjection('side_ok'),
      ],
      { concurrency: 2 },
    );
    expect(outcomes.map((o) => [o.projection, o.ok])).toEqual([
      ['side_bad', false],
      ['side_ok', true],
    ]);
    const [bad] = outcomes;
    expect(bad?.ok === false && String(bad.error)).toContain('tally refuses amount 150');
    expect(await tallyRows(fx.db.knex, 'side_bad')).toEqual(before);
    expect(await readCheckpoint(fx.db.knex, 'side_bad')).toEqual(
      expect.objectContaining({ status: 'failed', position: positionBefore }),
    );
    expect((await tallyRows(fx.db.knex, 'side_ok')).totals).toEqual(
      (await expectedTallies(fx.store)).totals,
    );
  });

  it('with staleOnly rebuilds only the projections without a checkpoint or with another version', async () => {
    await rebuildProjection(deps(), tallyProjection('stale_same'));
    await rebuildProjection(deps(), tallyProjection('stale_old'));
    const outcomes = await rebuildProjections(
      deps(),
      [
        tallyProjection('stale_same'),
        tallyProjection('stale_old', 2, { extraColumn: 'note' }),
        tallyProjection('stale_new'),
      ],
      { staleOnly: true },
    );
    expect(outcomes.map((o) => [o.projection, o.ok && o.result.kind])).toEqual([
      ['stale_old', 'rebuilt'],
      ['stale_new', 'rebuilt'],
    ]);
    expect(await readCheckpoint(fx.db.knex, 'stale_old')).toEqual(
      expect.objectContaining({ version: 2, status: 'idle' }),
    );
    expect(await fx.db.knex.schema.hasColumn('stale_old_totals', 'note')).toBe(true);
  });
});
