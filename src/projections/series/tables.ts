import type { Knex } from 'knex';
import { trgmSchema } from '../racing/trgm.ts';

/**
 * Read model "series": one row per series with its latest season, for the series list and the
 * series search (pg_trgm GIN on the name).
 */
export const SERIES_TABLE = 'racing_series';

export async function createSeriesTables(db: Knex.Transaction | Knex): Promise<void> {
  const trgm = await trgmSchema(db);
  await db.raw(`
    CREATE TABLE ${SERIES_TABLE} (
      series_id              integer PRIMARY KEY,
      name                   text NOT NULL,
      short_name             text NOT NULL,
      category               text,
      license_group          smallint,
      official               boolean NOT NULL,
      multiclass             boolean NOT NULL,
      logo                   text,
      description            text,
      catalogued             boolean NOT NULL,
      latest_season_id       integer,
      latest_season_name     text,
      latest_season_year     smallint,
      latest_season_quarter  smallint
    )`);
  await db.raw(
    `CREATE INDEX racing_series_name_trgm ON ${SERIES_TABLE} USING gin (name "${trgm}".gin_trgm_ops)`,
  );
  await db.raw(`CREATE INDEX racing_series_name_sort ON ${SERIES_TABLE} (lower(name), series_id)`);
}
