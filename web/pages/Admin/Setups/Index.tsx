import { Link } from '@inertiajs/react';
import type { Column } from '../../../components/DataTable.tsx';
import { dateTimeColumn } from '../../../components/DateTime.tsx';
import { AdminListPage } from '../../../components/admin/AdminList.tsx';
import { route } from '../../../generated/routes.ts';
import { formatLapTime } from '../../../lib/racing-format.ts';
import { SETUP_TYPE_NAMES, setupTrackLabel } from '../../../components/setups/types.ts';
import type { SetupDto } from '../../../generated/dtos.ts';

export interface Props {
  setups: SetupDto[];
  meta: { page: number; perPage: number; total: number; lastPage: number };
}

/** `/admin/setups`: every setup, newest first. */
export default function SetupsAdminIndex({ setups, meta }: Props) {
  const columns: Column<SetupDto>[] = [
    {
      key: 'car',
      header: 'Setup',
      cell: (s) => (
        <Link
          href={route('admin.setups.edit', { id: s.id })}
          className="font-medium text-ink hover:text-accent hover:underline"
          data-test="setup-edit-link"
        >
          {s.car.carName} at {setupTrackLabel(s.track)}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', hideBelow: 'md', cell: (s) => SETUP_TYPE_NAMES[s.type] },
    { key: 'lapTime', header: 'Lap time', numeric: true, cell: (s) => formatLapTime(s.lapTime) },
    { key: 'author', header: 'Author', hideBelow: 'md', cell: (s) => s.author },
    {
      key: 'downloads',
      header: 'Downloads',
      numeric: true,
      hideBelow: 'md',
      cell: (s) => s.downloads.toLocaleString('en'),
    },
    dateTimeColumn('updatedAt', 'Last changed', 'lg'),
  ];
  return (
    <AdminListPage
      title="Setups"
      description="The car setups on the public /setups pages and the series' setup views."
      newHref={route('admin.setups.create')}
      newLabel="New setup"
      newTestId="new-setup"
      caption="Setups"
      columns={columns}
      rows={setups}
      rowKey={(s) => s.id}
      empty="No setups yet. Add the first one."
      data-test="setups-table"
      meta={meta}
      pagerLabel="Setup pages"
      pageHref={(page) => route('admin.setups', {}, page > 1 ? { page } : {})}
    />
  );
}
