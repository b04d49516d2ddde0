import type { Knex } from 'knex';
import type { DriverRatingHistoryData } from '../../events/racing/drivers.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { col, insertRows, type Column } from '../racing/bulk.ts';
import { createRatingHistoryTables, RATING_HISTORY_TABLE } from './tables.ts';

export { RATING_HISTORY_TABLE } from './tables.ts';

interface PointRow {
  custId: number;
  category: string;
  chart: string;
  date: string;
  value: number;
}

const columns: Column<PointRow>[] = [
  col('cust_id', 'int4', (p) => p.custId),
  col('category', 'text', (p) => p.category),
  col('chart', 'text', (p) => p.chart),
  col('recorded_on', 'date', (p) => p.date),
  col('value', 'int4', (p) => p.value),
];

/**
 * A DriverRatingHistoryRecorded carries the whole chart as fetched, so it replaces the stored
 * points of its (driver, category, chart); within a batch the last chart of each key wins, and a
 * chart listing one date twice keeps the later point.
 */
export const ratingHistoryProjection: Projection = {
  name: 'racing_rating_history',
  version: 1,
  eventTypes: ['DriverRatingHistoryRecorded'],
  tables: [RATING_HISTORY_TABLE],
  createTables: createRatingHistoryTables,
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[]) {
    const charts = new Map<string, DriverRatingHistoryData>();
    for (const e of events) {
      if (e.type !== 'DriverRatingHistoryRecorded') continue;
      const d = e.data as DriverRatingHistoryData;
      charts.set(`${d.custId}:${d.category}:${d.chart}`, d);
    }
    if (charts.size === 0) return;
    const keys = [...charts.values()];
    await trx.raw(
      `DELETE FROM ${RATING_HISTORY_TABLE} h USING unnest(?::int4[], ?::text[], ?::text[]) AS k(cust_id, category, chart)
        WHERE h.cust_id = k.cust_id AND h.category = k.category AND h.chart = k.chart`,
      [keys.map((k) => k.custId), keys.map((k) => k.category), keys.map((k) => k.chart)],
    );
    const points = new Map<string, PointRow>();
    for (const d of keys) {
      for (const p of d.points) {
        points.set(`${d.custId}:${d.category}:${d.chart}:${p.date}`, {
          custId: d.custId,
          category: d.category,
          chart: d.chart,
          date: p.date,
          value: p.value,
        });
      }
    }
    await insertRows(trx, RATING_HISTORY_TABLE, columns, [...points.values()]);
  },
};
