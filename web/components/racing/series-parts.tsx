import { PageLink } from '../PageLink.tsx';
import { route } from '../../generated/routes.ts';
import { formatLapTime } from '../../lib/racing-format.ts';
import type { Column } from '../DataTable.tsx';
import {
  countColumn,
  DriverLink,
  lapTimeColumn,
  sofColumn,
  weekColumn,
  winnerColumn,
} from './race-parts.tsx';
import { When } from './When.tsx';

/** A race split as the series views list it (recent races, strongest races). */
export interface RaceLine {
  subsessionId: number;
  sessionId: number;
  startTime: string;
  /** 1-based. */
  week: number;
  trackName: string;
  configName: string | null;
  strengthOfField: number | null;
  fieldSize: number;
  winner: { id: number; name: string } | null;
  winnerTeam: string | null;
  bestLap: number | null;
}

/** A driver of a season leaderboard. */
export interface LeaderLine {
  rank: number;
  driver: { id: number; name: string };
  value: number;
  races: number;
  wins: number;
  poles: number;
  topFives: number;
}

/** A car's times in one week (lap times, stats). */
export interface CarTimeLine {
  key: string;
  week: number;
  trackName: string;
  configName: string | null;
  carName: string;
  drivers: number;
  entries: number;
  bestLap: number | null;
  bestBy: { id: number; name: string } | null;
  bestSubsessionId: number | null;
  averageBestLap: number | null;
  averageLap: number | null;
}

/** "Track · Config"; the config is left out when there is none or it repeats the track's name. */
export const trackLabel = (name: string, config: string | null) =>
  config && config.trim() !== '' && config !== name ? `${name} · ${config}` : name;

/** The columns of a list of race splits. */
export const raceColumns: Column<RaceLine>[] = [
  {
    key: 'time',
    header: 'Time',
    sortable: true,
    firstDirection: 'desc',
    value: (r) => r.startTime,
    cell: (r) => (
      <PageLink
        href={route('subsessions.show', { id: String(r.subsessionId) })}
        className="text-accent hover:underline"
        data-test={`race-link-${r.subsessionId}`}
      >
        <When iso={r.startTime} />
      </PageLink>
    ),
  },
  {
    key: 'week',
    header: 'Week',
    numeric: true,
    sortable: true,
    value: (r) => r.week,
    cell: (r) => r.week,
    hideBelow: 'sm',
  },
  {
    key: 'track',
    header: 'Track',
    sortable: true,
    value: (r) => trackLabel(r.trackName, r.configName),
    cell: (r) => trackLabel(r.trackName, r.configName),
    hideBelow: 'md',
  },
  sofColumn((r) => r.strengthOfField),
  countColumn('field', 'Field', (r) => r.fieldSize),
  winnerColumn(),
  lapTimeColumn('best', 'Best lap', (r) => r.bestLap, 'lg'),
];

/** The columns of a car-times list. */
export function carTimeColumns(withWeek: boolean): Column<CarTimeLine>[] {
  const cols: (Column<CarTimeLine> | false)[] = [
    withWeek && weekColumn(),
    withWeek && {
      key: 'track',
      header: 'Track',
      sortable: true,
      value: (r) => trackLabel(r.trackName, r.configName),
      cell: (r) => trackLabel(r.trackName, r.configName),
      hideBelow: 'md',
    },
    {
      key: 'car',
      header: 'Car',
      sortable: true,
      value: (r) => r.carName,
      cell: (r) => r.carName,
    },
    {
      key: 'best',
      header: 'Best lap',
      numeric: true,
      sortable: true,
      firstDirection: 'asc',
      value: (r) => r.bestLap,
      cell: (r) =>
        r.bestSubsessionId ? (
          <PageLink
            href={route('subsessions.show', { id: String(r.bestSubsessionId) })}
            className="text-accent hover:underline"
          >
            {formatLapTime(r.bestLap)}
          </PageLink>
        ) : (
          formatLapTime(r.bestLap)
        ),
    },
    {
      key: 'holder',
      header: 'Set by',
      sortable: true,
      value: (r) => r.bestBy?.name ?? null,
      cell: (r) => <DriverLink driver={r.bestBy} />,
    },
    lapTimeColumn('avgBest', 'Avg best lap', (r) => r.averageBestLap, 'lg'),
    lapTimeColumn('avg', 'Avg lap', (r) => r.averageLap, 'md'),
    countColumn('entries', 'Starts', (r) => r.entries),
  ];
  return cols.filter((c): c is Column<CarTimeLine> => c !== false);
}
