import { Link } from '@inertiajs/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface Column<Row> {
  /** Stable id; also the sort key. */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Right-aligned tabular figures (lap times, ratings, counts). */
  numeric?: boolean;
  sortable?: boolean;
  /** Direction of the first click on this column (default: `desc` for numeric, else `asc`). */
  firstDirection?: SortDirection;
  /** Hidden below this breakpoint, to keep phones readable. */
  hideBelow?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * How a sortable header changes the sort: through the URL (`sortHref`, server-sorted lists,
 * an Inertia visit that keeps scroll) or a callback (`onSortChange`, client-sorted data).
 */
export type SortControl =
  | { sortHref: (next: SortState) => string; onSortChange?: never }
  | { onSortChange: (next: SortState) => void; sortHref?: never }
  | { sortHref?: never; onSortChange?: never };

export type DataTableProps<Row> = {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** Names the table for assistive technology; shown only when `showCaption`. */
  caption: string;
  showCaption?: boolean;
  sort?: SortState | null;
  /** Shown in place of rows when there are none (default: "Nothing to show yet."). */
  empty?: ReactNode;
  /** Marks a row (e.g. the signed-in driver) with an accent background. */
  highlightRow?: (row: Row) => boolean;
  className?: string;
  'data-test'?: string;
} & SortControl;

const hideClasses = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
};

export function nextSort(
  current: SortState | null | undefined,
  column: Column<unknown>,
): SortState {
  if (current?.key === column.key) {
    return { key: column.key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key: column.key, direction: column.firstDirection ?? (column.numeric ? 'desc' : 'asc') };
}

/**
 * A dense data table: sticky header, zebra-free hairlines, tabular figures, `aria-sort` on the
 * sorted column, horizontal scroll on narrow screens, and an empty state.
 * `data-test` names: the table (`data-test` prop, default `data-table`), `sort-<key>` on sort
 * controls, `data-table-empty` on the empty row.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    columns,
    rows,
    rowKey,
    caption,
    showCaption = false,
    sort,
    empty,
    highlightRow,
    className,
  } = props;
  const testId = props['data-test'] ?? 'data-table';
  return (
    <div className={cn('max-w-full min-w-0 overflow-x-auto', className)}>
      <table className="w-full border-collapse text-sm tabular-nums" data-test={testId}>
        <caption
          className={cn(
            showCaption ? 'px-3 py-2 text-left text-sm font-semibold text-ink' : 'sr-only',
          )}
        >
          {caption}
        </caption>
        <thead className="bg-surface-muted text-xs tracking-wide text-ink-muted uppercase">
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key ? sort.direction : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined
                  }
                  className={cn(
                    'border-b border-line px-3 py-2 font-semibold whitespace-nowrap',
                    column.numeric ? 'text-right' : 'text-left',
                    column.hideBelow && hideClasses[column.hideBelow],
                    column.className,
                  )}
                >
                  {column.sortable ? (
                    <SortHeader column={column} sort={sort} control={props} active={active} />
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length}
                className="px-3 py-10 text-center text-ink-muted"
                data-test="data-table-empty"
              >
                {empty ?? 'Nothing to show yet.'}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr
                key={rowKey(row, index)}
                className={cn(
                  'border-b border-line last:border-b-0 hover:bg-surface-muted/60',
                  highlightRow?.(row) && 'bg-accent-soft/60',
                )}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cn(
                      'px-3 py-1.5 align-middle',
                      column.numeric ? 'text-right whitespace-nowrap' : 'text-left',
                      column.hideBelow && hideClasses[column.hideBelow],
                      column.className,
                    )}
                  >
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader<Row>({
  column,
  sort,
  control,
  active,
}: {
  column: Column<Row>;
  sort: SortState | null | undefined;
  control: SortControl;
  active: SortDirection | null;
}) {
  const next = nextSort(sort, column as Column<unknown>);
  const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ArrowUpDown;
  const content = (
    <>
      {column.header}
      <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', !active && 'opacity-50')} />
      <span className="sr-only">
        , sort {next.direction === 'asc' ? 'ascending' : 'descending'}
      </span>
    </>
  );
  const classes = cn(
    'inline-flex items-center gap-1 uppercase hover:text-ink',
    column.numeric && 'flex-row-reverse',
    active && 'text-ink',
  );
  if (control.sortHref) {
    return (
      <Link
        href={control.sortHref(next)}
        preserveScroll
        preserveState
        className={classes}
        data-test={`sort-${column.key}`}
      >
        {content}
      </Link>
    );
  }
  if (control.onSortChange) {
    const onSortChange = control.onSortChange;
    return (
      <button
        type="button"
        onClick={() => onSortChange(next)}
        className={classes}
        data-test={`sort-${column.key}`}
      >
        {content}
      </button>
    );
  }
  return <>{column.header}</>;
}
