import type { Knex } from 'knex';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { RebuildSession, ShadowTransaction } from '../core/types.ts';
import { toRacingBatch } from './batch.ts';
import { col, type Column } from './bulk.ts';
import { copyRows } from './copy.ts';
import { REPLAY_ORDER_TABLE, type ResultsPart } from './part.ts';
import { createReplayStarts, REPLAY_STARTS_TABLE } from './rebuild-sql.ts';

/** Replay batches of result events: about 40 result rows per event, so ~80k rows per COPY. */
const REPLAY_BATCH_EVENTS = 2000;

const orderColumns: Column<[number, number]>[] = [
  col('subsession_id', 'int4', ([id]) => id),
  col('ord', 'int4', ([, ord]) => ord),
];

/**
 * The rebuild of racing_results: the parts replay what only the log has (subsessions and result
 * rows, drivers' facts) and derive the rest once from those rows when the replay is done. The
 * replay remembers which subsessions it has written (so only a correction pays for replacing
 * rows) and the log order of each subsession's last event (the parts' "latest start" rules).
 */
export function resultsRebuild(parts: readonly ResultsPart[]): RebuildSession {
  const sessions = parts.map((p) => p.rebuild());
  /** Subsession id → position of its last event among the replayed result events. */
  const order = new Map<number, number>();
  let ord = 0;
  return {
    batchSize: REPLAY_BATCH_EVENTS,
    async createTables(trx: Knex.Transaction) {
      for (const s of sessions) await s.createTables(trx);
    },
    prepare(events: readonly RecordedEvent[]) {
      const batch = toRacingBatch(events);
      const superseded = batch.subsessions
        .map((s) => s.data.subsessionId)
        .filter((id) => order.has(id));
      const writes = sessions.map((s) => s.replay?.(batch, superseded) ?? null);
      for (const s of batch.subsessions) order.set(s.data.subsessionId, ++ord);
      return {
        async write(trx: Knex.Transaction) {
          for (const w of writes) await w?.(trx);
        },
      };
    },
    async finish(inShadow: ShadowTransaction) {
      // The subsessions part completes racing_results first; the others only read its tables
      // (and the two replay tables, created once for all of them) and write their own, so they
      // run side by side, each in its own transaction (the database does the work: two cores,
      // and Node is idle meanwhile).
      const [first, ...rest] = sessions;
      if (first) await inShadow((trx) => first.finish(trx));
      await inShadow(async (trx) => {
        await createOrderTable(trx, [...order.entries()]);
        await createReplayStarts(trx);
      });
      const outcomes = await Promise.allSettled(rest.map((s) => inShadow((trx) => s.finish(trx))));
      const failed = outcomes.find((o) => o.status === 'rejected');
      if (failed) throw failed.reason;
      // The shadow schema must hold only the declared tables at the swap.
      await inShadow((trx) => trx.raw(`DROP TABLE ${REPLAY_STARTS_TABLE}, ${REPLAY_ORDER_TABLE}`));
    },
  };
}

/** REPLAY_ORDER_TABLE in the shadow schema, UNLOGGED (no WAL: dropped before the swap). */
async function createOrderTable(
  trx: Knex.Transaction,
  rows: readonly [number, number][],
): Promise<void> {
  await trx.raw(
    `CREATE UNLOGGED TABLE ${REPLAY_ORDER_TABLE} (subsession_id int4 NOT NULL, ord int4 NOT NULL)`,
  );
  await copyRows(trx, REPLAY_ORDER_TABLE, orderColumns, rows);
  await trx.raw(`ALTER TABLE ${REPLAY_ORDER_TABLE} ADD PRIMARY KEY (subsession_id)`);
  await trx.raw(`ANALYZE ${REPLAY_ORDER_TABLE}`);
}
