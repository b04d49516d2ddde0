import { Head } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import { Search, Users } from 'lucide-react';
import { useId } from 'react';
import { formatDay } from '../../../src/domain/as-of.ts';
import { AsOfBar, type AsOfView } from '../../components/AsOfBar.tsx';
import { LicenceBadge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { DataTable, type Column, type SortState } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FilterLinks } from '../../components/FilterLinks.tsx';
import { StarToggle } from '../../components/StarToggle.tsx';
import { route } from '../../generated/routes.ts';
import {
  formatCategory,
  formatInteger,
  formatIrating,
  formatSafetyRating,
  LICENCE_CLASSES,
  LICENCE_CLASS_NAMES,
  licenceClassOf,
  NONE,
  RACING_CATEGORIES,
} from '../../lib/racing-format.ts';

export interface DriverListRow {
  id: number;
  name: string;
  countryCode: string | null;
  /** The licence of the listed category: R, D, C, B, A, P, PWC. */
  licenceClass: string | null;
  safetyRating: number | null;
  irating: number | null;
  /** Starts and class wins in the category; null in search results. */
  starts: number | null;
  wins: number | null;
  /** Whether the signed-in member has this driver as a favorite. */
  isFavorite: boolean;
}

export type DriverListSort = 'irating' | 'safety_rating' | 'licence' | 'starts' | 'wins' | 'name';

export interface DriverListFilters {
  category: string;
  sort: DriverListSort;
  direction: 'asc' | 'desc';
  /** R, D, C, B, A, P or null for every class. */
  licenceClass: string | null;
  /** The search text ('' for none). */
  q: string;
}

export interface Props {
  /** The day shown (`?asOf=`, race time; null: today) and the picker's bounds. */
  asOf: AsOfView;
  drivers: DriverListRow[];
  filters: DriverListFilters;
  /** Whether `drivers` are name-search hits (ranked, one page) rather than the sorted list. */
  searching: boolean;
  /** The cursor of the next page; null on the last page (and in search results). */
  nextCursor: string | null;
  isFirstPage: boolean;
}

const naturalDirection: Record<DriverListSort, 'asc' | 'desc'> = {
  irating: 'desc',
  safety_rating: 'desc',
  licence: 'desc',
  starts: 'desc',
  wins: 'desc',
  name: 'asc',
};

type ListState = Omit<DriverListFilters, 'q'> & { cursor?: string; asOf?: string | null };

/** The list state's query parameters, leaving out every value that is the default. */
function listQuery(state: ListState): Record<string, string> {
  const query: Record<string, string> = {};
  if (state.category !== 'sports_car') query.category = state.category;
  if (state.sort !== 'irating') query.sort = state.sort;
  if (state.direction !== naturalDirection[state.sort]) query.direction = state.direction;
  if (state.licenceClass) query.licenceClass = state.licenceClass;
  if (state.asOf) query.asOf = state.asOf;
  if (state.cursor) query.cursor = state.cursor;
  return query;
}

/** The URL of a list state (the as-of day included). */
const listHref = (state: ListState): string => route('drivers', {}, listQuery(state));

/** Sorts a list of a past day cannot give: starts and wins have no history to sort by. */
const PRESENT_ONLY_SORTS: ReadonlySet<string> = new Set(['starts', 'wins']);

const isSort = (key: string): key is DriverListSort => key in naturalDirection;

function columns(searching: boolean, past: boolean): Column<DriverListRow>[] {
  const sortable = !searching;
  const sortableNow = sortable && !past;
  return [
    {
      key: 'favorite',
      header: <span className="sr-only">Favorite</span>,
      cell: (d) => <StarToggle driverId={d.id} driverName={d.name} initial={d.isFavorite} />,
      className: 'w-10',
    },
    {
      key: 'name',
      header: 'Driver',
      sortable,
      firstDirection: 'asc',
      cell: (d) => (
        <PageLink
          href={route('drivers.show', { id: d.id })}
          className="font-medium text-accent hover:underline"
          data-test="driver-link"
        >
          {d.name}
        </PageLink>
      ),
    },
    {
      key: 'country',
      header: 'Country',
      cell: (d) => d.countryCode ?? NONE,
      hideBelow: 'sm',
    },
    {
      key: 'licence',
      header: 'Licence',
      sortable,
      cell: (d) => {
        const licence = licenceClassOf(d.licenceClass);
        return licence ? <LicenceBadge licence={licence} safetyRating={d.safetyRating} /> : NONE;
      },
    },
    {
      key: 'safety_rating',
      header: 'SR',
      numeric: true,
      sortable,
      cell: (d) => formatSafetyRating(d.safetyRating),
      hideBelow: 'md',
    },
    {
      key: 'irating',
      header: 'iRating',
      numeric: true,
      sortable,
      cell: (d) => formatIrating(d.irating),
    },
    {
      key: 'starts',
      header: 'Starts',
      numeric: true,
      sortable: sortableNow,
      cell: (d) => formatInteger(d.starts),
      hideBelow: 'sm',
    },
    {
      key: 'wins',
      header: 'Wins',
      numeric: true,
      sortable: sortableNow,
      cell: (d) => formatInteger(d.wins),
      hideBelow: 'sm',
    },
  ];
}

/**
 * Every driver of a category: sorted on the server by the column headers (each a link to its
 * sort), filtered by category and licence class, searched by name, paged by a keyset cursor;
 * with `?asOf=` the list as it stood at the end of that day (every link keeps the day).
 */
