import type { Knex } from 'knex';

/** Read model "catalog": cars and track layouts by id, for names and filters. */
export const CARS_TABLE = 'racing_cars';
export const TRACKS_TABLE = 'racing_tracks';

export async function createCatalogTables(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE ${CARS_TABLE} (
      car_id      integer PRIMARY KEY,
      car_name    text NOT NULL,
      short_name  text,
      car_types   jsonb NOT NULL,
      categories  jsonb NOT NULL
    )`);
  await db.raw(`
    CREATE TABLE ${TRACKS_TABLE} (
      track_id         integer PRIMARY KEY,
      track_name       text NOT NULL,
      config_name      text,
      category         text,
      length_km        double precision,
      corners_per_lap  integer
    )`);
  await db.raw(`CREATE INDEX racing_tracks_name ON ${TRACKS_TABLE} (track_name, config_name)`);
}
