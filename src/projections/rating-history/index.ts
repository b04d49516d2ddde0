import type { Knex } from 'knex';
import type { PayloadEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { ratingHistoryRebuild } from './rebuild.ts';
import { chartsOf, writeCharts } from './charts.ts';
import { createRatingHistoryTables, RATING_HISTORY_TABLE } from './tables.ts';

export { RATING_HISTORY_TABLE } from './tables.ts';

/**
 * A DriverRatingHistoryRecorded carries the whole chart as fetched, so it replaces the stored
 * chart of its (driver, category, chart); within a batch the last chart of each key wins, and a
 * chart listing one date twice keeps the later point. Version 2: one row per chart (arrays of
 * points) instead of one per point.
 */
export const ratingHistoryProjection: Projection = {
  name: 'racing_rating_history',
  version: 2,
  // Folds only the events' payload: the runner reads its batches with fields: 'payload'.
  reads: 'payload',
  eventTypes: ['DriverRatingHistoryRecorded'],
  tables: [RATING_HISTORY_TABLE],
  createTables: createRatingHistoryTables,
  async apply(trx: Knex.Transaction, events: readonly PayloadEvent[]) {
    const charts = chartsOf(events);
    if (charts.size === 0) return;
    await writeCharts(trx, [...charts.values()]);
  },
  rebuild: ratingHistoryRebuild,
};
