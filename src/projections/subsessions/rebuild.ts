import type { Knex } from 'knex';
import type { RacingBatch, SubsessionFacts } from '../racing/batch.ts';
import { bind, insertRows, setExcluded } from '../racing/bulk.ts';
import { copyRows, encodeCopy } from '../racing/copy.ts';
import type { PartRebuild } from '../racing/part.ts';
import { recomputeSessions, resultColumns, resultRowsOf, subsessionColumns } from './apply.ts';
import {
  createResultsPrimaryKey,
  createSubsessionIndexes,
  createSubsessionTables,
  RESULTS_TABLE,
  SUBSESSIONS_TABLE,
} from './tables.ts';

/**
 * The replay upserts subsession rows as `apply` does and appends result rows by COPY into a
 * table without any index (keeping its primary key up to date costs more than the COPY); the key
 * and the other indexes are built after the replay. The lookup of previous contributions is
 * skipped: the other parts aggregate from the final rows at the end. A subsession recorded again
 * (a correction, `superseded`) keeps only its newest rows: they wait in memory until the key
 * exists, then replace the old ones. Sessions are a function of racing_subsessions and are
 * computed once after the replay.
 */
export function subsessionsRebuild(): PartRebuild {
  /** The newest facts of subsessions whose first rows are already in the table. */
  const corrected = new Map<number, SubsessionFacts>();
  return {
    createTables: (trx) => createSubsessionTables(trx, false),
    replay(batch: RacingBatch, superseded: readonly number[]) {
      const subs = batch.subsessions;
      if (subs.length === 0) return null;
      const again = new Set(superseded);
      const first = subs.filter((s) => !again.has(s.data.subsessionId));
      for (const s of subs)
        if (again.has(s.data.subsessionId)) corrected.set(s.data.subsessionId, s);
      const results = encodeCopy(RESULTS_TABLE, resultColumns, resultRowsOf(first));
      return async (trx: Knex.Transaction) => {
        await insertRows(
          trx,
          SUBSESSIONS_TABLE,
          subsessionColumns,
          subs,
          `ON CONFLICT (subsession_id) DO UPDATE SET ${setExcluded(subsessionColumns, ['subsession_id'])}`,
        );
        await results.write(trx);
      };
    },
    async finish(trx: Knex.Transaction) {
      await createResultsPrimaryKey(trx);
      if (corrected.size > 0) {
        await trx.raw(
          `DELETE FROM ${RESULTS_TABLE} WHERE subsession_id = ANY(?::int4[])`,
          bind([[...corrected.keys()]]),
        );
        await copyRows(trx, RESULTS_TABLE, resultColumns, resultRowsOf([...corrected.values()]));
      }
      await recomputeSessions(trx, null);
      await createSubsessionIndexes(trx);
    },
  };
}
