import { Head } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import {
  ArrowRight,
  Search,
  CalendarDays,
  Flag,
  Newspaper,
  Star,
  Timer,
  Trophy,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDay } from '../../../src/domain/as-of.ts';
import { ArticleCard } from '../../components/ArticleCard.tsx';
import { AsOfBar, type AsOfView } from '../../components/AsOfBar.tsx';
import { buttonClasses } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { trackLabel } from '../../components/racing/series-parts.tsx';
import { When } from '../../components/racing/When.tsx';
import { route } from '../../generated/routes.ts';
import { formatCategory, formatCount, formatDate, formatIrating } from '../../lib/racing-format.ts';
import type { ArticleSummaryDto } from '../../generated/dtos.ts';

/** A favorite driver as the favorites area will provide it. */
export interface FavoriteDriver {
  id: string;
  name: string;
}

export interface Props {
  /** The day the top drivers are shown for (`?asOf=`, race time; null: today). */
  asOf: AsOfView;
  /** Newest first; the first one is featured. */
  latestArticles: ArticleSummaryDto[];
  /** The signed-in member's favorite drivers; null for guests. */
  favoriteDrivers: FavoriteDriver[] | null;
  /** The highest-rated drivers of each category with rated drivers, most drivers first. */
  topDrivers: TopDrivers[];
  /** The strongest split of each series in the last days, strongest first. */
  notableRaces: NotableRace[];
  /** The running week of the busiest series (most starts so far), busiest first. */
  seriesThisWeek: SeriesWeek[];
}

export interface NotableRace {
  subsessionId: number;
  series: { id: number; name: string };
  category: string;
  startTime: string;
  trackName: string;
  configName: string | null;
  strengthOfField: number;
  fieldSize: number;
  winner: { id: number; name: string } | null;
  winnerTeam: string | null;
}

export interface SeriesWeek {
  series: { id: number; name: string };
  category: string | null;
  /** 1-based. */
  week: number;
  startDate: string;
  /** False when the season's latest week is already over (no newer data). */
  running: boolean;
  trackName: string;
  configName: string | null;
  entries: number;
  races: number;
  drivers: number;
}

export interface TopDrivers {
  category: string;
  drivers: { id: number; name: string; irating: number }[];
}

const shortcuts: readonly {
  label: string;
  description: string;
  href: () => string;
  icon: LucideIcon;
}[] = [
  {
    label: 'Drivers',
    description: 'Ratings, results and history',
    href: () => route('drivers'),
    icon: Users,
  },
  {
    label: 'Series',
    description: 'Schedules, pace and participation',
    href: () => route('series'),
    icon: Timer,
  },
  {
    label: 'World records',
    description: 'The fastest laps on every combo',
    href: () => route('world_records'),
    icon: Trophy,
  },
  {
    label: 'Search',
    description: 'Find a driver or a series by name',
    href: () => route('search'),
    icon: Search,
  },
];

