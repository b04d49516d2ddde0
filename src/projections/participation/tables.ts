import type { Knex } from 'knex';

/**
 * Read model "participation": per season, week and time slot ("HH:MM" UTC start of the race)
 * the number of sessions, splits (subsessions), driver starts and the strength of field
 * (sum and count for the average, and the maximum). Race events only.
 */
export const PARTICIPATION_TABLE = 'racing_participation';

export async function createParticipationTables(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE ${PARTICIPATION_TABLE} (
      season_id      integer NOT NULL,
      race_week_num  smallint NOT NULL,
      time_slot      text NOT NULL,
      sessions       integer NOT NULL,
      subsessions    integer NOT NULL,
      drivers        integer NOT NULL,
      sof_sum        bigint NOT NULL,
      sof_count      integer NOT NULL,
      max_sof        integer,
      PRIMARY KEY (season_id, race_week_num, time_slot)
    )`);
}
