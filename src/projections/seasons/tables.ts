import type { Knex } from 'knex';

/** Read model "seasons": each season of a series and its weekly schedule (track, limits, time slots). */
export const SEASONS_TABLE = 'racing_seasons';
export const SEASON_WEEKS_TABLE = 'racing_season_weeks';

export async function createSeasonTables(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE ${SEASONS_TABLE} (
      season_id             integer PRIMARY KEY,
      series_id             integer NOT NULL,
      series_name           text NOT NULL,
      season_name           text NOT NULL,
      season_short_name     text NOT NULL,
      season_year           smallint NOT NULL,
      season_quarter        smallint NOT NULL,
      category              text,
      official              boolean NOT NULL,
      active                boolean NOT NULL,
      complete              boolean NOT NULL,
      license_group         smallint,
      multiclass            boolean NOT NULL,
      fixed_setup           boolean NOT NULL,
      max_weeks             smallint NOT NULL,
      start_date            date NOT NULL,
      car_class_ids         jsonb NOT NULL,
      schedule_description  text
    )`);
  await db.raw(
    `CREATE INDEX racing_seasons_series ON ${SEASONS_TABLE} (series_id, season_year DESC, season_quarter DESC, season_id DESC)`,
  );
  await db.raw(`
    CREATE TABLE ${SEASON_WEEKS_TABLE} (
      season_id                integer NOT NULL,
      race_week_num            smallint NOT NULL,
      start_date               date NOT NULL,
      track_id                 integer NOT NULL,
      track_name               text NOT NULL,
      config_name              text,
      category                 text,
      race_lap_limit           integer,
      race_time_limit_minutes  integer,
      time_slots               jsonb NOT NULL,
      start_type               text,
      PRIMARY KEY (season_id, race_week_num)
    )`);
}
