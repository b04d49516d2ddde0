import type { Knex } from 'knex';

/**
 * Read model "rating history": one row per fetched chart (driver, category, chart: iRating, TT
 * rating, licence) holding its points as two parallel arrays, ascending by date with one point
 * per date. A chart is only ever read and replaced whole (member/chart_data returns the whole
 * chart), so a row per chart is the natural unit: the driver page reads a handful of rows, and a
 * rebuild writes ~100 times fewer rows than one per point (no 12.9M-row key to sort at 100k
 * drivers).
 */
export const RATING_HISTORY_TABLE = 'racing_rating_history';

/** The table; `withKey` false leaves out its primary key (a rebuild adds it after the replay). */
export async function createRatingHistoryTables(
  db: Knex.Transaction | Knex,
  withKey = true,
): Promise<void> {
  await db.raw(`
    CREATE TABLE ${RATING_HISTORY_TABLE} (
      cust_id      integer NOT NULL,
      category     text NOT NULL,
      chart        text NOT NULL,
      recorded_on  date[] NOT NULL,
      value        integer[] NOT NULL,
      CONSTRAINT racing_rating_history_points CHECK (
        cardinality(recorded_on) = cardinality(value) AND cardinality(value) > 0)
    )`);
  if (withKey) await createRatingHistoryKey(db);
}

/** racing_rating_history_pkey, the same as if declared in CREATE TABLE. */
export async function createRatingHistoryKey(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(`ALTER TABLE ${RATING_HISTORY_TABLE} ADD PRIMARY KEY (cust_id, category, chart)`);
}
