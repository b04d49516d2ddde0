import type { Knex } from 'knex';

/**
 * Read model "pace": race pace against iRating. Per season, week (one track), car and iRating
 * band (the iRating drivers brought into the race, in bands of PACE_BAND_WIDTH) the number of
 * starts and the sums and counts behind the mean best lap and the mean average lap. Sums and
 * counts, so additions and corrections are deltas. Starts as the leaderboards count them, of
 * rated drivers only.
 */
export const PACE_TABLE = 'racing_pace';

/** iRating points per band: 1750 falls in the band 1500..1749 at width 250. */
export const PACE_BAND_WIDTH = 250;

export async function createPaceTables(db: Knex.Transaction | Knex, withKey = true): Promise<void> {
  await db.raw(`
    CREATE TABLE ${PACE_TABLE} (
      season_id        integer NOT NULL,
      race_week_num    smallint NOT NULL,
      car_id           integer NOT NULL,
      irating_band     integer NOT NULL,
      entries          integer NOT NULL,
      sum_best_lap     bigint NOT NULL,
      n_best_lap       integer NOT NULL,
      sum_average_lap  bigint NOT NULL,
      n_average_lap    integer NOT NULL
    ) WITH (fillfactor = 80)`);
  if (withKey) await createPaceKey(db);
}

/** The key (a rebuild adds it after the fill), named as if declared inline. */
export async function createPaceKey(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(
    `ALTER TABLE ${PACE_TABLE} ADD CONSTRAINT ${PACE_TABLE}_pkey PRIMARY KEY (season_id, race_week_num, car_id, irating_band)`,
  );
}

/** The lower bound of the band an iRating falls in. */
export function paceBandOf(irating: number): number {
  return Math.floor(irating / PACE_BAND_WIDTH) * PACE_BAND_WIDTH;
}
