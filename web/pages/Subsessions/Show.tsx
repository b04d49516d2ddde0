import { Head } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import type { ReactNode } from 'react';
import { LicenceBadge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FilterLinks } from '../../components/FilterLinks.tsx';
import {
  IratingWhatIf,
  type WhatIfClass,
  type WhatIfDriver,
} from '../../components/racing/IratingWhatIf.tsx';
import {
  countColumn,
  Fact,
  lapTimeColumn,
  SeriesCrumb,
} from '../../components/racing/race-parts.tsx';
import { When } from '../../components/racing/When.tsx';
import { trackLabel } from '../../components/racing/series-parts.tsx';
import { route } from '../../generated/routes.ts';
import { cn } from '../../lib/cn.ts';
import {
  formatCategory,
  formatInteger,
  formatInterval,
  formatIrating,
  formatLapTime,
  formatSafetyRating,
  formatSafetyRatingChange,
  formatSignedInteger,
  licenceClassOf,
  NONE,
} from '../../lib/racing-format.ts';

export type SimsessionKind = 'practice' | 'qualify' | 'warmup' | 'race';

export interface SimsessionTab {
  type: SimsessionKind;
  label: string;
  entries: number;
}

export interface ResultLine {
  /** `d<custId>` or `t<teamId>`. */
  key: string;
  position: number;
  classPosition: number;
  carName: string;
  carClass: string | null;
  /** null on a team line (its drivers are in `drivers`). */
  driver: { id: number; name: string; countryCode: string | null } | null;
  team: { id: number; name: string } | null;
  start: number | null;
  laps: number;
  lapsLed: number;
  /** Gap to the class leader in 1/10000 s; null when laps down or out. */
  gap: number | null;
  lapsDown: number;
  bestLap: number | null;
  averageLap: number | null;
  incidents: number;
  oldIrating: number | null;
  newIrating: number | null;
  iratingChange: number | null;
  oldSafetyRating: number | null;
  newSafetyRating: number | null;
  safetyRatingChange: number | null;
  /** "A 4.75" after the session. */
  licence: string | null;
  licenceClass: string | null;
  reasonOut: string;
  /** A team line's drivers, each with their own figures. */
  drivers: ResultLine[];
}

export interface ResultClass {
  id: number;
  name: string;
  shortName: string | null;
  strengthOfField: number | null;
  entries: number;
  lines: ResultLine[];
}

export interface SubsessionHeader {
  id: number;
  sessionId: number;
  seriesId: number;
  seriesName: string;
  /** Whether the series has its pages (the catalog describes it); else its name is plain text. */
  seriesPage: boolean;
  seasonId: number;
  seasonName: string;
  /** 1-based. */
  raceWeek: number;
  startTime: string;
  trackName: string;
  configName: string | null;
  category: string;
  official: boolean;
  teamEvent: boolean;
  strengthOfField: number | null;
  fieldSize: number;
  /** Split 1 = the strongest of its session. */
  split: { number: number; of: number } | null;
  eventBestLapTime: number | null;
  eventAverageLap: number | null;
  eventLapsComplete: number;
  numCautions: number;
  numLeadChanges: number;
}

export interface Props {
  subsession: SubsessionHeader;
  /** The simsessions it ran, in weekend order. */
  tabs: SimsessionTab[];
  current: SimsessionKind;
  /** As iRacing names the shown simsession ("RACE", "HEAT 1"); null when it has none of this type. */
  simsessionName: string | null;
  classes: ResultClass[];
}

function Delta({ value, format }: { value: number | null; format: (n: number) => string }) {
  if (value === null) return null;
  return (
    <span
      className={cn(
        'ml-1 text-xs',
        value > 0 ? 'text-success' : value < 0 ? 'text-danger' : 'text-ink-muted',
      )}
    >
      {format(value)}
    </span>
  );
}

// The figures of a row's cells are written as one text each, and a cell's own elements are only
// those that style part of it: a results table is the page's largest part (40 lines, 13 columns),
// and the server's render costs per element and per text node. Numeric cells keep their text on
// one line themselves (DataTable), and a column's `cellClassName` styles its whole cells.

function IratingCell({ line }: { line: ResultLine }) {
  if (line.oldIrating === null && line.newIrating === null) return <>{NONE}</>;
  return (
    <>
      {`${formatIrating(line.oldIrating)} → ${formatIrating(line.newIrating)}`}
      <Delta value={line.iratingChange} format={formatSignedInteger} />
    </>
  );
}

function SafetyCell({ line }: { line: ResultLine }) {
  if (line.newSafetyRating === null) return <>{NONE}</>;
  return (
    <>
      {formatSafetyRating(line.newSafetyRating)}
      <Delta value={line.safetyRatingChange} format={formatSafetyRatingChange} />
    </>
  );
}

