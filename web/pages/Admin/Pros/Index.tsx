import { Link } from '@inertiajs/react';
import type { Column } from '../../../components/DataTable.tsx';
import { dateTimeColumn } from '../../../components/DateTime.tsx';
import { AdminListPage } from '../../../components/admin/AdminList.tsx';
import { route } from '../../../generated/routes.ts';
import { NONE } from '../../../lib/racing-format.ts';
import type { PageMeta, ProSummaryDto } from '../../../generated/dtos.ts';

export interface Props {
  pros: ProSummaryDto[];
  meta: PageMeta;
  q: string;
}

const listUrl = (q: string, page = 1) =>
  route('admin.pros', {}, { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) });

/** `/admin/pros`: every pro-driver profile by name. */
export default function ProsAdminIndex({ pros, meta, q }: Props) {
  const columns: Column<ProSummaryDto>[] = [
    {
      key: 'name',
      header: 'Driver',
      cell: (p) => (
        <Link
          href={route('admin.pros.edit', { id: p.id })}
          className="font-medium text-ink hover:text-accent hover:underline"
          data-test="pro-edit-link"
        >
          {p.name}
        </Link>
      ),
    },
    { key: 'custId', header: 'iRacing id', numeric: true, cell: (p) => p.custId ?? NONE },
    { key: 'team', header: 'Team', hideBelow: 'md', cell: (p) => p.teamName ?? NONE },
    dateTimeColumn('updatedAt', 'Last changed', 'lg'),
  ];
  return (
    <AdminListPage
      title="Pro drivers"
      description="Profiles on the public /pros pages."
      newHref={route('admin.pros.create')}
      newLabel="New pro driver"
      newTestId="new-pro"
      search={{ label: 'Search pro drivers', q, href: (text) => listUrl(text) }}
      caption="Pro drivers"
      columns={columns}
      rows={pros}
      rowKey={(p) => p.id}
      empty={q ? `No pro driver matches “${q}”.` : 'No pro drivers yet. Add the first one.'}
      data-test="pros-table"
      meta={meta}
      pagerLabel="Pro driver pages"
      pageHref={(page) => listUrl(q, page)}
    />
  );
}
