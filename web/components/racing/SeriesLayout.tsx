import { Head, router } from '@inertiajs/react';
import { PageLink } from '../PageLink.tsx';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { route, type RouteName } from '../../generated/routes.ts';
import { cn } from '../../lib/cn.ts';
import { formatCategory } from '../../lib/racing-format.ts';
import { Badge, LicenceBadge } from '../Badge.tsx';
import { Button } from '../Button.tsx';
import { EmptyState } from '../EmptyState.tsx';
import { licenceClassOf } from '../../lib/racing-format.ts';

/** The views of a series, each a tab of the series layout (and a route `series.<view>`). */
export const SERIES_VIEWS = [
  ['overview', 'Overview', 'series.show'],
  ['schedule', 'Schedule', 'series.schedule'],
  ['recent-races', 'Recent races', 'series.recent_races'],
  ['stats', 'Stats', 'series.stats'],
  ['lap-times', 'Lap times', 'series.lap_times'],
  ['pace', 'Pace', 'series.pace'],
  ['participation', 'Participation', 'series.participation'],
  ['sof', 'Strength of field', 'series.sof'],
  ['setups', 'Setups', 'series.setups'],
] as const satisfies readonly (readonly [string, string, RouteName])[];

export type SeriesView = (typeof SERIES_VIEWS)[number][0];

export interface SeriesSeasonOption {
  id: number;
  name: string;
  year: number;
  quarter: number;
  active: boolean;
}

export interface SeriesSeasonInfo {
  id: number;
  name: string;
  shortName: string;
  year: number;
  quarter: number;
  active: boolean;
  complete: boolean;
  official: boolean;
  fixedSetup: boolean;
  multiclass: boolean;
  /** YYYY-MM-DD. */
  startDate: string;
  maxWeeks: number;
  scheduleDescription: string | null;
}

/** What every series view receives: the series, its seasons and the season shown. */
export interface SeriesFrame {
  id: number;
  name: string;
  category: string | null;
  licenceClass: string | null;
  official: boolean;
  multiclass: boolean;
  description: string | null;
  /** Newest first. */
  seasons: SeriesSeasonOption[];
  /** The season a URL without `?season=` shows (the current one); null without seasons. */
  defaultSeasonId: number | null;
  /** The season shown; null when the series has none. */
  season: SeriesSeasonInfo | null;
  view: SeriesView;
}

/** The URL of a series view for a season (the default season leaves `?season=` out). */
export function seriesViewHref(
  frame: Pick<SeriesFrame, 'id' | 'defaultSeasonId'>,
  view: SeriesView,
  seasonId: number | null,
  query: Record<string, string> = {},
): string {
  const name = SERIES_VIEWS.find(([v]) => v === view)![2];
  const season =
    seasonId !== null && seasonId !== frame.defaultSeasonId ? { season: String(seasonId) } : {};
  return route(name, { id: String(frame.id) }, { ...season, ...query });
}

function SeasonPicker({ frame, keep }: { frame: SeriesFrame; keep: Record<string, string> }) {
  const id = useId();
  const [value, setValue] = useState(String(frame.season?.id ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    router.get(seriesViewHref(frame, frame.view, Number(value), keep));
  };
  return (
    <form
      method="get"
      action={seriesViewHref(frame, frame.view, null)}
      onSubmit={submit}
      className="flex items-end gap-2"
      data-test="season-picker"
    >
      {Object.entries(keep).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-ink-muted">
          Season
        </label>
        <select
          id={id}
          name="season"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="h-9 rounded-md border border-line-strong bg-surface px-2 text-sm text-ink"
          data-test="season-select"
        >
          {frame.seasons.map((s) => (
            <option key={s.id} value={s.id}>
              {s.year} Season {s.quarter}
              {s.active ? ' (current)' : ''}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" size="sm" data-test="season-submit">
        Show
      </Button>
    </form>
  );
}

/**
 * The frame of every series view: breadcrumb, name and badges, the season picker (`?season=`),
 * the view tabs (links that keep the season) and the empty state of a series without seasons.
 */
export function SeriesLayout({
  frame,
  title,
  keep = {},
  children,
}: {
  frame: SeriesFrame;
  /** The view's name for the document title. */
  title: string;
  /** Query parameters of the view that the season picker keeps (the stats' `asOf`). */
  keep?: Record<string, string>;
  children: ReactNode;
}) {
  const licence = licenceClassOf(frame.licenceClass);
  const seasonId = frame.season?.id ?? null;
  return (
    <>
      <Head title={`${frame.name} · ${title}`} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-ink-muted">
        <PageLink href={route('series')} className="hover:underline" data-test="series-index-link">
          Series
        </PageLink>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink" data-test="series-name">
            {frame.name}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-ink-muted">
            {frame.category && <span>{formatCategory(frame.category)}</span>}
            {licence && <LicenceBadge licence={licence} />}
            {frame.official ? <Badge tone="success">Official</Badge> : <Badge>Unofficial</Badge>}
            {frame.season &&
              (frame.season.fixedSetup ? (
                <Badge tone="info">Fixed</Badge>
              ) : (
                <Badge>Open setup</Badge>
              ))}
            {frame.multiclass && <Badge tone="accent">Multi-class</Badge>}
            {frame.season && <span data-test="season-name">{frame.season.name}</span>}
          </p>
        </div>
        {frame.seasons.length > 0 && <SeasonPicker frame={frame} keep={keep} />}
      </div>
      {frame.season === null ? (
        <EmptyState
          className="mt-6"
          title="No season data yet"
          description="Pitwall has no season of this series on record: its schedule, races and statistics appear here once they are imported."
        />
      ) : (
        <>
          <nav aria-label="Series views" className="mt-6 overflow-x-auto border-b border-line">
            <ul className="flex gap-1 whitespace-nowrap">
              {SERIES_VIEWS.map(([view, label]) => (
                <li key={view}>
                  <PageLink
                    href={seriesViewHref(frame, view, seasonId)}
                    aria-current={frame.view === view ? 'page' : undefined}
                    className={cn(
                      '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                      frame.view === view
                        ? 'border-accent text-accent'
                        : 'border-transparent text-ink-muted hover:text-ink',
                    )}
                    data-test={`series-tab-${view}`}
                  >
                    {label}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-6">{children}</div>
        </>
      )}
    </>
  );
}

/** "No races recorded …" for a view of a season that has none yet. */
export function NoRaces({ what = 'races' }: { what?: string }) {
  return (
    <EmptyState
      title={`No ${what} recorded for this season yet`}
      description="Results of this season appear here as they are imported."
    />
  );
}