function LicenceCell({ line }: { line: ResultLine }) {
  const licenceClass = licenceClassOf(line.licenceClass);
  if (!licenceClass) return <>{line.licence ?? NONE}</>;
  return <LicenceBadge licence={licenceClass} safetyRating={line.newSafetyRating} />;
}

function DriverLink({ line }: { line: ResultLine }) {
  if (!line.driver) return null;
  return (
    <PageLink
      href={route('drivers.show', { id: String(line.driver.id) })}
      className="font-medium text-accent hover:underline"
      data-test={`driver-link-${line.driver.id}`}
    >
      {line.driver.name}
    </PageLink>
  );
}

/** A team line's drivers, one per line inside a cell (the same order in every column). */
function PerDriver({ line, cell }: { line: ResultLine; cell: (d: ResultLine) => ReactNode }) {
  return (
    <ul className="space-y-0.5">
      {line.drivers.map((d) => (
        <li key={d.key}>{cell(d)}</li>
      ))}
    </ul>
  );
}

const interval = (line: ResultLine) =>
  line.position === 1 || line.classPosition === 1
    ? line.gap === 0 || line.gap === null
      ? 'Leader'
      : formatInterval(line.gap, line.lapsDown)
    : formatInterval(line.gap, line.lapsDown);

function columnsFor(teamEvent: boolean, multiClass: boolean): Column<ResultLine>[] {
  const teamAware = (cell: (d: ResultLine) => ReactNode) => (line: ResultLine) =>
    line.drivers.length > 0 ? <PerDriver line={line} cell={cell} /> : cell(line);
  const cols: (Column<ResultLine> | false)[] = [
    {
      key: 'position',
      header: multiClass ? 'Class pos' : 'Pos',
      numeric: true,
      sortable: true,
      firstDirection: 'asc',
      value: (l) => l.classPosition,
      cell: (l) => l.classPosition,
      cellClassName: 'font-semibold',
    },
    multiClass && {
      key: 'overall',
      header: 'Overall',
      numeric: true,
      sortable: true,
      firstDirection: 'asc',
      value: (l) => l.position,
      cell: (l) => l.position,
    },
    {
      key: 'name',
      header: teamEvent ? 'Team / drivers' : 'Driver',
      sortable: true,
      value: (l) => l.team?.name ?? l.driver?.name ?? null,
      cell: (l) =>
        l.drivers.length > 0 ? (
          <div data-test={`team-line-${l.team?.id}`}>
            <span className="font-semibold text-ink">{l.team?.name}</span>
            <PerDriver line={l} cell={(d) => <DriverLink line={d} />} />
          </div>
        ) : (
          <DriverLink line={l} />
        ),
    },
    {
      key: 'car',
      header: 'Car',
      sortable: true,
      value: (l) => l.carName,
      cell: (l) => l.carName,
      cellClassName: 'whitespace-nowrap',
      hideBelow: 'md',
    },
    {
      key: 'start',
      header: 'Start',
      numeric: true,
      sortable: true,
      firstDirection: 'asc',
      value: (l) => l.start,
      cell: (l) => l.start ?? NONE,
      hideBelow: 'sm',
    },
    countColumn('laps', 'Laps', (l) => l.laps),
    countColumn('led', 'Led', (l) => l.lapsLed, 'lg'),
    {
      key: 'interval',
      header: 'Interval',
      numeric: true,
      cell: (l) =>
        l.reasonOut && l.reasonOut !== 'Running' ? (
          <span title={l.reasonOut}>
            {interval(l)} <span className="text-xs text-ink-muted">{l.reasonOut}</span>
          </span>
        ) : (
          interval(l)
        ),
    },
    lapTimeColumn('best', 'Best lap', (l) => l.bestLap),
    lapTimeColumn('average', 'Avg lap', (l) => l.averageLap, 'lg'),
    {
      key: 'incidents',
      header: 'Inc',
      numeric: true,
      sortable: true,
      firstDirection: 'asc',
      value: (l) => l.incidents,
      cell: (l) => formatInteger(l.incidents),
    },
    {
      key: 'irating',
      header: 'iRating',
      numeric: true,
      sortable: true,
      value: (l) => l.iratingChange,
      cell: teamAware((d) => <IratingCell line={d} />),
    },
    {
      key: 'sr',
      header: 'SR',
      numeric: true,
      sortable: true,
      value: (l) => l.safetyRatingChange,
      cell: teamAware((d) => <SafetyCell line={d} />),
      hideBelow: 'md',
    },
    {
      key: 'licence',
      header: 'Licence',
      cell: teamAware((d) => <LicenceCell line={d} />),
      hideBelow: 'md',
    },
  ];
  return cols.filter((c): c is Column<ResultLine> => c !== false);
}

const whatIfDriver = (l: ResultLine): WhatIfDriver[] =>
  l.driver
    ? [
        {
          custId: l.driver.id,
          name: l.driver.name,
          laps: l.laps,
          oldIrating: l.oldIrating,
          recordedChange: l.iratingChange,
        },
      ]
    : [];

