import { PageLink } from './PageLink.tsx';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import * as arrowDown from 'lucide-react/icons/arrow-down';
import * as arrowUp from 'lucide-react/icons/arrow-up';
import * as arrowUpDown from 'lucide-react/icons/arrow-up-down';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { staticIcon } from './static-icon.ts';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** The value a column sorts and filters by on the client (numbers compare as numbers). */
export type SortValue = string | number | null;

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
  /**
   * What the table sorts (and the filter box matches) on the client, when the table sorts its
   * own rows (`clientSort`). null sorts last whatever the direction.
   */
  value?: (row: Row) => SortValue;
  /** Hidden below this breakpoint, to keep phones readable. */
  hideBelow?: 'sm' | 'md' | 'lg';
  /** Classes of the column's header and body cells. */
  className?: string;
  /** Classes of the column's body cells alone (a style of the whole cell, e.g. its weight). */
  cellClassName?: string;
}

/**
 * Who sorts the rows:
 *  - `sortHref`: the server (a list sorted and paged in the URL): the rows are shown in the
 *    order given and each sortable header is a link to the URL of its sort;
 *  - `onSortChange`: the caller (headers are buttons calling it; rows shown as given);
 *  - `clientSort`: the table itself, with TanStack Table, by each column's `value`
 *    (headers are buttons; `sort` is the initial sort);
 *  - none: rows as given, headers plain.
 */
export type SortControl =
  | { sortHref: (next: SortState) => string; onSortChange?: never; clientSort?: never }
  | { onSortChange: (next: SortState) => void; sortHref?: never; clientSort?: never }
  | { clientSort: true; sortHref?: never; onSortChange?: never }
  | { sortHref?: never; onSortChange?: never; clientSort?: never };

export type DataTableProps<Row extends RowData> = {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** Names the table for assistive technology; shown only when `showCaption`. */
  caption: string;
  showCaption?: boolean;
  sort?: SortState | null;
  /**
   * A filter box above the table (client-side: keeps the rows whose column `value`s contain the
   * typed text); its label. Needs the columns' `value`.
   */
  filterLabel?: string;
  /** Shown in place of rows when there are none (default: "Nothing to show yet."). */
  empty?: ReactNode;
  /** Marks a row (e.g. the signed-in driver) with an accent background. */
  highlightRow?: (row: Row) => boolean;
  /** `data-test` of each row (`driver-row-<id>`). */
  rowTestId?: (row: Row) => string;
  className?: string;
  'data-test'?: string;
} & SortControl;

const hideClasses = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
};

/** The features every DataTable registers (module scope: TanStack needs a stable object). */
const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text },
  filterFns: { includesString: filterFn_includesString },
});

export function nextSort(
  current: SortState | null | undefined,
  column: Column<unknown>,
): SortState {
  if (current?.key === column.key) {
    return { key: column.key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key: column.key, direction: column.firstDirection ?? (column.numeric ? 'desc' : 'asc') };
}

const toSorting = (sort: SortState | null | undefined): SortingState =>
  sort ? [{ id: sort.key, desc: sort.direction === 'desc' }] : [];

/**
 * A dense data table on TanStack Table: sticky header, hairlines, tabular figures, `aria-sort`
 * on the sorted column, horizontal scroll on narrow screens, an optional filter box and an empty
 * state. `data-test` names: the table (`data-test` prop, default `data-table`), `sort-<key>` on
 * sort controls, `data-table-empty` on the empty row, `data-table-filter` on the filter box.
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const {
    columns,
    rows,
    rowKey,
    caption,
    showCaption = false,
    empty,
    highlightRow,
    rowTestId,
    filterLabel,
    className,
  } = props;
  const testId = props['data-test'] ?? 'data-table';
  const clientSort = props.clientSort === true;
  const [localSort, setLocalSort] = useState<SortState | null>(props.sort ?? null);
  const [filter, setFilter] = useState('');
  const sort = clientSort ? localSort : (props.sort ?? null);
  const filterId = useId();

  // The rows as given are what TanStack's model would show whenever it would keep their order
  // (no filter text, and a sort they already follow): building the table for them is skipped.
  const given = filter === '' && (!clientSort || followsSort(rows, columns, sort));
  const bodyProps: BodyProps<Row> = { columns, rows, empty, highlightRow, rowTestId };
  const control: SortControl = clientSort
    ? { onSortChange: setLocalSort }
    : props.sortHref
      ? { sortHref: props.sortHref }
      : props.onSortChange
        ? { onSortChange: props.onSortChange }
        : {};

  return (
    <div className={cn('max-w-full min-w-0', className)}>
      {filterLabel !== undefined && (
        <div className="px-3 py-2">
          <label htmlFor={filterId} className="sr-only">
            {filterLabel}
          </label>
          <input
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={filterLabel}
            className="h-8 w-full max-w-xs rounded-md border border-line-strong bg-surface px-2 text-sm text-ink placeholder:text-ink-muted"
            data-test="data-table-filter"
          />
        </div>
      )}
      <div className="overflow-x-auto">
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
                      <SortHeader column={column} sort={sort} control={control} active={active} />
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {given ? (
              <BodyRows
                shown={rows.map((row, index) => ({ row, index, id: String(rowKey(row, index)) }))}
                {...bodyProps}
              />
            ) : (
              <ModelRows
                rowKey={rowKey}
                sort={sort}
                filter={filter}
                clientSort={clientSort}
                filterable={filterLabel !== undefined}
                {...bodyProps}
              />
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * Whether `rows` are already in the order TanStack's sorted row model gives for `sort`: every
 * neighbour pair in order by the column's own sort function (TanStack's `sortFn_basic` or
 * `sortFn_text`, as the column definitions below name them), compared both ways round. The
 * model's sort is stable (ties keep their index), so then it shows the rows exactly as given.
 */
export function followsSort<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  sort: SortState | null,
): boolean {
  if (!sort) return true;
  const column = columns.find((c) => c.key === sort.key);
  // The model sorts only by a sortable column.
  if (!column?.sortable) return true;
  const sortFn = column.numeric ? sortFn_basic : sortFn_text;
  const sign = sort.direction === 'desc' ? -1 : 1;
  // A stand-in for TanStack's row: its sort functions read the value through getValue only.
  const cell = (row: Row) => {
    const value = column.value?.(row) ?? null;
    return { getValue: () => value } as unknown as Parameters<typeof sortFn>[0];
  };
  for (let i = 1; i < rows.length; i++) {
    const [before, after] = [cell(rows[i - 1]!), cell(rows[i]!)];
    // Both ways round: the basic sort function calls null both below and above 0, and the
    // model's order of such a pair is the engine's choice; those rows go through the model.
    if (sign * sortFn(before, after, column.key) > 0) return false;
    if (sign * sortFn(after, before, column.key) < 0) return false;
  }
  return true;
}

