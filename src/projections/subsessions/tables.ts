import type { Knex } from 'knex';

/** Read model "subsessions": sessions, their subsessions (splits) and every result row per simsession. */
export const SUBSESSIONS_TABLE = 'racing_subsessions';
export const RESULTS_TABLE = 'racing_results';
export const SESSIONS_TABLE = 'racing_sessions';

/**
 * The tables and their indexes; `withIndexes` false leaves out the secondary indexes and the
 * primary key of racing_results (a rebuild adds them after the replay, see ./rebuild.ts).
 */
export async function createSubsessionTables(
  db: Knex.Transaction | Knex,
  withIndexes = true,
): Promise<void> {
  await db.raw(`
    CREATE TABLE ${SUBSESSIONS_TABLE} (
      subsession_id        integer PRIMARY KEY,
      session_id           integer NOT NULL,
      series_id            integer NOT NULL,
      series_name          text NOT NULL,
      season_id            integer NOT NULL,
      season_name          text NOT NULL,
      season_year          smallint NOT NULL,
      season_quarter       smallint NOT NULL,
      race_week_num        smallint NOT NULL,
      start_time           timestamptz NOT NULL,
      end_time             timestamptz,
      time_slot            text NOT NULL,
      track_id             integer NOT NULL,
      track_name           text NOT NULL,
      config_name          text,
      category             text NOT NULL,
      event_type           text NOT NULL,
      official             boolean NOT NULL,
      team_event           boolean NOT NULL,
      event_sof            integer,
      event_best_lap_time  integer,
      event_average_lap    integer,
      event_laps_complete  integer NOT NULL,
      num_cautions         integer NOT NULL,
      num_caution_laps     integer NOT NULL,
      num_lead_changes     integer NOT NULL,
      num_drivers          integer NOT NULL,
      winner_cust_id       integer,
      winner_name          text,
      winner_team_name     text,
      car_classes          jsonb NOT NULL,
      simsessions          jsonb NOT NULL
    )`);

  // Never updated in place (a correction deletes and re-inserts), so the default fillfactor fits.
  await db.raw(`
    CREATE TABLE ${RESULTS_TABLE} (
      subsession_id               integer NOT NULL,
      simsession_number           smallint NOT NULL,
      simsession_type             text NOT NULL,
      is_primary                  boolean NOT NULL,
      cust_id                     integer NOT NULL,
      display_name                text NOT NULL,
      country_code                text,
      club_name                   text,
      team_id                     integer,
      team_name                   text,
      car_id                      integer NOT NULL,
      car_name                    text NOT NULL,
      car_class_id                integer NOT NULL,
      finish_position             smallint NOT NULL,
      finish_position_in_class    smallint NOT NULL,
      starting_position           smallint,
      starting_position_in_class  smallint,
      laps_complete               integer NOT NULL,
      laps_led                    integer NOT NULL,
      incidents                   integer NOT NULL,
      best_lap_time               integer,
      best_lap_num                integer,
      average_lap                 integer,
      qual_lap_time               integer,
      gap_to_leader               integer,
      old_irating                 integer,
      new_irating                 integer,
      old_sub_level               smallint,
      new_sub_level               smallint,
      old_license_level           smallint,
      new_license_level           smallint,
      reason_out                  text NOT NULL,
      champ_points                integer,
      start_time                  timestamptz NOT NULL,
      category                    text NOT NULL
    )`);
  if (withIndexes) await createResultsPrimaryKey(db);

  await db.raw(`
    CREATE TABLE ${SESSIONS_TABLE} (
      session_id       integer PRIMARY KEY,
      series_id        integer NOT NULL,
      series_name      text NOT NULL,
      season_id        integer NOT NULL,
      race_week_num    smallint NOT NULL,
      start_time       timestamptz NOT NULL,
      track_id         integer NOT NULL,
      track_name       text NOT NULL,
      config_name      text,
      num_subsessions  integer NOT NULL,
      num_drivers      integer NOT NULL,
      largest_split    integer NOT NULL,
      max_sof          integer,
      min_sof          integer
    )`);
  if (withIndexes) await createSubsessionIndexes(db);
}

/** racing_results' key (racing_results_pkey), the same as if declared in CREATE TABLE. */
export async function createResultsPrimaryKey(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(
    `ALTER TABLE ${RESULTS_TABLE} ADD PRIMARY KEY (subsession_id, simsession_number, cust_id)`,
  );
}

/** The secondary indexes (a rebuild creates them after the replay). */
export async function createSubsessionIndexes(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(
    `CREATE INDEX racing_subsessions_season_recent ON ${SUBSESSIONS_TABLE} (season_id, start_time DESC, subsession_id DESC)`,
  );
  await db.raw(
    `CREATE INDEX racing_subsessions_week_recent ON ${SUBSESSIONS_TABLE} (season_id, race_week_num, start_time DESC, subsession_id DESC)`,
  );
  await db.raw(`CREATE INDEX racing_subsessions_session ON ${SUBSESSIONS_TABLE} (session_id)`);
  await db.raw(
    `CREATE INDEX racing_subsessions_week_slot ON ${SUBSESSIONS_TABLE} (season_id, race_week_num, time_slot)`,
  );
  // A driver's races, newest first: one row per subsession (the primary simsession only). It
  // carries what the head to head reads (the simsession and the finishing position), so pairing
  // the drivers' races reads no table row.
  await db.raw(
    `CREATE INDEX racing_results_driver_recent ON ${RESULTS_TABLE} (cust_id, start_time DESC, subsession_id DESC)
      INCLUDE (simsession_number, finish_position) WHERE is_primary`,
  );
  // A driver's races of one category, newest first, with the ratings after each: the rating
  // histories read the category's range alone, without a table row or a subsession per race
  // of another category.
  await db.raw(
    `CREATE INDEX racing_results_driver_category ON ${RESULTS_TABLE} (cust_id, category, start_time DESC, subsession_id DESC)
      INCLUDE (new_irating, new_sub_level) WHERE is_primary`,
  );
  // A season's strongest splits (the series SoF page).
  await db.raw(
    `CREATE INDEX racing_subsessions_season_sof ON ${SUBSESSIONS_TABLE} (season_id, event_sof DESC, subsession_id)
      WHERE event_type = 'race' AND event_sof IS NOT NULL`,
  );
  await db.raw(
    `CREATE INDEX racing_sessions_season ON ${SESSIONS_TABLE} (season_id, start_time DESC, session_id DESC)`,
  );
  // Every ingested session, newest first, and those of one series (the admin sessions list).
  await db.raw(
    `CREATE INDEX racing_sessions_recent ON ${SESSIONS_TABLE} (start_time DESC, session_id DESC)`,
  );
  // A series' sessions, newest first, with what the split prediction reads of each
  // (src/queries/racing/slot-predictions.ts): its probes, its last sessions and its field cap
  // over eight weeks read this index alone, not a table row per session.
  await db.raw(
    `CREATE INDEX racing_sessions_series ON ${SESSIONS_TABLE} (series_id, start_time DESC, session_id DESC)
      INCLUDE (num_drivers, num_subsessions, largest_split, max_sof, track_id)`,
  );
}
