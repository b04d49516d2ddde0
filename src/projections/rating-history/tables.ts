import type { Knex } from 'knex';

/** Read model "rating history": chart points per driver, category and chart (iRating, TT rating, licence). */
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
      recorded_on  date NOT NULL,
      value        integer NOT NULL
    )`);
  if (withKey) await createRatingHistoryKey(db);
}

/** racing_rating_history_pkey, the same as if declared in CREATE TABLE. */
export async function createRatingHistoryKey(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(
    `ALTER TABLE ${RATING_HISTORY_TABLE} ADD PRIMARY KEY (cust_id, category, chart, recorded_on)`,
  );
}
