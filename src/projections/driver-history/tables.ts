import type { Knex } from 'knex';

/**
 * Read model "driver history": what a driver profile shows per category (iRating, safety rating
 * as sub_level, licence level and class) after every race and every profile observation, on both
 * clocks (docs/as-of.md):
 *  - race time: `valid_from` is when the value became true (the race's start, or the time a
 *    profile was observed); `valid_to` is the `valid_from` of the next current fact of the same
 *    driver and category (null: still true), kept for current knowledge only;
 *  - learned time: `recorded_at` is when Pitwall recorded the fact (the event's recorded time);
 *    `superseded_at` when a correction of the same race replaced it (null: known now).
 * A correction that leaves a driver's values as they were supersedes nothing for that driver.
 */
export const DRIVER_HISTORY_TABLE = 'racing_driver_history';

export async function createDriverHistoryTables(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE ${DRIVER_HISTORY_TABLE} (
      cust_id        integer NOT NULL,
      category       text NOT NULL,
      valid_from     timestamptz NOT NULL,
      valid_to       timestamptz,
      recorded_at    timestamptz NOT NULL,
      superseded_at  timestamptz,
      -- The race the fact comes from; null for a profile observation.
      subsession_id  integer,
      irating        integer,
      sub_level      smallint,
      license_level  smallint,
      license_group  smallint
    )`);
  // The as-of probe: a driver's category walked back from a race time. "As known now" takes
  // the first row without superseded_at; "as known at" the first recorded before and not
  // superseded by then (superseded rows are rare, so both stop after a row or two).
  await db.raw(
    `CREATE INDEX racing_driver_history_as_of ON ${DRIVER_HISTORY_TABLE} (cust_id, category, valid_from DESC)`,
  );
  // A correction finds the facts of its race.
  await db.raw(
    `CREATE INDEX racing_driver_history_subsession ON ${DRIVER_HISTORY_TABLE} (subsession_id) WHERE subsession_id IS NOT NULL`,
  );
  // The leaderboards at a race time (queries/racing/drivers-as-of.ts): per category the facts
  // known now in the order of a sort, each carrying its validity, so "the top N at T" walks the
  // index from the top and skips the facts of other moments without reading the table.
  const valid = 'INCLUDE (valid_from, valid_to) WHERE superseded_at IS NULL';
  await db.raw(
    `CREATE INDEX racing_driver_history_rank_irating ON ${DRIVER_HISTORY_TABLE} (category, irating DESC, cust_id DESC) ${valid} AND irating IS NOT NULL`,
  );
  await db.raw(
    `CREATE INDEX racing_driver_history_rank_sr ON ${DRIVER_HISTORY_TABLE} (category, sub_level DESC, cust_id DESC) ${valid} AND sub_level IS NOT NULL`,
  );
  await db.raw(
    `CREATE INDEX racing_driver_history_rank_licence ON ${DRIVER_HISTORY_TABLE} (category, license_group DESC, sub_level DESC, cust_id DESC) ${valid} AND license_group IS NOT NULL AND sub_level IS NOT NULL`,
  );
  // A driver's corrected facts (the page's "as shown then" notes).
  await db.raw(
    `CREATE INDEX racing_driver_history_superseded ON ${DRIVER_HISTORY_TABLE} (cust_id, category, valid_from DESC) WHERE superseded_at IS NOT NULL`,
  );
}
