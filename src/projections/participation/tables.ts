import type { Knex } from 'knex';

/**
 * Read model "participation", race events only:
 *  - racing_participation: per season, week and time slot ("HH:MM" UTC start of the race) the
 *    number of sessions, splits (subsessions), entries (driver starts), distinct drivers who
 *    started in that slot on any day of the week, and the strength of field (sum and count for
 *    the average, and the maximum);
 *  - racing_week_drivers: who started in a season's week and how often (the set behind the
 *    week's distinct-driver count, kept so a batch moves the count without re-reading the week);
 *  - racing_participation_weeks: per season and week that has race splits, the sums of its
 *    slots (sessions, splits, entries, strength of field) and its number of distinct drivers, so
 *    a schedule reads one row per week.
 * A start is what the leaderboards count (racing/contributions.ts, countsAsStart).
 */
export const PARTICIPATION_TABLE = 'racing_participation';
export const WEEK_DRIVERS_TABLE = 'racing_week_drivers';
export const PARTICIPATION_WEEKS_TABLE = 'racing_participation_weeks';

export async function createParticipationTables(
  db: Knex.Transaction | Knex,
  withKeys = true,
): Promise<void> {
  await db.raw(`
    CREATE TABLE ${PARTICIPATION_TABLE} (
      season_id       integer NOT NULL,
      race_week_num   smallint NOT NULL,
      time_slot       text NOT NULL,
      sessions        integer NOT NULL,
      subsessions     integer NOT NULL,
      drivers         integer NOT NULL,
      unique_drivers  integer NOT NULL,
      sof_sum         bigint NOT NULL,
      sof_count       integer NOT NULL,
      max_sof         integer,
      PRIMARY KEY (season_id, race_week_num, time_slot)
    )`);
  await db.raw(`
    CREATE TABLE ${WEEK_DRIVERS_TABLE} (
      season_id      integer NOT NULL,
      race_week_num  smallint NOT NULL,
      cust_id        integer NOT NULL,
      starts         integer NOT NULL
    ) WITH (fillfactor = 90)`);
  if (withKeys) await createWeekDriversKey(db);
  await db.raw(`
    CREATE TABLE ${PARTICIPATION_WEEKS_TABLE} (
      season_id       integer NOT NULL,
      race_week_num   smallint NOT NULL,
      sessions        integer NOT NULL,
      subsessions     integer NOT NULL,
      drivers         integer NOT NULL,
      unique_drivers  integer NOT NULL,
      sof_sum         bigint NOT NULL,
      sof_count       integer NOT NULL,
      max_sof         integer,
      PRIMARY KEY (season_id, race_week_num)
    )`);
}

/** racing_week_drivers' key (a rebuild adds it after the fill), named as if declared inline. */
export async function createWeekDriversKey(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(
    `ALTER TABLE ${WEEK_DRIVERS_TABLE} ADD CONSTRAINT ${WEEK_DRIVERS_TABLE}_pkey PRIMARY KEY (season_id, race_week_num, cust_id)`,
  );
}
