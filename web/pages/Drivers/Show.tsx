import { Head } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import { useMemo } from 'react';
import { formatKnown } from '../../../src/domain/as-of.ts';
import { AsOfBar, type AsOfView } from '../../components/AsOfBar.tsx';
import { LicenceBadge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { TimeSeriesChart } from '../../components/charts/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { When } from '../../components/racing/When.tsx';
import { StarToggle } from '../../components/StarToggle.tsx';
import { IratingCalculator } from '../../components/racing/IratingCalculator.tsx';
import { raceSeries, type RaceHistory } from '../../components/racing/race-history.ts';
import { route } from '../../generated/routes.ts';
import { cn } from '../../lib/cn.ts';
import { countryName } from '../../lib/country.ts';
import {
  formatCount,
  formatAverage,
  formatCategory,
  formatInteger,
  formatIrating,
  formatPosition,
  formatRate,
  formatSafetyRating,
  formatSignedInteger,
  formatTopPercent,
  licenceClassOf,
  NONE,
} from '../../lib/racing-format.ts';

export interface DriverProfile {
  id: string;
  name: string;
  countryCode: string | null;
  clubName: string | null;
  /** YYYY-MM-DD. */
  memberSince: string | null;
}

/** One category the driver holds a rating in or raced. */
export interface CategoryCard {
  category: string;
  irating: number | null;
  safetyRating: number | null;
  /** R, D, C, B, A, P, PWC. */
  licenceClass: string | null;
  /** Share of the category's rated drivers below this one, 0..100 (null as of a past date). */
  percentileBelow: number | null;
  starts: number;
  /** Where what Pitwall showed differs from what it knows now (docs/as-of.md); else null. */
  correction: RatingCorrection | null;
}

/** The figures of a card. */
export interface RatingFigures {
  irating: number | null;
  safetyRating: number | null;
  licenceClass: string | null;
}

/** "As Pitwall showed it then" next to "as known now" for one category. */
export interface RatingCorrection {
  shownThen: RatingFigures;
  knownNow: RatingFigures;
  /** When Pitwall recorded the correction (ISO); null when the difference is facts learned later. */
  correctedAt: string | null;
  /** The `known` value that shows the page as Pitwall showed it then. */
  shownThenKnown: string | null;
}

/** Career figures; wins, poles, top fives and positions in class. */
export interface CareerFigures {
  starts: number;
  wins: number;
  poles: number;
  topFives: number;
  laps: number;
  lapsLed: number;
  incidents: number;
  averageStart: number | null;
  averageFinish: number | null;
  /** 0..1. */
  winRate: number;
  incidentsPerRace: number;
}

export interface CareerYear extends CareerFigures {
  year: number;
}

/** The ratings after each race (the points of the history charts), as columns of the races. */
export interface RatingHistory extends RaceHistory {
  /** After each race; null when the race did not rate it. */
  irating: (number | null)[];
  safetyRating: (number | null)[];
}

export interface RecentRace {
  subsessionId: number;
  startTime: string;
  seriesId: number;
  seriesName: string;
  trackName: string;
  carName: string;
  category: string;
  startingPosition: number | null;
  finishPositionInClass: number;
  fieldSize: number;
  incidents: number;
  newIrating: number | null;
  iratingChange: number | null;
  strengthOfField: number | null;
}

export interface MostDriven {
  id: number;
  name: string;
  starts: number;
  wins: number;
}

export interface Props {
  /** The as-of state (`?asOf=&known=`) for the picker and banner. */
  asOf: AsOfView;
  /** The as-of parameters the page's own links keep. */
  asOfQuery: Record<string, string>;
  driver: DriverProfile;
  /** Whether the signed-in member follows this driver (false for guests). */
  isFavorite: boolean;
  /** The category the charts, career, years and most-driven lists show (`?category=`). */
  category: string;
  categories: CategoryCard[];
  /** Career in `category`; null when the driver has no start there. */
  career: CareerFigures | null;
  /** `category` year by year, newest first. */
  years: CareerYear[];
  /** Ratings after each race of `category`, oldest first. */
  history: RatingHistory;
  /** The series and track names of `history`'s races, each once (its `series` and `track` index them). */
  historyNames: string[];
  /** Races of every category, newest first, paged by `?races=<cursor>`. */
  recentRaces: { items: RecentRace[]; nextCursor: string | null; isFirstPage: boolean };
  /** Today's most driven series, cars and tracks of `category`; null as of a past date. */
  mostDriven: { series: MostDriven[]; cars: MostDriven[]; tracks: MostDriven[] } | null;
}

/**
 * A driver's profile: who they are and the favorite star; a card per category (licence,
 * iRating, "top x%", starts) that switches the category shown below; iRating and safety rating
 * history race by race; career figures, year by year, most driven series, cars and tracks; the
 * recent races of every category, paged.
 */
export default function DriversShow(props: Props) {
  const { driver, isFavorite, category, categories, career, years, history, asOfQuery } = props;
  const profileHref = (query: Record<string, string>) =>
    route('drivers.show', { id: driver.id }, { ...query, ...asOfQuery });
  return (
    <>
      <Head title={`${driver.name} · ${formatCategory(category)}`} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-ink-muted">
        <PageLink href={route('drivers')} className="hover:underline">
          Drivers
        </PageLink>
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-ink" data-test="driver-name">
          {driver.name}
        </h1>
        <StarToggle driverId={driver.id} driverName={driver.name} initial={isFavorite} />
        <PageLink
          href={route('drivers.compare', { id: driver.id })}
          className="ml-auto rounded-md border border-line-strong px-3 py-1.5 text-sm font-medium text-ink hover:bg-surface-muted"
          data-test="compare-link"
        >
          Compare with…
        </PageLink>
      </div>
      <p className="mt-1 text-ink-muted" data-test="driver-identity">
        {[
          driver.countryCode ? countryName(driver.countryCode) : null,
          // iRacing's regional clubs are often named after the country: "Canada · Canada club".
          driver.clubName ? `${driver.clubName} club` : null,
          driver.memberSince ? `member since ${driver.memberSince.slice(0, 4)}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <AsOfBar
        className="mt-4"
        view={props.asOf}
        path={route('drivers.show', { id: driver.id })}
        keep={{ category }}
      />

      {categories.length === 0 ? (
        <EmptyState
          className="mt-6"
          title="No ratings or races yet"
          description="This driver holds no licence rating and has no race in Pitwall's results."
        />
      ) : (
        <nav aria-label="Categories" className="mt-6">
          <ul
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
            data-test="category-cards"
          >
            {categories.map((c) => (
              <li key={c.category}>
                <CategoryCardLink
                  card={c}
                  current={c.category === category}
                  href={profileHref({ category: c.category })}
                />
                {c.correction && (
                  <CorrectionNote
                    category={c.category}
                    correction={c.correction}
                    viewingThen={props.asOf.known !== null}
                    thenHref={route(
                      'drivers.show',
                      { id: driver.id },
                      {
                        category,
                        ...(props.asOf.day ? { asOf: props.asOf.day } : {}),
                        ...(c.correction.shownThenKnown
                          ? { known: c.correction.shownThenKnown }
                          : {}),
                      },
                    )}
                    nowHref={route(
                      'drivers.show',
                      { id: driver.id },
                      { category, ...(props.asOf.day ? { asOf: props.asOf.day } : {}) },
                    )}
                  />
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}

      <h2 className="mt-8 text-xl font-semibold text-ink">{formatCategory(category)}</h2>
      <RatingCharts history={history} names={props.historyNames} driverName={driver.name} />
      <IratingCalculator
        key={category}
        irating={props.categories.find((c) => c.category === category)?.irating ?? null}
      />

      <Card title="Career" className="mt-6">
        {career ? (
          <CareerGrid career={career} />
        ) : (
          <p className="text-sm text-ink-muted">No {formatCategory(category)} races yet.</p>
        )}
      </Card>

      <Card title="Year by year" className="mt-6" flush>
        <DataTable
          caption={`${driver.name}: ${formatCategory(category)} year by year`}
          columns={yearColumns}
          rows={years}
          rowKey={(y) => y.year}
          clientSort
          sort={{ key: 'year', direction: 'desc' }}
          empty="No seasons in this category yet."
          data-test="driver-years"
        />
      </Card>

      {props.mostDriven && (
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <MostDrivenCard
            title="Most driven series"
            items={props.mostDriven.series}
            kind="series"
          />
          <MostDrivenCard title="Most driven cars" items={props.mostDriven.cars} kind="car" />
          <MostDrivenCard title="Most driven tracks" items={props.mostDriven.tracks} kind="track" />
        </div>
      )}

      <RecentRaces
        driverName={driver.name}
        races={props.recentRaces}
        olderHref={(cursor) => profileHref({ category, races: cursor })}
        newestHref={profileHref({ category })}
      />
    </>
  );
}

function CategoryCardLink({
  card,
  current,
  href,
}: {
  card: CategoryCard;
  current: boolean;
  href: string;
}) {
  const licence = licenceClassOf(card.licenceClass);
  return (
    <PageLink
      href={href}
      preserveScroll
      aria-current={current ? 'true' : undefined}
      className={cn(
        'block rounded-lg border bg-surface p-4 hover:border-accent',
        current ? 'border-accent ring-1 ring-accent' : 'border-line',
      )}
      data-test={`category-card-${card.category}`}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-ink">{formatCategory(card.category)}</span>
        {licence && <LicenceBadge licence={licence} safetyRating={card.safetyRating} />}
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-ink-muted">iRating</dt>
          <dd className="text-lg font-semibold text-ink tabular-nums" data-test="card-irating">
            {formatIrating(card.irating)}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">Rank</dt>
          <dd className="font-medium text-ink tabular-nums">
            {card.irating === null ? NONE : formatTopPercent(card.percentileBelow)}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">Starts</dt>
          <dd className="font-medium text-ink tabular-nums">{formatInteger(card.starts)}</dd>
        </div>
      </dl>
    </PageLink>
  );
}

function figuresText(f: RatingFigures): string {
  const licence = f.licenceClass
    ? `, licence ${f.licenceClass}${f.safetyRating === null ? '' : ` ${formatSafetyRating(f.safetyRating)}`}`
    : '';
  return `iRating ${formatIrating(f.irating)}${licence}`;
}

/**
 * "As Pitwall showed it then" next to "as known now" under a category card, each with the link
 * to the page in that state (the link of the state on screen is left out).
 */
function CorrectionNote({
  category,
  correction,
  viewingThen,
  thenHref,
  nowHref,
}: {
  category: string;
  correction: RatingCorrection;
  viewingThen: boolean;
  thenHref: string;
  nowHref: string;
}) {
  return (
    <div
      className="mt-2 rounded-md border border-warning/40 bg-warning-soft px-3 py-2 text-sm text-warning"
      data-test={`correction-${category}`}
    >
      <p>
        As Pitwall showed it then:{' '}
        <strong data-test="shown-then-irating">
          {formatIrating(correction.shownThen.irating)}
        </strong>{' '}
        <span className="sr-only">({figuresText(correction.shownThen)})</span>
      </p>
      <p>
        As known now:{' '}
        <strong data-test="known-now-irating">{formatIrating(correction.knownNow.irating)}</strong>
        <span className="sr-only"> ({figuresText(correction.knownNow)})</span>
        {correction.correctedAt
          ? ` (corrected ${formatKnown(correction.correctedAt)})`
          : ' (learned later)'}
      </p>
      {viewingThen ? (
        <PageLink
          href={nowHref}
          className="font-medium underline underline-offset-2"
          data-test="see-known-now"
        >
          See it as known now
        </PageLink>
      ) : (
        <PageLink
          href={thenHref}
          className="font-medium underline underline-offset-2"
          data-test="see-shown-then"
        >
          See it as Pitwall showed it then
        </PageLink>
      )}
    </div>
  );
}

function RatingCharts({
  history,
  names,
  driverName,
}: {
  history: RatingHistory;
  names: string[];
  driverName: string;
}) {
  const [irating, safety] = useMemo(
    () => [
      [raceSeries(driverName, history, history.irating, names)],
      [raceSeries(driverName, history, history.safetyRating, names)],
    ],
    [history, names, driverName],
  );
  if (!history.irating.some((v) => v !== null) && !history.safetyRating.some((v) => v !== null)) {
    return (
      <EmptyState
        className="mt-4"
        headingLevel={3}
        title="No rated races in this category"
        description="The iRating and safety rating charts fill in race by race."
      />
    );
  }
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2">
      <Card>
        <TimeSeriesChart
          name="irating-history"
          title="iRating after each race"
          valueName="iRating"
          series={irating}
          format={formatIrating}
          step
        />
      </Card>
      <Card>
        <TimeSeriesChart
          name="sr-history"
          title="Safety rating after each race"
          valueName="Safety rating"
          series={safety}
          format={formatSafetyRating}
          step
        />
      </Card>
    </div>
  );
}

function CareerGrid({ career }: { career: CareerFigures }) {
  const items: [string, string, string][] = [
    ['Starts', formatInteger(career.starts), 'starts'],
    ['Wins', formatInteger(career.wins), 'wins'],
    ['Win rate', formatRate(career.winRate), 'win-rate'],
    ['Top 5', formatInteger(career.topFives), 'top-fives'],
    ['Poles', formatInteger(career.poles), 'poles'],
    ['Laps', formatInteger(career.laps), 'laps'],
    ['Laps led', formatInteger(career.lapsLed), 'laps-led'],
    ['Average start', formatAverage(career.averageStart), 'average-start'],
    ['Average finish', formatAverage(career.averageFinish), 'average-finish'],
    ['Incidents per race', formatAverage(career.incidentsPerRace), 'incidents-per-race'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-test="career-stats">
      {items.map(([label, value, test]) => (
        <div key={test}>
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="text-xl font-semibold text-ink tabular-nums" data-test={`career-${test}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const yearColumns: Column<CareerYear>[] = [
  {
    key: 'year',
    header: 'Year',
    cell: (y) => y.year,
    value: (y) => y.year,
    sortable: true,
    numeric: true,
  },
  {
    key: 'starts',
    header: 'Starts',
    cell: (y) => formatInteger(y.starts),
    value: (y) => y.starts,
    sortable: true,
    numeric: true,
  },
  {
    key: 'wins',
    header: 'Wins',
    cell: (y) => formatInteger(y.wins),
    value: (y) => y.wins,
    sortable: true,
    numeric: true,
  },
  {
    key: 'topFives',
    header: 'Top 5',
    cell: (y) => formatInteger(y.topFives),
    value: (y) => y.topFives,
    sortable: true,
    numeric: true,
  },
  {
    key: 'poles',
    header: 'Poles',
    cell: (y) => formatInteger(y.poles),
    value: (y) => y.poles,
    sortable: true,
    numeric: true,
    hideBelow: 'sm',
  },
  {
    key: 'lapsLed',
    header: 'Laps led',
    cell: (y) => formatInteger(y.lapsLed),
    value: (y) => y.lapsLed,
    sortable: true,
    numeric: true,
    hideBelow: 'md',
  },
  {
    key: 'averageFinish',
    header: 'Avg finish',
    cell: (y) => formatAverage(y.averageFinish),
    value: (y) => y.averageFinish,
    sortable: true,
    numeric: true,
    firstDirection: 'asc',
  },
  {
    key: 'incidentsPerRace',
    header: 'Inc / race',
    cell: (y) => formatAverage(y.incidentsPerRace),
    value: (y) => y.incidentsPerRace,
    sortable: true,
    numeric: true,
    firstDirection: 'asc',
    hideBelow: 'sm',
  },
];

function MostDrivenCard({
  title,
  items,
  kind,
}: {
  title: string;
  items: MostDriven[];
  kind: 'series' | 'car' | 'track';
}) {
  return (
    <Card title={title} flush>
      {items.length === 0 ? (
        <p className="p-4 text-sm text-ink-muted">No races in this category yet.</p>
      ) : (
        <ol className="divide-y divide-line" data-test={`most-driven-${kind}`}>
          {items.map((item) => (
            <li
              key={item.id}
              className="flex items-baseline justify-between gap-3 px-4 py-2 text-sm"
            >
              {kind === 'series' ? (
                <PageLink
                  href={route('series.show', { id: item.id })}
                  className="text-accent hover:underline"
                >
                  {item.name}
                </PageLink>
              ) : (
                <span className="text-ink">{item.name}</span>
              )}
              <span className="shrink-0 text-ink-muted tabular-nums">
                {`${formatCount(item.starts, 'start')} · ${formatCount(item.wins, 'win')}`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

const raceColumns: Column<RecentRace>[] = [
  { key: 'date', header: 'Date', cell: (r) => <When iso={r.startTime} show="date" /> },
  {
    key: 'series',
    header: 'Series',
    cell: (r) => (
      <PageLink
        href={route('series.show', { id: r.seriesId })}
        className="text-accent hover:underline"
      >
        {r.seriesName}
      </PageLink>
    ),
  },
  { key: 'track', header: 'Track', cell: (r) => r.trackName, hideBelow: 'md' },
  { key: 'car', header: 'Car', cell: (r) => r.carName, hideBelow: 'lg' },
  {
    key: 'start',
    header: 'Start',
    cell: (r) => formatPosition(r.startingPosition),
    numeric: true,
    hideBelow: 'sm',
  },
  {
    key: 'finish',
    header: 'Finish',
    numeric: true,
    cell: (r) => (
      <PageLink
        href={route('subsessions.show', { id: r.subsessionId })}
        className="font-medium text-accent hover:underline"
        aria-label={`${formatPosition(r.finishPositionInClass)} of ${r.fieldSize}: results of race ${r.subsessionId}`}
      >
        {formatPosition(r.finishPositionInClass)}
      </PageLink>
    ),
  },
  { key: 'inc', header: 'Inc', cell: (r) => formatInteger(r.incidents), numeric: true },
  {
    key: 'sof',
    header: 'SoF',
    cell: (r) => formatIrating(r.strengthOfField),
    numeric: true,
    hideBelow: 'md',
  },
  {
    key: 'irating',
    header: 'iRating',
    numeric: true,
    // Each part one text: the server's render costs per text node and element.
    cell: (r) =>
      r.newIrating === null ? (
        NONE
      ) : (
        <>
          {`${formatIrating(r.newIrating)} `}
          <span
            className={cn(
              'text-xs',
              (r.iratingChange ?? 0) > 0 && 'text-success',
              (r.iratingChange ?? 0) < 0 && 'text-danger',
              (r.iratingChange ?? 0) === 0 && 'text-ink-muted',
            )}
          >
            {`(${formatSignedInteger(r.iratingChange)})`}
          </span>
        </>
      ),
  },
];

function RecentRaces({
  driverName,
  races,
  olderHref,
  newestHref,
}: {
  driverName: string;
  races: Props['recentRaces'];
  olderHref: (cursor: string) => string;
  newestHref: string;
}) {
  return (
    <Card title="Recent races" className="mt-6" flush>
      <div id="recent-races">
        <DataTable
          caption={`${driverName}: recent races, newest first`}
          columns={raceColumns}
          rows={races.items}
          rowKey={(r) => r.subsessionId}
          empty="No races yet."
          data-test="recent-races"
        />
      </div>
      {(races.nextCursor || !races.isFirstPage) && (
        <nav
          aria-label="Recent races pages"
          className="flex justify-between gap-3 border-t border-line px-4 py-3 text-sm"
        >
          {races.isFirstPage ? (
            <span />
          ) : (
            <PageLink
              href={`${newestHref}#recent-races`}
              preserveScroll
              className="text-accent hover:underline"
              data-test="races-newest"
            >
              ← Newest races
            </PageLink>
          )}
          {races.nextCursor ? (
            <PageLink
              href={`${olderHref(races.nextCursor)}#recent-races`}
              preserveScroll
              className="text-accent hover:underline"
              data-test="races-older"
            >
              Older races →
            </PageLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </Card>
  );
}