/** The column definitions TanStack sorts and filters by (one per column). */
function columnDefsOf<Row extends RowData>(
  columns: readonly Column<Row>[],
): ColumnDef<typeof features, Row>[] {
  return columns.map((column) => ({
    id: column.key,
    accessorFn: (row) => column.value?.(row) ?? null,
    enableSorting: column.sortable === true,
    enableGlobalFilter: column.value !== undefined,
    sortFn: column.numeric ? 'basic' : 'text',
    sortUndefined: 'last',
    filterFn: 'includesString',
  }));
}

interface BodyProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  empty?: ReactNode;
  highlightRow?: (row: Row) => boolean;
  rowTestId?: (row: Row) => string;
}

/** The rows as TanStack Table sorts and filters them on the client. */
function ModelRows<Row extends RowData>({
  rowKey,
  sort,
  filter,
  clientSort,
  filterable,
  ...body
}: BodyProps<Row> & {
  rowKey: (row: Row, index: number) => string | number;
  sort: SortState | null;
  filter: string;
  clientSort: boolean;
  filterable: boolean;
}) {
  const { columns, rows } = body;
  const columnDefs = useMemo(() => columnDefsOf(columns), [columns]);
  const data = useMemo(() => [...rows], [rows]);
  const sorting = useMemo(() => toSorting(sort), [sort]);
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row, index) => String(rowKey(row, index)),
    manualSorting: !clientSort,
    manualFiltering: !filterable,
    state: { sorting, globalFilter: filter },
    globalFilterFn: 'includesString',
    onSortingChange: () => {},
    onGlobalFilterChange: () => {},
  });
  const shown = table
    .getRowModel()
    .rows.map((tableRow) => ({ row: tableRow.original, index: tableRow.index, id: tableRow.id }));
  return <BodyRows shown={shown} {...body} />;
}

/** The body's rows (or its empty state): `shown` in order, with their index in `rows`. */
function BodyRows<Row>({
  shown,
  columns,
  rows,
  empty,
  highlightRow,
  rowTestId,
}: BodyProps<Row> & { shown: readonly { row: Row; index: number; id: string }[] }) {
  if (shown.length === 0) {
    return (
      <tr>
        <td
          colSpan={columns.length}
          className="px-3 py-10 text-center text-ink-muted"
          data-test="data-table-empty"
        >
          {rows.length > 0 ? 'Nothing matches the filter.' : (empty ?? 'Nothing to show yet.')}
        </td>
      </tr>
    );
  }
  // A column's cells share one class list, joined once per table rather than once per cell.
  const cellClasses = columns.map((column) =>
    cn(
      'px-3 py-1.5 align-middle',
      column.numeric ? 'text-right whitespace-nowrap' : 'text-left',
      column.hideBelow && hideClasses[column.hideBelow],
      column.className,
      column.cellClassName,
    ),
  );
  return shown.map(({ row, index, id }) => (
    <tr
      key={id}
      className={highlightRow?.(row) ? highlightedRowClasses : rowClasses}
      data-test={rowTestId?.(row)}
    >
      {columns.map((column, c) => (
        <td key={column.key} className={cellClasses[c]}>
          {column.cell(row, index)}
        </td>
      ))}
    </tr>
  ));
}

const rowClasses = 'border-b border-line last:border-b-0 hover:bg-surface-muted/60';
const highlightedRowClasses = `${rowClasses} bg-accent-soft/60`;

/** The sort control's icon: the direction of the sorted column, both ways (dimmed) on the others. */
const sortIcons = {
  asc: staticIcon(arrowUp, 'size-3.5 shrink-0'),
  desc: staticIcon(arrowDown, 'size-3.5 shrink-0'),
  none: staticIcon(arrowUpDown, 'size-3.5 shrink-0 opacity-50'),
};

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
  const content = (
    <>
      {column.header}
      {sortIcons[active ?? 'none']}
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
      <PageLink
        href={control.sortHref(next)}
        preserveScroll
        preserveState
        className={classes}
        data-test={`sort-${column.key}`}
      >
        {content}
      </PageLink>
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
