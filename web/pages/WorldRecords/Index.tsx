import { Head, router } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import { Trophy } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { DataTable, type Column, type SortState } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { trackLabel } from '../../components/racing/series-parts.tsx';
import { When } from '../../components/racing/When.tsx';
import { route } from '../../generated/routes.ts';
import { cn } from '../../lib/cn.ts';
import {
  RACING_CATEGORIES,
  formatCategory,
  formatInteger,
  formatLapTime,
} from '../../lib/racing-format.ts';

export interface RecordTrack {
  trackId: number;
  trackName: string;
  configName: string | null;
}

export interface RecordCar {
  carId: number;
  carName: string;
}

export interface WorldRecordRow {
  /** `<trackId>-<carId>`: one record per track layout and car. */
  key: string;
  track: RecordTrack;
  car: RecordCar;
  category: string;
  /** 1/10000 s. */
  lapTime: number;
  holder: { custId: number; displayName: string };
  subsessionId: number;
  setAt: string;
}

export type WorldRecordSortKey = 'track' | 'car' | 'lapTime' | 'recent';

export interface Props {
  records: WorldRecordRow[];
  filters: { category: string | null; trackId: number | null; carId: number | null };
  sort: { key: WorldRecordSortKey; direction: 'asc' | 'desc' };
  /** The tracks and cars that hold a record (of the chosen category). */
  choices: { tracks: RecordTrack[]; cars: RecordCar[] };
  meta: { page: number; lastPage: number; total: number; perPage: number };
}

type Filters = Props['filters'];

const NATURAL: Record<WorldRecordSortKey, 'asc' | 'desc'> = {
  track: 'asc',
  car: 'asc',
  lapTime: 'asc',
  recent: 'desc',
};

/** The page's URL: only what differs from the defaults (the server's canonical form). */
function recordsUrl(filters: Filters, sort: Props['sort'], page = 1): string {
  const query: Record<string, string | number> = {};
  if (filters.category) query.category = filters.category;
  if (filters.trackId) query.trackId = filters.trackId;
  if (filters.carId) query.carId = filters.carId;
  if (sort.key !== 'track') query.sort = sort.key;
  if (sort.direction !== NATURAL[sort.key]) query.direction = sort.direction;
  if (page > 1) query.page = page;
  return route('world_records', {}, query);
}

/** The config only when it names something beyond the track (see trackLabel). */
const distinctConfig = (t: RecordTrack): string | null =>
  trackLabel(t.trackName, t.configName) === t.trackName ? null : t.configName;

const selectClasses =
  'block h-10 w-full rounded-md border border-line-strong bg-surface px-3 text-sm text-ink shadow-xs focus-visible:border-accent';

/**
 * `/world-records`: the fastest race lap recorded per track layout and car, filtered by
 * category, track and car, sorted and paged in the URL. The filter form is a plain GET form
 * (works without JavaScript); with JavaScript it visits the canonical URL instead.
 */
