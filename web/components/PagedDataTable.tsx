import type { RowData } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { Pagination } from './Pagination.tsx';

export type PagedDataTableProps<Row extends RowData> = DataTableProps<Row> & {
  /** The server's paging of the list (`page` is 1-based). */
  meta: { page: number; lastPage: number };
  /** Names the pager's navigation landmark ("Article pages"). */
  pagerLabel: string;
  pageHref: (page: number) => string;
};

/**
 * A server-paged list: a `DataTable` in a bordered panel with its pager (links, one URL per
 * page) under it. The pager is left out when there is a single page.
 */
export function PagedDataTable<Row extends RowData>({
  meta,
  pagerLabel,
  pageHref,
  ...table
}: PagedDataTableProps<Row>) {
  return (
    <>
      <div className="rounded-lg border border-line bg-surface shadow-xs">
        <DataTable {...table} />
      </div>
      <Pagination
        className="mt-6"
        label={pagerLabel}
        page={meta.page}
        pageCount={meta.lastPage}
        href={pageHref}
      />
    </>
  );
}
