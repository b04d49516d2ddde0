import type { Knex } from 'knex';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { RebuildSession, ShadowTransaction } from '../core/types.ts';
import { toRacingBatch } from './batch.ts';
import { col, insertRows, type Column } from './bulk.ts';
import { REPLAY_ORDER_TABLE, type ResultsPart } from './part.ts';

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
      const orderRows = [...order.entries()];
      const withOrder = (finish: (trx: Knex.Transaction) => Promise<void>) =>
        inShadow(async (trx) => {
          await createOrderTable(trx, orderRows);
          await finish(trx);
        });
      // The subsessions part completes racing_results first; the others only read its tables
      // and write their own, so they run side by side, each in its own transaction (the
      // database does the work: two cores, and Node is idle meanwhile).
      const [first, ...rest] = sessions;
      if (first) await inShadow((trx) => first.finish(trx));
      const outcomes = await Promise.allSettled(rest.map((s) => withOrder((trx) => s.finish(trx))));
      const failed = outcomes.find((o) => o.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}

/** REPLAY_ORDER_TABLE for one finish transaction. */
async function createOrderTable(
  trx: Knex.Transaction,
  rows: readonly [number, number][],
): Promise<void> {
  await trx.raw(
    `CREATE TEMPORARY TABLE ${REPLAY_ORDER_TABLE} (subsession_id int4 PRIMARY KEY, ord int4 NOT NULL) ON COMMIT DROP`,
  );
  for (let i = 0; i < rows.length; i += 50_000) {
    // Unqualified: temporary tables come first on every search_path.
    await insertRows(trx, REPLAY_ORDER_TABLE, orderColumns, rows.slice(i, i + 50_000));
  }
  await trx.raw(`ANALYZE pg_temp.${REPLAY_ORDER_TABLE}`);
}