export default function WorldRecordsIndex({ records, filters, sort, choices, meta }: Props) {
  const columns: Column<WorldRecordRow>[] = [
    {
      key: 'track',
      header: 'Track',
      sortable: true,
      firstDirection: 'asc',
      cell: (r) => (
        <span>
          <span className="font-medium text-ink">{r.track.trackName}</span>
          {distinctConfig(r.track) && (
            <span className="block text-xs text-ink-muted">{distinctConfig(r.track)}</span>
          )}
        </span>
      ),
    },
    {
      key: 'car',
      header: 'Car',
      sortable: true,
      firstDirection: 'asc',
      cell: (r) => r.car.carName,
    },
    {
      key: 'category',
      header: 'Category',
      hideBelow: 'md',
      cell: (r) => formatCategory(r.category),
    },
    {
      key: 'lapTime',
      header: 'Lap time',
      numeric: true,
      sortable: true,
      firstDirection: 'asc',
      cell: (r) => <span className="font-semibold">{formatLapTime(r.lapTime)}</span>,
    },
    {
      key: 'holder',
      header: 'Driver',
      cell: (r) => (
        <PageLink
          href={route('drivers.show', { id: r.holder.custId })}
          className="text-accent hover:underline"
        >
          {r.holder.displayName}
        </PageLink>
      ),
    },
    {
      key: 'recent',
      header: 'Set',
      sortable: true,
      firstDirection: 'desc',
      hideBelow: 'sm',
      cell: (r) => (
        <PageLink
          href={route('subsessions.show', { id: r.subsessionId })}
          className="text-accent hover:underline"
        >
          <When iso={r.setAt} show="date" />
          <span className="sr-only"> (the race)</span>
        </PageLink>
      ),
    },
  ];

  const filtered = filters.category !== null || filters.trackId !== null || filters.carId !== null;
  const title = filters.category
    ? `${formatCategory(filters.category)} world records`
    : 'World records';

  return (
    <>
      <Head title={meta.page > 1 ? `${title}, page ${meta.page}` : title}>
        <meta
          name="description"
          content="The fastest race lap recorded on every track layout with every car."
        />
      </Head>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
        <p className="mt-2 max-w-prose text-ink-muted">
          The fastest race lap recorded on every track layout with every car, and who drove it.
        </p>
      </header>

      <FilterForm filters={filters} sort={sort} choices={choices} />

      <Card flush className="mt-6">
        {records.length === 0 ? (
          <EmptyState
            icon={Trophy}
            title={filtered ? 'No record matches these filters' : 'No world records yet'}
            description={
              filtered
                ? 'Try another track or car, or clear the filters.'
                : 'Records appear here once race results have been recorded.'
            }
            action={
              filtered ? (
                <PageLink href={route('world_records')} className="text-accent hover:underline">
                  Clear the filters
                </PageLink>
              ) : undefined
            }
          />
        ) : (
          <DataTable
            caption={`${title}: ${formatInteger(meta.total)} records, page ${meta.page} of ${meta.lastPage}`}
            columns={columns}
            rows={records}
            rowKey={(r) => r.key}
            sort={sort}
            sortHref={(next: SortState) =>
              recordsUrl(filters, {
                key: next.key as WorldRecordSortKey,
                direction: next.direction,
              })
            }
            rowTestId={(r) => `record-row-${r.key}`}
            data-test="world-records-table"
          />
        )}
      </Card>
      <p className="mt-3 text-sm text-ink-muted tabular-nums" data-test="world-records-total">
        {formatInteger(meta.total)} {meta.total === 1 ? 'record' : 'records'}
      </p>
      <Pagination
        className="mt-4"
        label="World record pages"
        page={meta.page}
        pageCount={meta.lastPage}
        href={(page) => recordsUrl(filters, sort, page)}
      />
    </>
  );
}

/** Category, track and car: a GET form whose fields are named like the URL's parameters. */
function FilterForm({
  filters,
  sort,
  choices,
}: {
  filters: Filters;
  sort: Props['sort'];
  choices: Props['choices'];
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const number = (name: string) => {
      const v = Number(data.get(name));
      return Number.isInteger(v) && v > 0 ? v : null;
    };
    const raw = data.get('category');
    const category = typeof raw === 'string' ? raw : '';
    router.visit(
      recordsUrl(
        {
          category: category === '' ? null : category,
          trackId: number('trackId'),
          carId: number('carId'),
        },
        sort,
      ),
      { preserveScroll: true },
    );
  };
  return (
    <form
      method="get"
      action={route('world_records')}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
      data-test="world-records-filters"
      aria-label="Filter world records"
    >
      {sort.key !== 'track' && <input type="hidden" name="sort" value={sort.key} />}
      {sort.direction !== NATURAL[sort.key] && (
        <input type="hidden" name="direction" value={sort.direction} />
      )}
      <FilterSelect label="Category" name="category" value={filters.category ?? ''}>
        <option value="">All categories</option>
        {RACING_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {formatCategory(c)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Track" name="trackId" value={String(filters.trackId ?? '')} wide>
        <option value="">All tracks</option>
        {choices.tracks.map((t) => (
          <option key={t.trackId} value={t.trackId}>
            {trackLabel(t.trackName, t.configName)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Car" name="carId" value={String(filters.carId ?? '')} wide>
        <option value="">All cars</option>
        {choices.cars.map((c) => (
          <option key={c.carId} value={c.carId}>
            {c.carName}
          </option>
        ))}
      </FilterSelect>
      <Button type="submit" data-test="world-records-apply">
        Show records
      </Button>
    </form>
  );
}

function FilterSelect({
  label,
  name,
  value,
  wide = false,
  children,
}: {
  label: string;
  name: string;
  value: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = `world-records-${name}`;
  return (
    <div className={cn('grid gap-1.5', wide ? 'min-w-56 flex-1' : 'min-w-40')}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {/* Uncontrolled: the server's value is the default; a new visit remounts it (key). */}
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        className={selectClasses}
        data-test={`filter-${name}`}
      >
        {children}
      </select>
    </div>
  );
}
