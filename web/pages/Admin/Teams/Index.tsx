import { Head, Link, router } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Badge } from '../../../components/Badge.tsx';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { dateTimeColumn } from '../../../components/DateTime.tsx';
import { inputClasses } from '../../../components/Input.tsx';
import { PagedDataTable } from '../../../components/PagedDataTable.tsx';
import { route } from '../../../generated/routes.ts';
import type { PageMeta, TeamSummary } from '../../Teams/types.ts';

export interface Props {
  teams: TeamSummary[];
  meta: PageMeta;
  q: string;
}

const listUrl = (q: string, page = 1) =>
  route('admin.teams', {}, { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) });

/** `/admin/teams`: every team by name, searchable, paged. */
export default function TeamsAdminIndex({ teams, meta, q }: Props) {
  const id = useId();
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get('q');
    const text = typeof q === 'string' ? q.trim() : '';
    router.get(listUrl(text));
  };
  const columns: Column<TeamSummary>[] = [
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
    <>
      <Head title="Teams" />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink">Teams</h1>
          <p className="mt-1 text-sm text-ink-muted">
            Teams on the public /teams pages, with their members by iRacing customer id.
          </p>
        </div>
        <ButtonLink href={route('admin.teams.create')} data-test="new-team">
          <Plus aria-hidden="true" className="size-4" /> New team
        </ButtonLink>
      </header>
      <form role="search" onSubmit={search} className="mb-4 flex max-w-md items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
            Search teams
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={q}
            className={inputClasses}
            key={q}
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <PagedDataTable
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
    </>
  );
}
