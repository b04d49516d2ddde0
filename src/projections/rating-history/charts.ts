import type { Knex } from 'knex';
import type { DriverRatingHistoryData } from '../../events/racing/drivers.ts';
import type { PayloadEvent } from '../../eventstore/port.ts';
import { col, type Column } from '../racing/bulk.ts';
import { copyText } from '../racing/copy.ts';
import { RATING_HISTORY_TABLE } from './tables.ts';

export interface PointRow {
  custId: number;
  category: string;
  chart: string;
  date: string;
  value: number;
}

export const pointColumns: Column<PointRow>[] = [
  col('cust_id', 'int4', (p) => p.custId),
  col('category', 'text', (p) => p.category),
  col('chart', 'text', (p) => p.chart),
  col('recorded_on', 'date', (p) => p.date),
  col('value', 'int4', (p) => p.value),
];

export const chartKey = (d: DriverRatingHistoryData): string =>
  `${d.custId}:${d.category}:${d.chart}`;

/** The last chart of each (driver, category, chart) among the events, in order of first sight. */
export function chartsOf(events: readonly PayloadEvent[]): Map<string, DriverRatingHistoryData> {
  const charts = new Map<string, DriverRatingHistoryData>();
  for (const e of events) {
    if (e.type !== 'DriverRatingHistoryRecorded') continue;
    const d = e.data as DriverRatingHistoryData;
    charts.set(chartKey(d), d);
  }
  return charts;
}

/** The charts' points; a chart listing one date twice keeps the later point. */
export function pointsOf(charts: Iterable<DriverRatingHistoryData>): PointRow[] {
  const points = new Map<string, PointRow>();
  for (const d of charts) {
    for (const p of d.points) {
      points.set(`${chartKey(d)}:${p.date}`, {
        custId: d.custId,
        category: d.category,
        chart: d.chart,
        date: p.date,
        value: p.value,
      });
    }
  }
  return [...points.values()];
}

/**
 * pointsOf as COPY text lines in `pointColumns` order (see racing/copy.ts), without a row object
 * per point: a rebuild writes every point of the log (millions).
 */
export function pointLines(
  charts: Iterable<DriverRatingHistoryData>,
  add: (line: string) => void,
): void {
  for (const d of charts) {
    const prefix = `${copyText(d.custId, false)}\t${copyText(d.category, false)}\t${copyText(d.chart, false)}\t`;
    let points = d.points;
    if (points.length > 1) {
      const byDate = new Map<string, number>();
      for (const p of points) byDate.set(p.date, p.value);
      if (byDate.size < points.length) {
        points = [...byDate].map(([date, value]) => ({ date, value }));
      }
    }
    for (const p of points) {
      add(`${prefix}${copyText(p.date, false)}\t${copyText(p.value, false)}`);
    }
  }
}

/** Removes the stored points of the charts' keys. */
export async function deleteCharts(
  trx: Knex.Transaction,
  keys: readonly DriverRatingHistoryData[],
): Promise<void> {
  if (keys.length === 0) return;
  await trx.raw(
    `DELETE FROM ${RATING_HISTORY_TABLE} h USING unnest(?::int4[], ?::text[], ?::text[]) AS k(cust_id, category, chart)
      WHERE h.cust_id = k.cust_id AND h.category = k.category AND h.chart = k.chart`,
    [keys.map((k) => k.custId), keys.map((k) => k.category), keys.map((k) => k.chart)],
  );
}
