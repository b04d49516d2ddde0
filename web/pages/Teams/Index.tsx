import { Head, Link, router } from '@inertiajs/react';
import { Users } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { inputClasses } from '../../components/Input.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { route } from '../../generated/routes.ts';
import { cn } from '../../lib/cn.ts';
import { formatCategory, formatIrating } from '../../lib/racing-format.ts';
import type { PageMeta, TeamSort, TeamSummaryDto } from '../../generated/dtos.ts';
import { TEAM_CATEGORIES, type TeamFilters } from './types.ts';

export interface Props {
  teams: TeamSummaryDto[];
  meta: PageMeta;
  filters: TeamFilters;
}

const SORT_LABELS: Record<TeamSort, string> = {
  members: 'Most members',
  irating: 'Highest average iRating',
  name: 'Name (A–Z)',
};

/** The query of a list URL: defaults are left out, so the plain list is plain `/teams`. */
function listQuery(filters: TeamFilters, page = 1): Record<string, string | number> {
  return {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.sort !== 'members' ? { sort: filters.sort } : {}),
    ...(filters.category !== 'sports_car' ? { category: filters.category } : {}),
    ...(page > 1 ? { page } : {}),
  };
}

/** `/teams`: search by name or tag, sort by members, average iRating or name; paged by URL. */
export default function TeamsIndex({ teams, meta, filters }: Props) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string, fallback: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : fallback;
    };
    const next: TeamFilters = {
      q: text('q', ''),
      sort: text('sort', 'members') as TeamSort,
      category: text('category', 'sports_car') as TeamFilters['category'],
    };
    router.get(route('teams.index'), listQuery(next));
  };
  const filtered = filters.q !== '';
  return (
    <>
      <Head title={meta.page > 1 ? `Teams, page ${meta.page}` : 'Teams'}>
        <meta
          name="description"
          content="Sim-racing teams with their drivers, live iRating and licences."
        />
      </Head>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Teams</h1>
        <p className="mt-2 text-ink-muted">
          Endurance squads, esports outfits and league teams, with every member&apos;s live iRating
          and licence.
        </p>
      </header>
      <form
        role="search"
        action={route('teams.index')}
        method="get"
        onSubmit={submit}
        className="mb-6 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        key={`${filters.q}|${filters.sort}|${filters.category}`}
        data-test="teams-filters"
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
            Search teams
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Name or tag"
            maxLength={100}
            className={inputClasses}
            data-test="teams-search"
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium text-ink">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            name="sort"
            defaultValue={filters.sort}
            className={inputClasses}
            data-test="teams-sort"
          >
            {(Object.keys(SORT_LABELS) as TeamSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-category`} className="text-sm font-medium text-ink">
            iRating category
          </label>
          <select
            id={`${id}-category`}
            name="category"
            defaultValue={filters.category}
            className={inputClasses}
            data-test="teams-category"
          >
            {TEAM_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {formatCategory(category)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" data-test="teams-apply">
          Apply
        </Button>
      </form>
      {teams.length === 0 ? (
        <EmptyState
          icon={Users}
          title={filtered ? `No team matches “${filters.q}”` : 'No teams yet'}
          description={
            filtered
              ? 'Try part of the name or the tag, e.g. “apex” or “APX”.'
              : 'Teams appear here as soon as they are added.'
          }
          action={
            filtered ? (
              <ButtonLink href={route('teams.index')} variant="secondary">
                Show all teams
              </ButtonLink>
            ) : undefined
          }
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
            {meta.total === 1 ? '1 team' : `${meta.total} teams`}
            {filtered ? ` matching “${filters.q}”` : ''}, {SORT_LABELS[filters.sort].toLowerCase()}
            {filters.sort === 'irating' ? ` (${formatCategory(filters.category)})` : ''}.
          </p>
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-test="teams-list">
            {teams.map((team) => (
              <li key={team.id} className="flex">
                <TeamCard team={team} category={filters.category} />
              </li>
            ))}
          </ol>
        </>
      )}
      <Pagination
        className="mt-8"
        label="Team pages"
        page={meta.page}
        pageCount={meta.lastPage}
        href={(page) => route('teams.index', {}, listQuery(filters, page))}
      />
    </>
  );
}

function TeamCard({ team, category }: { team: TeamSummaryDto; category: TeamFilters['category'] }) {
  return (
    <article
      className={cn(
        'flex w-full flex-col gap-2 rounded-lg border border-line bg-surface p-4 shadow-xs',
        'focus-within:ring-2 focus-within:ring-accent hover:border-line-strong',
      )}
      data-test="team-card"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        {team.logoUrl && (
          <img
            src={team.logoUrl}
            alt={`${team.name} logo`}
            width={32}
            height={32}
            loading="lazy"
            className="size-8 shrink-0 rounded object-contain"
            data-test="team-logo"
          />
        )}
        <Link
          href={route('teams.show', { slug: team.slug })}
          className="hover:text-accent hover:underline"
        >
          {team.name}
        </Link>
        {team.tag && <Badge>{team.tag}</Badge>}
      </h2>
      <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-ink-muted">Members</dt>
          <dd className="font-semibold text-ink tabular-nums">{team.memberCount}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Avg iRating ({formatCategory(category)})</dt>
          <dd className="font-semibold text-ink tabular-nums">
            {formatIrating(team.averageIrating)}
          </dd>
        </div>
      </dl>
    </article>
  );
}
