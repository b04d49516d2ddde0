import type { Knex } from 'knex';
import type { CarCataloguedData, TrackCataloguedData } from '../../events/racing/catalog.ts';
import type { PayloadEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { col, insertRows, setExcluded, type Column } from '../racing/bulk.ts';
import { CARS_TABLE, createCatalogTables, TRACKS_TABLE } from './tables.ts';

export { CARS_TABLE, TRACKS_TABLE } from './tables.ts';

const carColumns: Column<CarCataloguedData>[] = [
  col('car_id', 'int4', (c) => c.carId),
  col('car_name', 'text', (c) => c.carName),
  col('short_name', 'text', (c) => c.carShortName),
  col('car_types', 'jsonb', (c) => c.carTypes),
  col('categories', 'jsonb', (c) => c.categories),
];

const trackColumns: Column<TrackCataloguedData>[] = [
  col('track_id', 'int4', (t) => t.trackId),
  col('track_name', 'text', (t) => t.trackName),
  col('config_name', 'text', (t) => t.configName),
  col('category', 'text', (t) => t.category),
  col('length_km', 'float8', (t) => t.lengthKm),
  col('corners_per_lap', 'int4', (t) => t.cornersPerLap),
];

/** Cars and tracks: the latest description of each replaces the earlier one. */
export const catalogProjection: Projection = {
  name: 'racing_catalog',
  version: 1,
  // Folds only the events' payload: the runner reads its batches with fields: 'payload'.
  reads: 'payload',
  eventTypes: ['CarCatalogued', 'TrackCatalogued'],
  tables: [CARS_TABLE, TRACKS_TABLE],
  createTables: createCatalogTables,
  async apply(trx: Knex.Transaction, events: readonly PayloadEvent[]) {
    const cars = new Map<number, CarCataloguedData>();
    const tracks = new Map<number, TrackCataloguedData>();
    for (const e of events) {
      if (e.type === 'CarCatalogued') {
        const d = e.data as CarCataloguedData;
        cars.set(d.carId, d);
      } else if (e.type === 'TrackCatalogued') {
        const d = e.data as TrackCataloguedData;
        tracks.set(d.trackId, d);
      }
    }
    await insertRows(
      trx,
      CARS_TABLE,
      carColumns,
      [...cars.values()],
      `ON CONFLICT (car_id) DO UPDATE SET ${setExcluded(carColumns, ['car_id'])}`,
    );
    await insertRows(
      trx,
      TRACKS_TABLE,
      trackColumns,
      [...tracks.values()],
      `ON CONFLICT (track_id) DO UPDATE SET ${setExcluded(trackColumns, ['track_id'])}`,
    );
  },
};
