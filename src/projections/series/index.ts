import type { Knex } from 'knex';
import type { SeasonScheduledData, SeriesCataloguedData } from '../../events/racing/catalog.ts';
import type { PayloadEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { col, insertRows, setExcluded, type Column } from '../racing/bulk.ts';
import { createSeriesTables, SERIES_TABLE } from './tables.ts';

export { SERIES_TABLE } from './tables.ts';

const seriesColumns: Column<SeriesCataloguedData>[] = [
  col('series_id', 'int4', (s) => s.seriesId),
  col('name', 'text', (s) => s.seriesName),
  col('short_name', 'text', (s) => s.seriesShortName),
  col('category', 'text', (s) => s.category),
  col('license_group', 'int2', (s) => s.licenseGroup),
  col('official', 'bool', (s) => s.official),
  col('multiclass', 'bool', (s) => s.multiclass),
  col('logo', 'text', (s) => s.logo),
  col('description', 'text', (s) => s.description),
  col('catalogued', 'bool', () => true),
];

const seasonColumns: Column<SeasonScheduledData>[] = [
  col('series_id', 'int4', (s) => s.seriesId),
  col('name', 'text', (s) => s.seriesName),
  col('short_name', 'text', (s) => s.seriesName),
  col('category', 'text', (s) => s.category),
  col('license_group', 'int2', (s) => s.licenseGroup),
  col('official', 'bool', (s) => s.official),
  col('multiclass', 'bool', (s) => s.multiclass),
  col('catalogued', 'bool', () => false),
  col('latest_season_id', 'int4', (s) => s.seasonId),
  col('latest_season_name', 'text', (s) => s.seasonName),
  col('latest_season_year', 'int2', (s) => s.seasonYear),
  col('latest_season_quarter', 'int2', (s) => s.seasonQuarter),
];

const later = (a: SeasonScheduledData, b: SeasonScheduledData) =>
  a.seasonYear * 10 + a.seasonQuarter > b.seasonYear * 10 + b.seasonQuarter ||
  (a.seasonYear === b.seasonYear && a.seasonQuarter === b.seasonQuarter && a.seasonId > b.seasonId);

/**
 * Series from the catalog; a series known only from its seasons gets a row named after them
 * until its SeriesCatalogued arrives (catalogued = false). The latest season (by year, quarter)
 * is kept for the list. The catalog's own description always wins over the season-derived one.
 */
export const seriesProjection: Projection = {
  name: 'racing_series',
  version: 1,
  // Folds only the events' payload: the runner reads its batches with fields: 'payload'.
  reads: 'payload',
  eventTypes: ['SeriesCatalogued', 'SeasonScheduled'],
  tables: [SERIES_TABLE],
  createTables: createSeriesTables,
  async apply(trx: Knex.Transaction, events: readonly PayloadEvent[]) {
    const series = new Map<number, SeriesCataloguedData>();
    const latestSeason = new Map<number, SeasonScheduledData>();
    for (const e of events) {
      if (e.type === 'SeriesCatalogued') {
        const d = e.data as SeriesCataloguedData;
        series.set(d.seriesId, d);
      } else if (e.type === 'SeasonScheduled') {
        const d = e.data as SeasonScheduledData;
        const prev = latestSeason.get(d.seriesId);
        if (!prev || !later(prev, d)) latestSeason.set(d.seriesId, d);
      }
    }
    const t = SERIES_TABLE;
    await insertRows(
      trx,
      t,
      seasonColumns,
      [...latestSeason.values()],
      `ON CONFLICT (series_id) DO UPDATE SET
         latest_season_id = excluded.latest_season_id, latest_season_name = excluded.latest_season_name,
         latest_season_year = excluded.latest_season_year, latest_season_quarter = excluded.latest_season_quarter,
         category = COALESCE(${t}.category, excluded.category)
       WHERE ${t}.latest_season_id IS NULL
          OR (excluded.latest_season_year, excluded.latest_season_quarter, excluded.latest_season_id)
             >= (${t}.latest_season_year, ${t}.latest_season_quarter, ${t}.latest_season_id)`,
    );
    await insertRows(
      trx,
      t,
      seriesColumns,
      [...series.values()],
      `ON CONFLICT (series_id) DO UPDATE SET ${setExcluded(seriesColumns, ['series_id'])}`,
    );
  },
};
