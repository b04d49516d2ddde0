import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { urlForDatabase } from '../../tests/support/runtime.ts';
import {
  appendTallies,
  tallyProjection,
  tallyRows,
  useTestStore,
} from '../projections/core/fixtures.test-support.ts';
import { rebuildProjection } from '../projections/core/rebuild.ts';
import { catchUpTo } from './catch-up.ts';

/**
 * An open transaction with a transaction id in ANOTHER database of the server: PostgreSQL's
 * visibility bound is server-wide, so events this test's store commits after it began stay
 * invisible to readAll until it ends (as another engineer's or another test's would).
 */
async function holdVisibilityBound(): Promise<{ pid: number; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: urlForDatabase('postgres') });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT pg_current_xact_id()');
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return {
    pid: rows[0]!.pid,
    end: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

describe('catchUpTo', () => {
  const fx = useTestStore();

  it('with no target, does not return while committed events are held back, and applies them once released', async () => {
    const tally = tallyProjection('held_tally');
    await rebuildProjection(fx.deps(), tally, { waitForLock: true });
    const holder = await holdVisibilityBound();
    let ended = false;
    try {
      await appendTallies(fx.store, 3, { visible: false });
      // Longer than the runner's own held-back wait inside catchUpTo (1 s), after which the
      // runner answers caught-up with heldBack: catchUpTo must keep waiting, and so time out.
      await expect(catchUpTo(fx.deps(), [tally], null, { timeoutMs: 2500 })).rejects.toThrow(
        /held back/,
      );
      expect((await tallyRows(fx.db.knex, 'held_tally')).appliedCount).toBe(0);
      ended = true;
      await holder.end();
      await catchUpTo(fx.deps(), [tally]);
    } finally {
      if (!ended) await holder.end();
    }
    expect((await tallyRows(fx.db.knex, 'held_tally')).appliedCount).toBe(3);
  });

  it('gives up after its bound, naming the open transaction that holds the events back', async () => {
    const tally = tallyProjection('stuck_tally');
    await rebuildProjection(fx.deps(), tally, { waitForLock: true });
    const holder = await holdVisibilityBound();
    try {
      await appendTallies(fx.store, 1, { visible: false });
      await expect(catchUpTo(fx.deps(), [tally], null, { timeoutMs: 200 })).rejects.toThrow(
        /^Projection stuck_tally did not reach the end of the log within 200 ms: committed events are held back behind transaction \d+ in database \S+ \(pid \d+, open \d+ s, /,
      );
    } finally {
      await holder.end();
    }
  });
});
