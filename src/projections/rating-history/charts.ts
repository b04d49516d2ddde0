import type { Knex } from 'knex';
import type { DriverRatingHistoryData } from '../../events/racing/drivers.ts';
import type { PayloadEvent } from '../../eventstore/port.ts';
import { copyText } from '../racing/copy.ts';
import { RATING_HISTORY_TABLE } from './tables.ts';

/** A chart as stored: its points ascending by date, one per date. */
export interface ChartRow {
  custId: number;
  category: string;
  chart: string;
  dates: string[];
  values: number[];
}

export const CHART_COLUMN_NAMES = ['cust_id', 'category', 'chart', 'recorded_on', 'value'];

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

/**
 * The chart as stored: points sorted by date (ISO dates sort as strings), a date listed twice
 * keeping its later point. Null for a chart without points (nothing is stored for it).
 */
export function chartRow(d: DriverRatingHistoryData): ChartRow | null {
  if (d.points.length === 0) return null;
  let points = d.points;
  let sorted = true;
  for (let i = 1; i < points.length; i++) {
    if (points[i - 1]!.date >= points[i]!.date) {
      sorted = false;
      break;
    }
  }
  if (!sorted) {
    const byDate = new Map<string, number>();
    for (const p of points) byDate.set(p.date, p.value);
    points = [...byDate]
      .map(([date, value]) => ({ date, value }))
      .sort((a, b) => (a.date < b.date ? -1 : 1));
  }
  return {
    custId: d.custId,
    category: d.category,
    chart: d.chart,
    dates: points.map((p) => p.date),
    values: points.map((p) => p.value),
  };
}

/**
 * A chart row as one COPY text line in CHART_COLUMN_NAMES order (see racing/copy.ts). ISO dates
 * and integers need no quoting inside an array literal.
 */
export function chartLine(row: ChartRow): string {
  return (
    `${copyText(row.custId, false)}\t${copyText(row.category, false)}\t` +
    `${copyText(row.chart, false)}\t{${row.dates.join(',')}}\t{${row.values.join(',')}}`
  );
}

/**
 * Stores the charts, each replacing whatever its (driver, category, chart) held: a chart with
 * points is upserted, an empty one deletes the stored chart. At most one chart per key.
 */
export async function writeCharts(
  trx: Knex.Transaction,
  charts: readonly DriverRatingHistoryData[],
): Promise<void> {
  const rows: ChartRow[] = [];
  const empty: DriverRatingHistoryData[] = [];
  for (const d of charts) {
    const row = chartRow(d);
    if (row) rows.push(row);
    else empty.push(d);
  }
  await deleteCharts(trx, empty);
  if (rows.length === 0) return;
  await trx.raw(
    `INSERT INTO ${RATING_HISTORY_TABLE} (${CHART_COLUMN_NAMES.join(', ')})
     SELECT cust_id, category, chart, recorded_on, value
       FROM json_to_recordset(?::json)
         AS r(cust_id int4, category text, chart text, recorded_on date[], value int4[])
     ON CONFLICT (cust_id, category, chart) DO UPDATE
       SET recorded_on = excluded.recorded_on, value = excluded.value`,
    [
      JSON.stringify(
        rows.map((r) => ({
          cust_id: r.custId,
          category: r.category,
          chart: r.chart,
          recorded_on: r.dates,
          value: r.values,
        })),
      ),
    ],
  );
}

/** Removes the stored charts of the keys. */
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
