import type { Knex } from 'knex';
import type { RacingBatch } from '../racing/batch.ts';
import { bind, insertRows, setExcluded } from '../racing/bulk.ts';
import { encodeCopy } from '../racing/copy.ts';
import type { PartRebuild } from '../racing/part.ts';
import { recomputeSessions, resultColumns, resultRowsOf, subsessionColumns } from './apply.ts';
import {
  createSubsessionIndexes,
  createSubsessionTables,
  RESULTS_TABLE,
  SUBSESSIONS_TABLE,
} from './tables.ts';

/**
 * The replay writes subsessions and result rows as `apply` does, but the result rows go in by COPY
 * with only the primary key to maintain, and the lookup of previous contributions is skipped:
 * nothing but the batch's `superseded` subsessions (corrections) has rows to replace, and nothing
 * downstream needs their old contribution (the other parts aggregate at the end). Sessions are a
 * function of racing_subsessions and are computed once after the replay.
 */
export function subsessionsRebuild(): PartRebuild {
  return {
    createTables: (trx) => createSubsessionTables(trx, false),
    replay(batch: RacingBatch, superseded: readonly number[]) {
      const subs = batch.subsessions;
      if (subs.length === 0) return null;
      const results = encodeCopy(RESULTS_TABLE, resultColumns, resultRowsOf(subs));
      return async (trx: Knex.Transaction) => {
        if (superseded.length > 0) {
          await trx.raw(
            `DELETE FROM ${RESULTS_TABLE} WHERE subsession_id = ANY(?::int4[])`,
            bind([superseded]),
          );
        }
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
      await recomputeSessions(trx, null);
      await createSubsessionIndexes(trx);
    },
  };
}
