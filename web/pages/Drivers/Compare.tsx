import { Head, router } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import * as x from 'lucide-react/icons/x';
import { useMemo, type ReactNode } from 'react';
import { LicenceBadge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { TimeSeriesChart, type TimeSeries } from '../../components/charts/index.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FilterLinks } from '../../components/FilterLinks.tsx';
import { raceSeries, type RaceHistory } from '../../components/racing/race-history.ts';
import { When } from '../../components/racing/When.tsx';
import { Typeahead } from '../../components/Typeahead.tsx';
import { staticIcon } from '../../components/static-icon.ts';
import { route } from '../../generated/routes.ts';
import {
  formatAverage,
  formatCategory,
  formatInteger,
  formatIrating,
  formatPosition,
  formatRate,
  formatSafetyRating,
  formatTopPercent,
  licenceClassOf,
  NONE,
  RACING_CATEGORIES,
} from '../../lib/racing-format.ts';
import type { CareerFigures } from './Show.tsx';

export interface ComparedDriver {
  id: number;
  name: string;
  countryCode: string | null;
  /** The licence of the compared category. */
  irating: number | null;
  safetyRating: number | null;
  licenceClass: string | null;
  /** Share of the category's rated drivers below this one, 0..100. */
  percentileBelow: number | null;
  /** Career in the category; null without a start there. */
  career: CareerFigures | null;
  /** iRating after each rated race of the category, oldest first. */
  history: RaceHistory & { irating: number[] };
}

export interface HeadToHead {
  aId: number;
  bId: number;
  /** Races both ran (every category). */
  races: number;
  aAhead: number;
  bAhead: number;
  /** Average of (B's position − A's position); positive when A usually finishes ahead. */
  averageGap: number | null;
  recent: {
    subsessionId: number;
    startTime: string;
    seriesName: string;
    trackName: string;
    aPosition: number;
    bPosition: number;
  }[];
}

export interface Props {
  category: string;
  /** The driver of the URL first, then the others in the order asked. */
  drivers: ComparedDriver[];
  /** Asked ids that name no known driver. */
  missing: number[];
  /** Every pair of `drivers`. */
  headToHeads: HeadToHead[];
  maxDrivers: number;
  /** The series and track names of the drivers' histories, each once (their `series` and `track` index them). */
  historyNames: string[];
}

const removeIcon = staticIcon(x, 'size-3.5');

/** The compare URL of a set of drivers (the first is the path's). */
function compareHref(ids: readonly number[], category: string): string {
  const [first, ...others] = ids;
  const query: Record<string, string> = { category };
  if (others.length > 0) query.ids = others.join(',');
  return route('drivers.compare', { id: first! }, query);
}

/**
 * Up to four drivers side by side: licence, rank and career in one category, their iRating
 * histories overlaid, each pair head to head in the races they shared; a driver picker
 * (typeahead) adds a driver, the × on a column removes it.
 */
export default function DriversCompare({
  category,
  drivers,
  missing,
  headToHeads,
  maxDrivers,
  historyNames,
}: Props) {
  const ids = drivers.map((d) => d.id);
  const nameOf = new Map(drivers.map((d) => [d.id, d.name]));
  const base = drivers[0]!;
  const series = useMemo<TimeSeries[]>(
    () => drivers.map((d) => raceSeries(d.name, d.history, d.history.irating, historyNames)),
    [drivers, historyNames],
  );
  const anyHistory = drivers.some((d) => d.history.at.length > 0);

  return (
    <>
      <Head title={`Compare ${drivers.map((d) => d.name).join(', ')}`} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-ink-muted">
        <PageLink href={route('drivers')} className="hover:underline">
          Drivers
        </PageLink>
        {' / '}
        <PageLink href={route('drivers.show', { id: base.id })} className="hover:underline">
          {base.name}
        </PageLink>
      </nav>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Compare drivers</h1>

      <div className="mt-4 flex flex-col gap-3">
        <FilterLinks
          label="Category"
          options={RACING_CATEGORIES.map((c) => ({ value: c, label: formatCategory(c) }))}
          current={category}
          href={(c) => compareHref(ids, c)}
        />
        {drivers.length < maxDrivers ? (
          <Typeahead
            label="Add a driver to the comparison"
            placeholder="Add a driver: name or customer id"
            kinds={['driver']}
            className="max-w-md"
            testId="compare-picker"
            onPick={(s) => {
              if (!ids.includes(s.id)) router.visit(compareHref([...ids, s.id], category));
            }}
          />
        ) : (
          <p className="text-sm text-ink-muted">
            {maxDrivers} drivers is the most a comparison holds: remove one to add another.
          </p>
        )}
        {missing.length > 0 && (
          <p className="text-sm text-warning" role="status">
            No driver with the id {missing.join(', ')}.
          </p>
        )}
      </div>

      <Card title={`${formatCategory(category)} side by side`} className="mt-6" flush>
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm tabular-nums" data-test="compare-table">
            <caption className="sr-only">
              {formatCategory(category)} licence and career of the compared drivers
            </caption>
            <thead className="bg-surface-muted text-xs text-ink-muted uppercase">
              <tr>
                <td className="px-3 py-2" />
                {drivers.map((d, i) => (
                  <th
                    key={d.id}
                    scope="col"
                    className="px-3 py-2 text-right normal-case"
                    data-test={`compare-driver-${d.id}`}
                  >
                    <span className="inline-flex items-center gap-1">
                      <PageLink
                        href={route('drivers.show', { id: d.id })}
                        className="text-sm font-semibold text-accent hover:underline"
                      >
                        {d.name}
                      </PageLink>
                      {i > 0 && (
                        <PageLink
                          href={compareHref(
                            ids.filter((id) => id !== d.id),
                            category,
                          )}
                          className="inline-flex size-6 items-center justify-center rounded text-ink-muted hover:bg-surface hover:text-ink"
                          aria-label={`Remove ${d.name} from the comparison`}
                        >
                          {removeIcon}
                        </PageLink>
                      )}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {compareRows.map(([label, value]) => (
                <tr key={label} className="border-t border-line">
                  <th scope="row" className="px-3 py-1.5 text-left font-medium text-ink-muted">
                    {label}
                  </th>
                  {drivers.map((d) => (
                    <td key={d.id} className="px-3 py-1.5 text-right text-ink">
                      {value(d)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <div className="mt-6">
        {anyHistory ? (
          <Card>
            <TimeSeriesChart
              name="compare-irating-history"
              title={`${formatCategory(category)} iRating after each race`}
              valueName="iRating"
              series={series}
              format={formatIrating}
              step
            />
          </Card>
        ) : (
          <EmptyState
            headingLevel={2}
            title={`No rated ${formatCategory(category)} races`}
            description="None of these drivers has a rated race in this category yet."
          />
        )}
      </div>

      <h2 className="mt-8 text-xl font-semibold text-ink">Head to head</h2>
      {headToHeads.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">
          Add a driver above to see how they fared in the races they shared.
        </p>
      ) : (
        <div className="mt-3 grid gap-4 lg:grid-cols-2" data-test="head-to-heads">
          {headToHeads.map((h) => (
            <HeadToHeadCard
              key={`${h.aId}-${h.bId}`}
              duel={h}
              aName={nameOf.get(h.aId) ?? String(h.aId)}
              bName={nameOf.get(h.bId) ?? String(h.bId)}
            />
          ))}
        </div>
      )}
    </>
  );
}

const compareRows: [string, (d: ComparedDriver) => ReactNode][] = [
  [
    'Licence',
    (d) => {
      const licence = licenceClassOf(d.licenceClass);
      return licence ? <LicenceBadge licence={licence} safetyRating={d.safetyRating} /> : NONE;
    },
  ],
  ['iRating', (d) => formatIrating(d.irating)],
  ['Rank', (d) => (d.irating === null ? NONE : formatTopPercent(d.percentileBelow))],
  ['Safety rating', (d) => formatSafetyRating(d.safetyRating)],
  ['Starts', (d) => formatInteger(d.career?.starts ?? 0)],
  ['Wins', (d) => formatInteger(d.career?.wins ?? 0)],
  ['Win rate', (d) => (d.career ? formatRate(d.career.winRate) : NONE)],
  ['Top 5', (d) => formatInteger(d.career?.topFives ?? 0)],
  ['Poles', (d) => formatInteger(d.career?.poles ?? 0)],
  ['Laps led', (d) => formatInteger(d.career?.lapsLed ?? 0)],
  ['Average start', (d) => formatAverage(d.career?.averageStart)],
  ['Average finish', (d) => formatAverage(d.career?.averageFinish)],
  ['Incidents per race', (d) => (d.career ? formatAverage(d.career.incidentsPerRace) : NONE)],
];

function HeadToHeadCard({
  duel,
  aName,
  bName,
}: {
  duel: HeadToHead;
  aName: string;
  bName: string;
}) {
  const gap = duel.averageGap;
  return (
    <Card
      title={`${aName} vs ${bName}`}
      headingLevel={3}
      data-test={`head-to-head-${duel.aId}-${duel.bId}`}
    >
      {duel.races === 0 ? (
        <p className="text-sm text-ink-muted">They have not raced each other yet.</p>
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-3 text-sm">
            <div>
              <dt className="text-ink-muted">Races together</dt>
              <dd className="text-xl font-semibold text-ink tabular-nums" data-test="h2h-races">
                {formatInteger(duel.races)}
              </dd>
            </div>
            <div>
              <dt className="text-ink-muted">Finished ahead</dt>
              <dd className="font-medium text-ink tabular-nums" data-test="h2h-ahead">
                {`${aName} ${duel.aAhead} – ${duel.bAhead} ${bName}`}
              </dd>
            </div>
            <div>
              <dt className="text-ink-muted">Average gap</dt>
              <dd className="font-medium text-ink tabular-nums">
                {gap === null || Math.abs(gap) < 0.05
                  ? 'level'
                  : `${gap > 0 ? aName : bName} ${formatAverage(Math.abs(gap))} places ahead`}
              </dd>
            </div>
          </dl>
          <ul className="mt-3 divide-y divide-line text-sm">
            {duel.recent.map((r) => (
              <li key={r.subsessionId} className="flex flex-wrap items-baseline gap-2 py-1.5">
                <When iso={r.startTime} show="date" className="text-ink-muted" />
                <PageLink
                  href={route('subsessions.show', { id: r.subsessionId })}
                  className="text-accent hover:underline"
                >
                  {`${r.seriesName} · ${r.trackName}`}
                </PageLink>
                <span className="ml-auto tabular-nums text-ink">
                  {`${formatPosition(r.aPosition)} vs ${formatPosition(r.bPosition)}`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
