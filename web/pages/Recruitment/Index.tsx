import { Head, Link, router } from '@inertiajs/react';
import { Users } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { inputClasses } from '../../components/Input.tsx';
import { route } from '../../generated/routes.ts';
import { formatCategory, LICENCE_CLASS_NAMES } from '../../lib/racing-format.ts';
import { BoardTabs, ProfileCardView } from '../../components/recruitment/parts.tsx';
import {
  LICENCE_LETTERS,
  RECRUITMENT_CATEGORIES,
  type BoardFilters,
  type BoardOptions,
  type ProfileCard,
  type ProfileKind,
} from './types.ts';
import type { BoardSort } from '../../generated/dtos.ts';

export interface Props {
  kind: ProfileKind;
  profiles: ProfileCard[];
  filters: BoardFilters;
  nextCursor: string | null;
  isFirstPage: boolean;
  options: BoardOptions;
  signedIn: boolean;
}

const SORT_LABELS: Record<BoardSort, string> = { newest: 'Newest', irating: 'Highest iRating' };
const FILTER_KEYS = [
  'category',
  'minIRating',
  'maxIRating',
  'licence',
  'timeZone',
  'language',
  'series',
] as const;

/** The query of a list URL: empty values and defaults are left out. */
function listQuery(filters: BoardFilters, cursor?: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) if (filters[key]) query[key] = filters[key];
  if (filters.sort !== 'newest') query.sort = filters.sort;
  if (cursor) query.cursor = cursor;
  return query;
}

/**
 * `/recruitment` and `/recruitment/teams`: open profiles with each driver's live iRating, licence
 * and recent form (or a team's members' averages); filters and sort in the URL, paged by cursor.
 */
export default function RecruitmentIndex({
  kind,
  profiles,
  filters,
  nextCursor,
  isFirstPage,
  options,
  signedIn,
}: Props) {
  const id = useId();
  const listRoute = kind === 'driver' ? 'recruitment.drivers' : 'recruitment.teams';
  const title = kind === 'driver' ? 'Drivers looking for a team' : 'Teams looking for drivers';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v.trim() : '';
    };
    const next = {
      ...Object.fromEntries(FILTER_KEYS.map((k) => [k, value(k)])),
      sort: (value('sort') || 'newest') as BoardSort,
    } as BoardFilters;
    router.get(route(listRoute), listQuery(next));
  };
  const filtered = FILTER_KEYS.some((k) => filters[k] !== '');
  const select = (
    name: (typeof FILTER_KEYS)[number] | 'sort',
    label: string,
    choices: { value: string | number; label: string }[],
    any: string | null = 'Any',
  ) => (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        name={name}
        defaultValue={filters[name]}
        className={inputClasses}
        data-test={`filter-${name}`}
      >
        {any !== null && <option value="">{any}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
  const number = (name: 'minIRating' | 'maxIRating', label: string) => (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        max={15000}
        step={50}
        defaultValue={filters[name]}
        className={inputClasses}
        data-test={`filter-${name}`}
      />
    </div>
  );
  return (
    <>
      <Head title={title}>
        <meta
          name="description"
          content="Sim-racing recruitment board: every profile shows the driver's live iRating, licence and recent form."
        />
      </Head>
      <header className="mb-4">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
        <p className="mt-2 text-ink-muted">
          {kind === 'driver'
            ? 'Drivers who want a team, each with the iRating, licence and last ten races of the iRacing account they linked.'
            : "Teams with an open seat, with their members' live average iRating and safety rating."}
        </p>
      </header>
      <BoardTabs current={kind === 'driver' ? 'drivers' : 'teams'} signedIn={signedIn} />
      <form
        role="search"
        aria-label="Filter profiles"
        action={route(listRoute)}
        method="get"
        onSubmit={submit}
        className="mb-6 grid gap-3 rounded-lg border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
        key={JSON.stringify(filters)}
        data-test="board-filters"
      >
        {select(
          'category',
          'Category',
          RECRUITMENT_CATEGORIES.map((c) => ({ value: c, label: formatCategory(c) })),
        )}
        {number('minIRating', 'iRating from')}
        {number('maxIRating', 'iRating up to')}
        {select(
          'licence',
          kind === 'driver' ? 'Licence at least' : 'Asks at most licence',
          LICENCE_LETTERS.map((l) => ({ value: l, label: LICENCE_CLASS_NAMES[l] })),
        )}
        {select(
          'timeZone',
          'Time zone',
          options.timeZones.map((z) => ({ value: z, label: z })),
        )}
        {select('language', 'Language', options.languages)}
        {select(
          'series',
          'Series',
          options.series.map((s) => ({ value: s.value, label: s.label })),
        )}
        {select(
          'sort',
          'Sort by',
          (Object.keys(SORT_LABELS) as BoardSort[]).map((s) => ({
            value: s,
            label: SORT_LABELS[s],
          })),
          null,
        )}
        <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-4">
          <Button type="submit" data-test="filters-apply">
            Apply filters
          </Button>
          {(filtered || filters.sort !== 'newest') && (
            <Link href={route(listRoute)} className="text-sm text-accent hover:underline">
              Clear filters
            </Link>
          )}
        </div>
      </form>
      {profiles.length === 0 ? (
        <EmptyState
          icon={Users}
          title={filtered ? 'No profile matches these filters' : 'No open profiles yet'}
          description={
            filtered
              ? 'Widen the iRating range or clear a filter.'
              : kind === 'driver'
                ? 'Looking for a team? Write the first profile.'
                : 'Recruiting? Write the first team profile.'
          }
          action={
            filtered ? (
              <ButtonLink href={route(listRoute)} variant="secondary">
                Show all profiles
              </ButtonLink>
            ) : (
              <ButtonLink href={route('recruitment.create')}>New profile</ButtonLink>
            )
          }
        />
      ) : (
        <ol className="grid gap-4" data-test="profile-list">
          {profiles.map((p) => (
            <li key={p.id}>
              <ProfileCardView profile={p} />
            </li>
          ))}
        </ol>
      )}
      {(nextCursor || !isFirstPage) && (
        <nav aria-label="Profile pages" className="mt-6 flex justify-between gap-3 text-sm">
          {isFirstPage ? (
            <span />
          ) : (
            <Link
              href={route(listRoute, {}, listQuery(filters))}
              className="text-accent hover:underline"
            >
              ← First page
            </Link>
          )}
          {nextCursor ? (
            <Link
              href={route(listRoute, {}, listQuery(filters, nextCursor))}
              className="text-accent hover:underline"
              data-test="page-next"
            >
              Next page →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
