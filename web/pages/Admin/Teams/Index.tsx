import { Link } from '@inertiajs/react';
import { Badge } from '../../../components/Badge.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { dateTimeColumn } from '../../../components/DateTime.tsx';
import { AdminListPage } from '../../../components/admin/AdminList.tsx';
import { route } from '../../../generated/routes.ts';
import type { PageMeta, TeamSummaryDto } from '../../../generated/dtos.ts';

export interface Props {
  teams: TeamSummaryDto[];
  meta: PageMeta;
  q: string;
}

const listUrl = (q: string, page = 1) =>
  route('admin.teams', {}, { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) });

/** `/admin/teams`: every team by name, searchable, paged. */
export default function TeamsAdminIndex({ teams, meta, q }: Props) {
  const columns: Column<TeamSummaryDto>[] = [
    {
      key: 'name',
      header: 'Team',
      cell: (t) => (
        <div className="min-w-0">
          <Link
            href={route('admin.teams.edit', { id: t.id })}
            className="font-medium text-ink hover:text-accent hover:underline"
            data-test="team-edit-link"
          >
            {t.name}
          </Link>{' '}
          {t.tag && <Badge>{t.tag}</Badge>}
          <p className="truncate font-mono text-xs text-ink-muted">/teams/{t.slug}</p>
        </div>
      ),
    },
    { key: 'members', header: 'Members', numeric: true, cell: (t) => t.memberCount },
    dateTimeColumn('updatedAt', 'Last changed', 'md'),
  ];
  return (
    <AdminListPage
      title="Teams"
      description="Teams on the public /teams pages, with their members by iRacing customer id."
      newHref={route('admin.teams.create')}
      newLabel="New team"
      newTestId="new-team"
      search={{ label: 'Search teams', q, href: (text) => listUrl(text) }}
      caption="Teams"
      columns={columns}
      rows={teams}
      rowKey={(t) => t.id}
      empty={q ? `No team matches “${q}”.` : 'No teams yet. Create the first one.'}
      data-test="teams-table"
      meta={meta}
      pagerLabel="Team pages"
      pageHref={(page) => listUrl(q, page)}
    />
  );
}
