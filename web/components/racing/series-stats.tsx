import { Card } from '../Card.tsx';
import { CategoryChart, type CategoryChartProps } from '../charts/CategoryChart.tsx';
import { DataTable, type Column, type SortState } from '../DataTable.tsx';

/**
 * The blocks of the series' statistic views (participation, strength of field): a chart in a
 * card, the numbers in a sortable table below it, and the columns those tables share.
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
