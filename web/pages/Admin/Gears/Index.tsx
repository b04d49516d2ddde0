import { Link } from '@inertiajs/react';
import type { Column } from '../../../components/DataTable.tsx';
import { dateTimeColumn } from '../../../components/DateTime.tsx';
import { AdminListPage } from '../../../components/admin/AdminList.tsx';
import { route } from '../../../generated/routes.ts';
import { NONE } from '../../../lib/racing-format.ts';
import type { GearItemDto, PageMeta } from '../../../generated/dtos.ts';
import { GEAR_TYPE_NAMES, formatPriceRange } from '../../Gears/types.ts';

export interface Props {
  items: GearItemDto[];
  meta: PageMeta;
  q: string;
}

const listUrl = (q: string, page = 1) =>
  route('admin.gears', {}, { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) });

/** `/admin/gears`: every gear item by brand and model. */
export default function GearsAdminIndex({ items, meta, q }: Props) {
  const columns: Column<GearItemDto>[] = [
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
    <AdminListPage
      title="Gear"
      description="The hardware catalog on the public /gears pages."
      newHref={route('admin.gears.create')}
      newLabel="New item"
      newTestId="new-gear"
      search={{ label: 'Search gear', q, href: (text) => listUrl(text) }}
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
  );
}
