import { Link } from '@inertiajs/react';
import { Download } from 'lucide-react';
import { route } from '../../generated/routes.ts';
import { formatCount, formatDate, formatLapTime, NONE } from '../../lib/racing-format.ts';
import type { SetupDto } from '../../generated/dtos.ts';
import { SETUP_TYPE_NAMES, setupTrackLabel } from './types.ts';
import type { Column } from '../DataTable.tsx';
import { PagedDataTable } from '../PagedDataTable.tsx';

/**
 * A page of setups as a table (the /setups catalog and the series' setups view): car, track,
 * type, lap time, author, downloads, each row linking its detail page and its file.
 */
export function SetupsTable({
  setups,
  meta,
  pageHref,
  empty,
  showSeries = true,
}: {
  setups: SetupDto[];
  meta: { page: number; lastPage: number };
  pageHref: (page: number) => string;
  empty: string;
  showSeries?: boolean;
}) {
  const columns: Column<SetupDto>[] = [
    {
      key: 'car',
      header: 'Car',
      cell: (s) => (
        <Link
          href={route('setups.show', { id: s.id })}
          className="font-medium text-ink hover:text-accent hover:underline"
          data-test="setup-link"
        >
          {s.car.carName}
        </Link>
      ),
    },
    { key: 'track', header: 'Track', cell: (s) => setupTrackLabel(s.track) },
    ...(showSeries
      ? [
          {
            key: 'series',
            header: 'Series',
            hideBelow: 'lg' as const,
            cell: (s: SetupDto) => s.series?.name ?? NONE,
          },
        ]
      : []),
    { key: 'type', header: 'Type', hideBelow: 'md', cell: (s) => SETUP_TYPE_NAMES[s.type] },
    { key: 'lapTime', header: 'Lap time', numeric: true, cell: (s) => formatLapTime(s.lapTime) },
    { key: 'author', header: 'Author', hideBelow: 'md', cell: (s) => s.author },
    {
      key: 'downloads',
      header: 'Downloads',
      numeric: true,
      hideBelow: 'sm',
      cell: (s) => s.downloads.toLocaleString('en'),
    },
    { key: 'added', header: 'Added', hideBelow: 'lg', cell: (s) => formatDate(s.createdAt) },
    {
      key: 'file',
      header: <span className="sr-only">File</span>,
      cell: (s) => (
        <a
          href={route('setups.download', { id: s.id })}
          download
          className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
          data-test="setup-download"
        >
          <Download aria-hidden="true" className="size-4" />
          <span>
            Download<span className="sr-only"> the {s.car.carName} setup</span>
          </span>
        </a>
      ),
    },
  ];
  return (
    <PagedDataTable
      caption="Setups"
      columns={columns}
      rows={setups}
      rowKey={(s) => s.id}
      empty={empty}
      data-test="setups-table"
      meta={meta}
      pagerLabel="Setup pages"
      pageHref={pageHref}
    />
  );
}

/** "3 setups". */
export const formatSetupCount = (n: number) => formatCount(n, 'setup');
