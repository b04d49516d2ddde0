import type { ReactNode } from 'react';
import { Card } from '../Card.tsx';
import { CategoryChart, type CategoryChartProps } from '../charts/CategoryChart.tsx';
import { DataTable, type Column, type SortState } from '../DataTable.tsx';
import { NoRaces, SeriesLayout, type SeriesFrame } from './SeriesLayout.tsx';

/**
 * The blocks of the series' statistic views (participation, strength of field): the page, a
 * chart in a card, the numbers in a sortable table below it, and the columns those tables share.
 */

/** The time-slot column of a per-slot table ("HH:MM" UTC, earliest first). */
export function timeSlotColumn<T extends { timeSlot: string }>(): Column<T> {
  return {
    key: 'slot',
    header: 'Time (UTC)',
    sortable: true,
    firstDirection: 'asc',
    value: (s) => s.timeSlot,
    cell: (s) => s.timeSlot,
  };
}

/** A series statistic's chart in a card; every card after the page's first is spaced below. */
export function ChartCard({ first = false, ...chart }: CategoryChartProps & { first?: boolean }) {
  return (
    <Card {...(first ? {} : { className: 'mt-6' })}>
      <CategoryChart {...chart} />
    </Card>
  );
}

/** The numbers of a series statistic: a titled card holding a table the reader sorts. */
export function TableCard<T extends object>({
  title,
  ...table
}: {
  title: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  caption: string;
  sort: SortState;
  rowTestId?: (row: T) => string;
  'data-test': string;
}) {
  return (
    <Card title={title} className="mt-6" flush>
      <DataTable {...table} clientSort />
    </Card>
  );
}

/**
 * A series statistic's page: the series layout holding, while the season has no raced week, "no
 * races", else the statistic's chart per week first and the page's further cards below it.
 */
export function WeeklyStatsPage({
  frame,
  title,
  weeks,
  chart,
  children,
}: {
  frame: SeriesFrame;
  title: string;
  /** The season's raced weeks (1-based), the chart's categories. */
  weeks: readonly { week: number }[];
  chart: Omit<CategoryChartProps, 'categoryName' | 'categories'>;
  children: ReactNode;
}) {
  return (
    <SeriesLayout frame={frame} title={title}>
      {weeks.length === 0 ? (
        <NoRaces />
      ) : (
        <>
          <ChartCard
            first
            categoryName="Week"
            categories={weeks.map((w) => String(w.week))}
            {...chart}
          />
          {children}
        </>
      )}
    </SeriesLayout>
  );
}

/** A statistic per time slot of the day, in a card titled "Per time slot", earliest first. */
export function TimeSlotsCard<T extends { timeSlot: string }>(props: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  caption: string;
  'data-test': string;
}) {
  return (
    <TableCard
      title="Per time slot"
      rowKey={(s) => s.timeSlot}
      sort={{ key: 'slot', direction: 'asc' }}
      {...props}
    />
  );
}