/** The race's classes as the what-if reads them; empty when nobody in it had a rating. */
function whatIfClasses(classes: readonly ResultClass[]): WhatIfClass[] {
  const shaped = classes.map((c) => ({
    id: c.id,
    name: c.name,
    lines: c.lines.map((l) => ({
      key: l.key,
      name: l.team && l.drivers.length > 0 ? l.team.name : (l.driver?.name ?? l.key),
      classPosition: l.classPosition,
      teamId: l.team && l.drivers.length > 0 ? l.team.id : null,
      drivers: l.drivers.length > 0 ? l.drivers.flatMap(whatIfDriver) : whatIfDriver(l),
    })),
  }));
  const rated = shaped.some((c) =>
    c.lines.some((l) => l.drivers.some((d) => d.oldIrating !== null)),
  );
  return rated ? shaped : [];
}

/** One split's results: header facts, a tab per simsession, a table per car class. */
export default function SubsessionsShow({
  subsession: s,
  tabs,
  current,
  simsessionName,
  classes,
}: Props) {
  const multiClass = classes.length > 1;
  const columns = columnsFor(s.teamEvent, multiClass);
  const track = trackLabel(s.trackName, s.configName);
  const tabLabel = tabs.find((t) => t.type === current)?.label ?? current;
  const whatIf = current === 'race' ? whatIfClasses(classes) : [];
  return (
    <>
      <Head title={`${s.seriesName} · ${s.trackName}`} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-ink-muted">
        <SeriesCrumb series={s} testId="subsession-series-link" />
        <span aria-hidden="true"> / </span>
        <PageLink
          href={route('sessions.show', { id: String(s.sessionId) })}
          className="hover:underline"
          data-test="subsession-session-link"
        >
          {s.split ? `Split ${s.split.number} of ${s.split.of}` : 'Session'}
        </PageLink>
      </nav>
      <h1 className="text-3xl font-bold tracking-tight text-ink" data-test="subsession-title">
        {s.seriesName}
      </h1>
      <p className="mt-1 text-ink-muted">
        {track} · <When iso={s.startTime} /> · {s.seasonName}, week {s.raceWeek} ·{' '}
        {formatCategory(s.category)}
        {s.official ? '' : ' · unofficial'}
        {s.teamEvent ? ' · team event' : ''}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Strength of field">{formatIrating(s.strengthOfField)}</Fact>
        <Fact label="Split">
          {s.split ? (
            <PageLink
              href={route('sessions.show', { id: String(s.sessionId) })}
              className="text-accent hover:underline"
            >
              {s.split.number} of {s.split.of}
            </PageLink>
          ) : (
            NONE
          )}
        </Fact>
        <Fact label="Entries">{formatInteger(s.fieldSize)}</Fact>
        <Fact label="Laps">{formatInteger(s.eventLapsComplete)}</Fact>
        <Fact label="Best lap">{formatLapTime(s.eventBestLapTime)}</Fact>
        <Fact label="Cautions / lead changes">
          {formatInteger(s.numCautions)} / {formatInteger(s.numLeadChanges)}
        </Fact>
      </dl>

      <FilterLinks
        className="mt-6"
        label="Simsessions"
        options={tabs.map((t) => ({ value: t.type, label: t.label }))}
        current={current}
        href={(type) =>
          route('subsessions.show', { id: String(s.id) }, type === 'race' ? {} : { type })
        }
      />

      {classes.length === 0 ? (
        <EmptyState
          className="mt-4"
          title={`No ${tabLabel.toLowerCase()} results`}
          description="This split has no results for this session type."
        />
      ) : (
        classes.map((c) => (
          <Card
            key={c.id}
            className="mt-4"
            flush
            title={
              multiClass
                ? `${c.name} · ${c.entries} ${s.teamEvent ? (c.entries === 1 ? 'team' : 'teams') : c.entries === 1 ? 'entry' : 'entries'}${c.strengthOfField ? ` · SoF ${formatIrating(c.strengthOfField)}` : ''}`
                : `${tabLabel}${simsessionName && simsessionName.toLowerCase() !== tabLabel.toLowerCase() ? ` (${simsessionName})` : ''} results`
            }
            data-test={`results-class-${c.id}`}
          >
            <DataTable
              columns={columns}
              rows={c.lines}
              rowKey={(l) => l.key}
              caption={`${tabLabel} results${multiClass ? `, ${c.name}` : ''}`}
              sort={{ key: 'position', direction: 'asc' }}
              clientSort
              rowTestId={(l) => `result-row-${l.key}`}
              data-test="results-table"
            />
          </Card>
        ))
      )}
      {whatIf.length > 0 && <IratingWhatIf classes={whatIf} teamEvent={s.teamEvent} />}
    </>
  );
}
