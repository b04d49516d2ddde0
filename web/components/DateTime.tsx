import { formatDateTime } from '../lib/date-time.ts';
import type { Column } from './DataTable.tsx';

/**
 * An instant as a `<time>` in the reader's time zone (admin pages render in the browser), or a
 * muted dash when there is none yet (not published, not finished).
 */
export function DateTime({ value }: { value: string | null }) {
  if (value === null) return <span className="text-ink-muted">—</span>;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/** A `DataTable` column showing the row's ISO instant `key` as a `DateTime`. */
export function dateTimeColumn<Row extends Record<Key, string | null>, Key extends string>(
  key: Key,
  header: string,
  hideBelow?: Column<Row>['hideBelow'],
): Column<Row> {
  return { key, header, hideBelow, cell: (row) => <DateTime value={row[key]} /> };
}