/** The home page: what Pitwall is, the latest news, shortcuts into the data, and your favorites. */
export default function HomeIndex({
  asOf,
  latestArticles,
  favoriteDrivers,
  topDrivers,
  notableRaces,
  seriesThisWeek,
}: Props) {
  const [featured, ...more] = latestArticles;
  return (
    <>
      <Head title="" />
      <section aria-labelledby="home-title" className="mb-8">
        <h1 id="home-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          Racing data for sim-racing drivers
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-ink-muted">
          Results, ratings, lap times and records from every official series, with the news that
          matters on race night.
        </p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {shortcuts.map(({ label, description, href, icon: Icon }) => (
            <li key={label}>
              <PageLink
                href={href()}
                className="flex items-center gap-3 rounded-lg border border-line bg-surface p-4 shadow-xs hover:border-line-strong"
              >
                <Icon aria-hidden="true" className="size-6 shrink-0 text-accent" />
                <span>
                  <span className="block font-semibold text-ink">{label}</span>
                  <span className="block text-sm text-ink-muted">{description}</span>
                </span>
              </PageLink>
            </li>
          ))}
        </ul>
      </section>

      {topDrivers.length > 0 && (
        <section aria-labelledby="top-drivers" className="mb-8" data-test="top-drivers">
          <SectionHeading
            id="top-drivers"
            title={`Top drivers${asOf.day ? ` as of ${formatDay(asOf.day)}` : ''}`}
            link={{ href: route('stats.irating'), label: 'iRating distribution' }}
          />
          <AsOfBar view={asOf} path={route('index')} className="mb-4" />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {topDrivers.slice(0, 3).map((top) => (
              <li key={top.category}>
                <Card title={formatCategory(top.category)} headingLevel={3} flush>
                  <ol className="divide-y divide-line text-sm">
                    {top.drivers.map((d, i) => (
                      <li
                        key={d.id}
                        className="flex items-center justify-between gap-3 px-4 py-2"
                        data-test={`top-driver-${top.category}-${d.id}`}
                      >
                        <span>
                          <span className="mr-2 text-ink-muted tabular-nums">{i + 1}.</span>
                          <PageLink
                            href={route('drivers.show', { id: d.id })}
                            className="text-accent hover:underline"
                          >
                            {d.name}
                          </PageLink>
                        </span>
                        <span className="font-semibold tabular-nums">
                          {formatIrating(d.irating)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}

      {(notableRaces.length > 0 || seriesThisWeek.length > 0) && (
        <div className="mb-8 grid gap-8 lg:grid-cols-2">
          <NotableRaces races={notableRaces} />
          <SeriesThisWeek weeks={seriesThisWeek} />
        </div>
      )}

      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="latest-news" className="lg:col-span-2" data-test="latest-news">
          <SectionHeading
            id="latest-news"
            title="Latest news"
            link={{ href: route('news.index'), label: 'All news' }}
          />
          {featured === undefined ? (
            <EmptyState
              icon={Newspaper}
              title="No news yet"
              description="Published articles will appear here."
              headingLevel={3}
            />
          ) : (
            <>
              <ArticleCard article={featured} headingLevel={3} featured />
              {more.length > 0 && (
                <ol className="mt-4 grid gap-4 sm:grid-cols-2">
                  {more.map((article) => (
                    <li key={article.id} className="flex">
                      <ArticleCard article={article} headingLevel={3} />
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </section>

        <aside aria-label="Your favorites">
          <Card title="Favorite drivers" data-test="favorite-drivers">
            <FavoriteDrivers drivers={favoriteDrivers} />
          </Card>
        </aside>
      </div>
    </>
  );
}

function FavoriteDrivers({ drivers }: { drivers: FavoriteDriver[] | null }) {
  if (drivers === null) {
    return (
      <div className="text-sm text-ink-muted">
        <p>Sign in to keep your favorite drivers one click away.</p>
        <PageLink href={route('auth.login')} className={buttonClasses('secondary', 'sm', 'mt-4')}>
          Sign in
        </PageLink>
      </div>
    );
  }
  if (drivers.length === 0) {
    return (
      <div className="text-sm text-ink-muted">
        <p className="flex items-start gap-2">
          <Star aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          No favorites yet. Open a driver and star them to follow their results here.
        </p>
        <PageLink href={route('drivers')} className={buttonClasses('secondary', 'sm', 'mt-4')}>
          Find drivers
        </PageLink>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {drivers.map((driver) => (
        <li key={driver.id}>
          <PageLink
            href={route('drivers.show', { id: driver.id })}
            className="block py-2 font-medium text-ink hover:text-accent"
          >
            {driver.name}
          </PageLink>
        </li>
      ))}
    </ul>
  );
}

function SectionHeading({
  id,
  title,
  link,
}: {
  id: string;
  title: string;
  link: { href: string; label: string };
}) {
  return (
    <div className="mb-4 flex items-baseline justify-between gap-3">
      <h2 id={id} className="text-xl font-bold tracking-tight text-ink">
        {title}
      </h2>
      <PageLink
        href={link.href}
        className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
      >
        {link.label} <ArrowRight aria-hidden="true" className="size-4" />
      </PageLink>
    </div>
  );
}

/** One row of a home race list: a linked name over its detail lines, and two figures at the right. */
interface RaceListRow {
  key: number;
  test: string;
  href: string;
  name: string;
  /** Muted lines under the name; a null line is left out. */
  details: (ReactNode | null)[];
  /** The headline figure (bold), then a muted one under it. */
  figures: [ReactNode, ReactNode];
}

/**
 * A home section listing races in a card (notable races, this week): heading with a link to
 * all series, and its own empty state when it has no rows while the other section has some.
 */
function RaceListSection({
  id,
  title,
  cardTitle,
  empty,
  rows,
}: {
  id: string;
  title: string;
  cardTitle: string;
  empty: { icon: LucideIcon; title: string; description: string };
  rows: RaceListRow[];
}) {
  return (
    <section aria-labelledby={id} data-test={id}>
      <SectionHeading id={id} title={title} link={{ href: route('series'), label: 'All series' }} />
      {rows.length === 0 ? (
        <EmptyState
          icon={empty.icon}
          title={empty.title}
          description={empty.description}
          headingLevel={3}
        />
      ) : (
        <Card title={cardTitle} headingLevel={3} flush>
          <ol className="divide-y divide-line text-sm">
            {rows.map((row) => (
              <li
                key={row.key}
                className="flex items-start justify-between gap-3 px-4 py-2"
                data-test={row.test}
              >
                <span className="min-w-0">
                  <PageLink href={row.href} className="font-medium text-accent hover:underline">
                    {row.name}
                  </PageLink>
                  {row.details.map(
                    (line, i) =>
                      line !== null && (
                        <span key={i} className="block text-ink-muted">
                          {line}
                        </span>
                      ),
                  )}
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-semibold tabular-nums">{row.figures[0]}</span>
                  <span className="block text-ink-muted tabular-nums">{row.figures[1]}</span>
                </span>
              </li>
            ))}
          </ol>
        </Card>
      )}
    </section>
  );
}

/** The strongest splits of the last days: series, track, SoF, field and winner, each a link to its results. */
function NotableRaces({ races }: { races: NotableRace[] }) {
  return (
    <RaceListSection
      id="notable-races"
      title="Notable races"
      cardTitle="Highest strength of field, last 7 days"
      empty={{
        icon: Flag,
        title: 'No races yet',
        description: 'The strongest races of the last days will appear here.',
      }}
      rows={races.map((r) => ({
        key: r.subsessionId,
        test: `notable-race-${r.subsessionId}`,
        href: route('subsessions.show', { id: String(r.subsessionId) }),
        name: r.series.name,
        details: [
          <>
            {trackLabel(r.trackName, r.configName)} · <When iso={r.startTime} />
          </>,
          r.winner && (
            <>
              Won by{' '}
              <PageLink
                href={route('drivers.show', { id: String(r.winner.id) })}
                className="text-accent hover:underline"
              >
                {r.winner.name}
              </PageLink>
              {r.winnerTeam ? ` (${r.winnerTeam})` : ''}
            </>
          ),
        ],
        figures: [<>SoF {formatIrating(r.strengthOfField)}</>, formatCount(r.fieldSize, 'driver')],
      }))}
    />
  );
}

/** The running week of the busiest series: its track and the entries so far. */
function SeriesThisWeek({ weeks }: { weeks: SeriesWeek[] }) {
  return (
    <RaceListSection
      id="series-this-week"
      title="This week"
      cardTitle="The busiest series"
      empty={{
        icon: CalendarDays,
        title: 'No races this week yet',
        description: 'The busiest series of the week will appear here.',
      }}
      rows={weeks.map((w) => ({
        key: w.series.id,
        test: `series-week-${w.series.id}`,
        href: route('series.show', { id: String(w.series.id) }),
        name: w.series.name,
        details: [
          <>
            Week {w.week}
            {w.running ? '' : ` (from ${formatDate(w.startDate)})`} ·{' '}
            {trackLabel(w.trackName, w.configName)}
          </>,
          w.category ? formatCategory(w.category) : null,
        ],
        figures: [
          formatCount(w.entries, 'entry', 'entries'),
          <>
            {formatCount(w.drivers, 'driver')} · {formatCount(w.races, 'race')}
          </>,
        ],
      }))}
    />
  );
}
