import type { Knex } from 'knex';

/** Read model "rating history": chart points per driver, category and chart (iRating, TT rating, licence). */
export const RATING_HISTORY_TABLE = 'racing_rating_history';

export async function createRatingHistoryTables(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE ${RATING_HISTORY_TABLE} (
      cust_id      integer NOT NULL,
      category     text NOT NULL,
      chart        text NOT NULL,
      recorded_on  date NOT NULL,
      value        integer NOT NULL,
      PRIMARY KEY (cust_id, category, chart, recorded_on)
    )`);
}
