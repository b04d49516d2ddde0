import type { Knex } from 'knex';

/**
 * Read model "lap times", from the race simsessions of race events:
 *  - racing_fastest_laps: each driver's best race lap per season, week and car (a week has one
 *    track), for the fastest-laps lists;
 *  - racing_car_times: per season, week and car: drivers, entries, the best lap and its holder,
 *    and sums for the averages of best laps and of average laps (sums and counts, so additions
 *    and corrections are deltas);
 *  - racing_world_records: the best race lap ever seen per track layout and car.
 */
export const FASTEST_LAPS_TABLE = 'racing_fastest_laps';
export const CAR_TIMES_TABLE = 'racing_car_times';
export const WORLD_RECORDS_TABLE = 'racing_world_records';
/**
 * racing_car_time_steps: per season, week, car and subsession (in start order) the figures of
 * racing_car_times through that subsession, so a week's car times at an instant inside it are
 * one row per car (queries/racing/season-as-of.ts, seasonCarTimesAt).
 */
export const CAR_TIME_STEPS_TABLE = 'racing_car_time_steps';

/**
 * A car's times of a week (CAR_TIMES_TABLE) or through one of its starts (CAR_TIME_STEPS_TABLE):
 * its drivers and entries, the best lap and its holder, and the sums behind the averages.
 */
const carTimeColumns = `drivers             integer NOT NULL,
      entries             integer NOT NULL,
      best_lap_time       integer,
      best_cust_id        integer,
      best_display_name   text,
      best_subsession_id  integer,
      best_set_at         timestamptz,
      sum_best_lap        bigint NOT NULL,
      n_best_lap          integer NOT NULL,
      sum_average_lap     bigint NOT NULL,
      n_average_lap       integer NOT NULL`;

export async function createLapTimeTables(
  db: Knex.Transaction | Knex,
  withIndexes = true,
): Promise<void> {
  await db.raw(`
    CREATE TABLE ${FASTEST_LAPS_TABLE} (
      season_id      integer NOT NULL,
      race_week_num  smallint NOT NULL,
      car_id         integer NOT NULL,
      cust_id        integer NOT NULL,
      track_id       integer NOT NULL,
      display_name   text NOT NULL,
      country_code   text,
      car_name       text NOT NULL,
      best_lap_time  integer NOT NULL,
      subsession_id  integer NOT NULL,
      set_at         timestamptz NOT NULL,
      PRIMARY KEY (season_id, race_week_num, car_id, cust_id)
    )`);

  await db.raw(`
    CREATE TABLE ${CAR_TIMES_TABLE} (
      season_id           integer NOT NULL,
      race_week_num       smallint NOT NULL,
      car_id              integer NOT NULL,
      car_name            text NOT NULL,
      track_id            integer NOT NULL,
      track_name          text NOT NULL,
      config_name         text,
      category            text NOT NULL,
      ${carTimeColumns},
      PRIMARY KEY (season_id, race_week_num, car_id)
    ) WITH (fillfactor = 80)`);

  await db.raw(`
    CREATE TABLE ${WORLD_RECORDS_TABLE} (
      track_id       integer NOT NULL,
      car_id         integer NOT NULL,
      track_name     text NOT NULL,
      config_name    text,
      car_name       text NOT NULL,
      category       text NOT NULL,
      best_lap_time  integer NOT NULL,
      cust_id        integer NOT NULL,
      display_name   text NOT NULL,
      subsession_id  integer NOT NULL,
      season_id      integer NOT NULL,
      set_at         timestamptz NOT NULL,
      PRIMARY KEY (track_id, car_id)
    )`);
  await db.raw(`
    CREATE TABLE ${CAR_TIME_STEPS_TABLE} (
      season_id           integer NOT NULL,
      race_week_num       smallint NOT NULL,
      car_id              integer NOT NULL,
      start_time          timestamptz NOT NULL,
      subsession_id       integer NOT NULL,
      ${carTimeColumns},
      PRIMARY KEY (season_id, race_week_num, car_id, start_time, subsession_id)
    )`);
  if (withIndexes) await createLapTimeIndexes(db);
}

/** The secondary indexes (a rebuild creates them after filling the tables). */
export async function createLapTimeIndexes(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(
    `CREATE INDEX racing_fastest_laps_week ON ${FASTEST_LAPS_TABLE} (season_id, race_week_num, best_lap_time, cust_id)`,
  );
  await db.raw(`CREATE INDEX racing_car_times_track_car ON ${CAR_TIMES_TABLE} (track_id, car_id)`);
  await db.raw(`CREATE INDEX racing_world_records_car ON ${WORLD_RECORDS_TABLE} (car_id)`);
  await db.raw(
    `CREATE INDEX racing_world_records_category ON ${WORLD_RECORDS_TABLE} (category, track_name, config_name)`,
  );
}
