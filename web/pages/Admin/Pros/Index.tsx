import { Head, Link, router } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { dateTimeColumn } from '../../../components/DateTime.tsx';
import { inputClasses } from '../../../components/Input.tsx';
import { PagedDataTable } from '../../../components/PagedDataTable.tsx';
import { route } from '../../../generated/routes.ts';
import { NONE } from '../../../lib/racing-format.ts';
import type { PageMeta, ProSummary } from '../../Pros/types.ts';

export interface Props {
  pros: ProSummary[];
  meta: PageMeta;
  q: string;
}

const listUrl = (q: string, page = 1) =>
  route('admin.pros', {}, { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) });

/** `/admin/pros`: every pro-driver profile by name. */
export default function ProsAdminIndex({ pros, meta, q }: Props) {
  const id = useId();
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    router.get(listUrl(typeof value === 'string' ? value.trim() : ''));
  };
  const columns: Column<ProSummary>[] = [
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
    <>
      <Head title="Pro drivers" />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink">Pro drivers</h1>
          <p className="mt-1 text-sm text-ink-muted">Profiles on the public /pros pages.</p>
        </div>
        <ButtonLink href={route('admin.pros.create')} data-test="new-pro">
          <Plus aria-hidden="true" className="size-4" /> New pro driver
        </ButtonLink>
      </header>
      <form role="search" onSubmit={search} className="mb-4 flex max-w-md items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
            Search pro drivers
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
    </>
  );
}