export default function DriversIndex({
  asOf,
  drivers,
  filters,
  searching,
  nextCursor,
  isFirstPage,
}: Props) {
  const searchId = useId();
  const state: ListState = {
    category: filters.category,
    sort: filters.sort,
    direction: filters.direction,
    licenceClass: filters.licenceClass,
    asOf: asOf.day,
  };
  const past = asOf.day !== null;
  const sortHref = (next: SortState) =>
    isSort(next.key) && !(past && PRESENT_ONLY_SORTS.has(next.key))
      ? listHref({ ...state, sort: next.key, direction: next.direction })
      : '#';
  const filtered = filters.licenceClass !== null;
  // The as-of bar keeps the list's state (not its page) and sets the day.
  const keep = listQuery({ ...state, asOf: null });

  return (
    <>
      <Head title={`Drivers · ${formatCategory(filters.category)}`} />
      <h1 className="text-3xl font-bold tracking-tight text-ink">Drivers</h1>
      <p className="mt-1 text-ink-muted">
        Every iRacing driver Pitwall has seen race, by category. Sort by a column, filter by licence
        class, search by name, or pick a day to see the standings as they were.
      </p>
      <AsOfBar view={asOf} path={route('drivers')} keep={keep} className="mt-4" />

      <div className="mt-6 flex flex-col gap-3">
        <FilterLinks
          label="Category"
          options={RACING_CATEGORIES.map((c) => ({ value: c, label: formatCategory(c) }))}
          current={filters.category}
          href={(category) => listHref({ ...state, category })}
        />
        <FilterLinks
          label="Licence class"
          options={[
            { value: 'all', label: 'All classes' },
            ...LICENCE_CLASSES.map((l) => ({ value: l, label: LICENCE_CLASS_NAMES[l] })),
          ]}
          current={filters.licenceClass ?? 'all'}
          href={(licenceClass) =>
            listHref({ ...state, licenceClass: licenceClass === 'all' ? null : licenceClass })
          }
        />
        <form
          method="get"
          action={route('drivers')}
          role="search"
          aria-label="Search drivers"
          className="flex max-w-md gap-2"
        >
          {filters.category !== 'sports_car' && (
            <input type="hidden" name="category" value={filters.category} />
          )}
          <label htmlFor={searchId} className="sr-only">
            Driver name or customer id
          </label>
          <input
            id={searchId}
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Driver name or customer id"
            minLength={2}
            maxLength={100}
            className="h-9 w-full rounded-md border border-line-strong bg-surface px-3 text-sm text-ink placeholder:text-ink-muted"
            data-test="driver-list-search"
          />
          <button
            type="submit"
            className="inline-flex h-9 items-center gap-1 rounded-md bg-accent px-3 text-sm font-medium text-on-accent hover:bg-accent-hover"
          >
            <Search aria-hidden="true" className="size-4" />
            Search
          </button>
        </form>
        {searching && (
          <p className="text-sm text-ink-muted" data-test="driver-list-searching">
            Drivers matching “{filters.q}”, best match first.{' '}
            <PageLink href={listHref(state)} className="text-accent hover:underline">
              Back to the full list
            </PageLink>
          </p>
        )}
      </div>

      {drivers.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={Users}
          title={searching ? `No driver matches “${filters.q}”` : 'No drivers to show'}
          description={
            searching
              ? 'Try part of the first or last name, or the iRacing customer id.'
              : filtered
                ? `No ${formatCategory(filters.category)} driver holds a ${LICENCE_CLASS_NAMES[licenceClassOf(filters.licenceClass) ?? 'R']} licence here yet.`
                : past
                  ? `No ${formatCategory(filters.category)} driver had a rating by the end of ${formatDay(asOf.day ?? '')}.`
                  : `No ${formatCategory(filters.category)} driver has a rating here yet.`
          }
          action={
            searching || filtered ? (
              <PageLink
                href={listHref({ ...state, licenceClass: null })}
                className="text-accent hover:underline"
                data-test="reset-filters"
              >
                Show every {formatCategory(filters.category)} driver
              </PageLink>
            ) : undefined
          }
        />
      ) : (
        <Card className="mt-6" flush>
          <DataTable
            caption={`${formatCategory(filters.category)} drivers${asOf.day ? ` as of ${formatDay(asOf.day)}` : ''}`}
            columns={columns(searching, past)}
            rows={drivers}
            rowKey={(d) => d.id}
            rowTestId={(d) => `driver-row-${d.id}`}
            sort={searching ? null : { key: filters.sort, direction: filters.direction }}
            sortHref={sortHref}
            data-test="driver-list"
          />
          {(nextCursor || !isFirstPage) && (
            <nav
              aria-label="Driver list pages"
              className="flex justify-between gap-3 border-t border-line px-4 py-3 text-sm"
            >
              {isFirstPage ? (
                <span />
              ) : (
                <PageLink
                  href={listHref(state)}
                  className="text-accent hover:underline"
                  data-test="page-first"
                >
                  ← First page
                </PageLink>
              )}
              {nextCursor ? (
                <PageLink
                  href={listHref({ ...state, cursor: nextCursor })}
                  className="text-accent hover:underline"
                  data-test="page-next"
                >
                  Next page →
                </PageLink>
              ) : (
                <span />
              )}
            </nav>
          )}
        </Card>
      )}
    </>
  );
}
