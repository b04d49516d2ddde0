import { Head, Link } from '@inertiajs/react';
import { ArrowRight, Newspaper, Star, Timer, Trophy, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { ArticleCard } from '../../components/ArticleCard.tsx';
import { buttonClasses } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { route } from '../../generated/routes.ts';
import { formatCategory, formatIrating } from '../../lib/racing-format.ts';
import type { ArticleSummary } from '../News/types.ts';

/** A favorite driver as the favorites area will provide it. */
export interface FavoriteDriver {
  id: string;
  name: string;
}

export interface Props {
  /** Newest first; the first one is featured. */
  latestArticles: ArticleSummary[];
  /** The signed-in member's favorite drivers; null for guests. */
  favoriteDrivers: FavoriteDriver[] | null;
  /** The highest-rated drivers of each category with rated drivers, most drivers first. */
  topDrivers: TopDrivers[];
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
];

/** The home page: what Pitwall is, the latest news, shortcuts into the data, and your favorites. */
export default function HomeIndex({ latestArticles, favoriteDrivers, topDrivers }: Props) {
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
        <ul className="mt-6 grid gap-3 sm:grid-cols-3">
          {shortcuts.map(({ label, description, href, icon: Icon }) => (
            <li key={label}>
              <Link
                href={href()}
                className="flex items-center gap-3 rounded-lg border border-line bg-surface p-4 shadow-xs hover:border-line-strong"
              >
                <Icon aria-hidden="true" className="size-6 shrink-0 text-accent" />
                <span>
                  <span className="block font-semibold text-ink">{label}</span>
                  <span className="block text-sm text-ink-muted">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {topDrivers.length > 0 && (
        <section aria-labelledby="top-drivers" className="mb-8" data-test="top-drivers">
          <div className="mb-4 flex items-baseline justify-between gap-3">
            <h2 id="top-drivers" className="text-xl font-bold tracking-tight text-ink">
              Top drivers
            </h2>
            <Link
              href={route('stats.irating')}
              className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
            >
              iRating distribution <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
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
                          <Link
                            href={route('drivers.show', { id: d.id })}
                            className="text-accent hover:underline"
                          >
                            {d.name}
                          </Link>
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

      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="latest-news" className="lg:col-span-2" data-test="latest-news">
          <div className="mb-4 flex items-baseline justify-between gap-3">
            <h2 id="latest-news" className="text-xl font-bold tracking-tight text-ink">
              Latest news
            </h2>
            <Link
              href={route('news.index')}
              className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
            >
              All news <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
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
        <Link href={route('auth.login')} className={buttonClasses('secondary', 'sm', 'mt-4')}>
          Sign in
        </Link>
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
        <Link href={route('drivers')} className={buttonClasses('secondary', 'sm', 'mt-4')}>
          Find drivers
        </Link>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {drivers.map((driver) => (
        <li key={driver.id}>
          <Link
            href={route('drivers.show', { id: driver.id })}
            className="block py-2 font-medium text-ink hover:text-accent"
          >
            {driver.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
