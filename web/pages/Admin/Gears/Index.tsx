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
import { GEAR_TYPE_NAMES, formatPriceRange, type GearItem } from '../../Gears/types.ts';
import type { PageMeta } from '../../Teams/types.ts';

export interface Props {
  items: GearItem[];
  meta: PageMeta;
  q: string;
}

const listUrl = (q: string, page = 1) =>
  route('admin.gears', {}, { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) });

/** `/admin/gears`: every gear item by brand and model. */
export default function GearsAdminIndex({ items, meta, q }: Props) {
  const id = useId();
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    router.get(listUrl(typeof value === 'string' ? value.trim() : ''));
  };
  const columns: Column<GearItem>[] = [
    {
      key: 'name',
      header: 'Item',
      cell: (g) => (
        <Link
          href={route('admin.gears.edit', { id: g.id })}
          className="font-medium text-ink hover:text-accent hover:underline"
          data-test="gear-edit-link"
        >
          {g.brand} {g.model}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', cell: (g) => GEAR_TYPE_NAMES[g.type] },
    {
      key: 'price',
      header: 'Price',
      hideBelow: 'md',
      cell: (g) => formatPriceRange(g.priceMinUsd, g.priceMaxUsd) ?? NONE,
    },
    {
      key: 'users',
      header: 'Used by',
      numeric: true,
      hideBelow: 'md',
      cell: (g) => g.usedBy.length,
    },
    dateTimeColumn('updatedAt', 'Last changed', 'lg'),
  ];
  return (
    <>
      <Head title="Gear" />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink">Gear</h1>
          <p className="mt-1 text-sm text-ink-muted">
            The hardware catalog on the public /gears pages.
          </p>
        </div>
        <ButtonLink href={route('admin.gears.create')} data-test="new-gear">
          <Plus aria-hidden="true" className="size-4" /> New item
        </ButtonLink>
      </header>
      <form role="search" onSubmit={search} className="mb-4 flex max-w-md items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
            Search gear
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
        caption="Gear"
        columns={columns}
        rows={items}
        rowKey={(g) => g.id}
        empty={q ? `No item matches “${q}”.` : 'No gear yet. Add the first item.'}
        data-test="gear-table"
        meta={meta}
        pagerLabel="Gear pages"
        pageHref={(page) => listUrl(q, page)}
      />
    </>
  );
}
