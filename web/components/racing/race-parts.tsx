import type { ReactNode } from 'react';
import { PageLink } from '../PageLink.tsx';
import type { Column } from '../DataTable.tsx';
import { route } from '../../generated/routes.ts';
import { formatInteger, formatIrating, formatLapTime, NONE } from '../../lib/racing-format.ts';

/**
 * The pieces the race pages (a session's splits, a split's results, the series' race and car
 * lists) are built from: the driver link, the series crumb, a header fact, and the columns their
 * tables share.
 */

/** A driver's name linking to their page; NONE without a driver. */
export function DriverLink({ driver }: { driver: { id: number; name: string } | null }) {
  if (!driver) return <>{NONE}</>;
  return (
    <PageLink
      href={route('drivers.show', { id: String(driver.id) })}
      className="font-medium text-accent hover:underline"
    >
      {driver.name}
    </PageLink>
  );
}

/** The series in a race page's breadcrumb: a link to its season when it has pages, else its name. */
export function SeriesCrumb({
  series,
  testId,
}: {
  series: { seriesId: number; seasonId: number; seriesName: string; seriesPage: boolean };
  testId: string;
}) {
  if (!series.seriesPage) return <span>{series.seriesName}</span>;
  return (
    <PageLink
      href={route(
        'series.show',
        { id: String(series.seriesId) },
        { season: String(series.seasonId) },
      )}
      className="hover:underline"
      data-test={testId}
    >
      {series.seriesName}
    </PageLink>
  );
}

/** One figure of a race page's header (inside a <dl>). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="text-base font-semibold text-ink tabular-nums">{children}</dd>
    </div>
  );
}

type HideBelow<T> = Column<T>['hideBelow'];

/** A sortable column of numbers shown by `format`; `firstDirection` 'asc' when less is better. */
function numberColumn<T>(
  key: string,
  header: string,
  value: (row: T) => number | null,
  format: (value: number | null) => string,
  firstDirection: 'asc' | undefined,
  hideBelow: HideBelow<T>,
): Column<T> {
  return {
    key,
    header,
    numeric: true,
    sortable: true,
    ...(firstDirection ? { firstDirection } : {}),
    value,
    cell: (row) => format(value(row)),
    ...(hideBelow ? { hideBelow } : {}),
  };
}

/** A column of counts (starts, drivers, laps, splits, sessions), sortable, most first. */
export const countColumn = <T,>(
  key: string,
  header: string,
  value: (row: T) => number | null,
  hideBelow?: HideBelow<T>,
): Column<T> => numberColumn(key, header, value, formatInteger, undefined, hideBelow);

/** A column of lap times, sortable, fastest first. */
export const lapTimeColumn = <T,>(
  key: string,
  header: string,
  value: (row: T) => number | null,
  hideBelow?: HideBelow<T>,
): Column<T> => numberColumn(key, header, value, formatLapTime, 'asc', hideBelow);

/** A column of iRatings or strengths of field, sortable, highest first. */
export const ratingColumn = <T,>(
  key: string,
  header: string,
  value: (row: T) => number | null,
): Column<T> => numberColumn(key, header, value, formatIrating, undefined, undefined);

/** The strength-of-field column of a list of races. */
export const sofColumn = <T,>(value: (row: T) => number | null): Column<T> =>
  ratingColumn('sof', 'SoF', value);

/** The race week column, sortable, first week first. */
export function weekColumn<T extends { week: number }>(): Column<T> {
  return {
    key: 'week',
    header: 'Week',
    numeric: true,
    sortable: true,
    firstDirection: 'asc',
    value: (r) => r.week,
    cell: (r) => r.week,
  };
}

/** A race's winner, linked, with their team in brackets on a team event. */
export function winnerColumn<
  T extends { winner: { id: number; name: string } | null; winnerTeam: string | null },
>(): Column<T> {
  return {
    key: 'winner',
    header: 'Winner',
    sortable: true,
    value: (r) => r.winnerTeam ?? r.winner?.name ?? null,
    cell: (r) => (
      <>
        <DriverLink driver={r.winner} />
        {r.winnerTeam && <span className="ml-1 text-ink-muted">({r.winnerTeam})</span>}
      </>
    ),
  };
}
