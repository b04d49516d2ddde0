import type { Knex } from 'knex';
import type { DriverResult } from '../../events/racing/results.ts';
import type { RacingBatch, SubsessionFacts } from '../racing/batch.ts';
import { bind, columnList, rowsSource, setExcluded } from '../racing/bulk.ts';
import { copyRows, CopyLines, copyText } from '../racing/copy.ts';
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
      const lines = new CopyLines(RESULTS_TABLE, RESULT_COLUMN_NAMES);
      resultLines(first, lines.add);
      const results = lines.done();
      // Encoded now, so the batch's parsed events can be collected before its writes run.
      const upsert = rowsSource(subsessionColumns, subs);
      return async (trx: Knex.Transaction) => {
        await trx.raw(
          `INSERT INTO ${SUBSESSIONS_TABLE} (${SUBSESSION_COLUMN_LIST}) SELECT ${SUBSESSION_COLUMN_LIST} FROM ${upsert.sql}
           ON CONFLICT (subsession_id) DO UPDATE SET ${setExcluded(subsessionColumns, ['subsession_id'])}`,
          upsert.bindings,
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

const RESULT_COLUMN_NAMES = resultColumns.map((c) => c.name);
const SUBSESSION_COLUMN_LIST = columnList(subsessionColumns);

const text = (v: string | null): string => (v === null ? '\\N' : copyText(v, false));
const num = (v: number | null): string => (v === null ? '\\N' : copyText(v, false));

/**
 * The COPY lines of resultRowsOf(subs) in resultColumns order (./apply.ts), written out by hand:
 * a rebuild encodes every result row of the log, and one template per row costs a fraction of
 * 35 getters and a join. rebuild.unit.test.ts holds it to the generic encoding of resultColumns.
 */
export function resultLines(subs: readonly SubsessionFacts[], add: (line: string) => void): void {
  for (const s of subs) {
    // The row's last two cells: the subsession's start time and category.
    const tail = `${text(s.data.startTime)}\t${text(s.data.category)}`;
    for (const sim of s.data.simsessions) {
      const head = `${num(s.data.subsessionId)}\t${num(sim.simsessionNumber)}\t${text(sim.type)}\t${sim === s.primary ? 't' : 'f'}\t`;
      for (const r of sim.results) add(head + rowCells(r) + tail);
    }
  }
}

/** cust_id … champ_points, each followed by a tab. */
function rowCells(r: DriverResult): string {
  return `${num(r.custId)}\t${text(r.displayName)}\t${text(r.countryCode)}\t${text(r.clubName)}\t${num(r.teamId)}\t${text(r.teamName)}\t${num(r.carId)}\t${text(r.carName)}\t${num(r.carClassId)}\t${num(r.finishPosition)}\t${num(r.finishPositionInClass)}\t${num(r.startingPosition)}\t${num(r.startingPositionInClass)}\t${num(r.lapsComplete)}\t${num(r.lapsLed)}\t${num(r.incidents)}\t${num(r.bestLapTime)}\t${num(r.bestLapNum)}\t${num(r.averageLap)}\t${num(r.qualLapTime)}\t${num(r.interval)}\t${num(r.oldIrating)}\t${num(r.newIrating)}\t${num(r.oldSubLevel)}\t${num(r.newSubLevel)}\t${num(r.oldLicenseLevel)}\t${num(r.newLicenseLevel)}\t${text(r.reasonOut)}\t${num(r.champPoints)}\t`;
}
