import { Head, router } from '@inertiajs/react';
import type { RowData } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, ButtonLink } from '../Button.tsx';
import { inputClasses } from '../Input.tsx';
import { PagedDataTable, type PagedDataTableProps } from '../PagedDataTable.tsx';
import { AdminPageHeader } from './AdminForm.tsx';

/**
 * An admin list page (teams, pros, gear, articles, setups): title and description, the "New …"
 * button, an optional search box (GET, `q` in the URL) and the server-paged table.
 */
export function AdminListPage<Row extends RowData>({
  title,
  description,
  newHref,
  newLabel,
  newTestId,
  search,
  children,
  ...table
}: PagedDataTableProps<Row> & {
  title: string;
  description: ReactNode;
  newHref: string;
  newLabel: string;
  newTestId?: string;
  /** The search box: its label, the current query and the list URL of a query. */
  search?: { label: string; q: string; href: (q: string) => string };
  /** Anything between the search box and the table (filters). */
  children?: ReactNode;
}) {
  return (
    <>
      <Head title={title} />
      <AdminPageHeader
        title={title}
        description={description}
        action={
          <ButtonLink href={newHref} data-test={newTestId}>
            <Plus aria-hidden="true" className="size-4" /> {newLabel}
          </ButtonLink>
        }
      />
      {search && <AdminSearch {...search} />}
      {children}
      <PagedDataTable {...table} />
    </>
  );
}

function AdminSearch({
  label,
  q,
  href,
}: {
  label: string;
  q: string;
  href: (q: string) => string;
}) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    router.get(href(typeof value === 'string' ? value.trim() : ''));
  };
  return (
    <form role="search" onSubmit={submit} className="mb-4 flex max-w-md items-end gap-2">
      <div className="grid flex-1 gap-1.5">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
          {label}
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
  );
}
