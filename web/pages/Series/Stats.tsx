import { formatDay } from '../../../src/domain/as-of.ts';
import { AsOfBar, type AsOfView } from '../../components/AsOfBar.tsx';
import { Card } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import {
  NoRaces,
  SeriesLayout,
  seriesViewHref,
  type SeriesFrame,
} from '../../components/racing/SeriesLayout.tsx';
import { DriverLink } from '../../components/racing/race-parts.tsx';
import {
  carTimeColumns,
  trackLabel,
  type CarTimeLine,
  type LeaderLine,
} from '../../components/racing/series-parts.tsx';
import { formatInteger, formatLapTime } from '../../lib/racing-format.ts';

export interface Leaderboard {
  kind: 'race-wins' | 'poles' | 'top-fives' | 'races';
  title: string;
  /** What `value` counts ("Wins"). */
  valueLabel: string;
  entries: LeaderLine[];
}

export interface FastLapLine {
  rank: number;
  driver: { id: number; name: string };
  carName: string;
  lapTime: number;
  subsessionId: number;
}

export interface Props {
  series: SeriesFrame;
  /** The day shown (`?asOf=`, race time) and the picker's bounds. */
  asOf: AsOfView;
  leaderboards: Leaderboard[];
  /** The fastest race laps of the latest week with laps. */
  fastestLaps: {
    week: number;
    trackName: string;
    configName: string | null;
    laps: FastLapLine[];
  } | null;
  /** Every car's times in that week. */
  carTimes: CarTimeLine[];
}

const leaderColumns = (valueLabel: string): Column<LeaderLine>[] => [
  { key: 'rank', header: '#', numeric: true, cell: (l) => l.rank },
  { key: 'driver', header: 'Driver', cell: (l) => <DriverLink driver={l.driver} /> },
  { key: 'value', header: valueLabel, numeric: true, cell: (l) => formatInteger(l.value) },
  {
    key: 'races',
    header: 'Races',
    numeric: true,
    cell: (l) => formatInteger(l.races),
    hideBelow: 'sm',
  },
];

const lapColumns: Column<FastLapLine>[] = [
  { key: 'rank', header: '#', numeric: true, cell: (l) => l.rank },
  { key: 'driver', header: 'Driver', cell: (l) => <DriverLink driver={l.driver} /> },
  { key: 'car', header: 'Car', cell: (l) => l.carName, hideBelow: 'sm' },
  { key: 'lap', header: 'Lap', numeric: true, cell: (l) => formatLapTime(l.lapTime) },
];

/**
 * The season's four leaderboards, the fastest laps and the car times of the latest week with
 * laps; with `?asOf=` the season as it stood at the end of that day (the as-of bar picks it and
 * keeps the season in the URL).
 */
export default function SeriesStats({ series, asOf, leaderboards, fastestLaps, carTimes }: Props) {
  const empty = leaderboards.every((l) => l.entries.length === 0);
  const keep: Record<string, string> =
    series.season && series.season.id !== series.defaultSeasonId
      ? { season: String(series.season.id) }
      : {};
  const asOfKeep: Record<string, string> = asOf.day ? { asOf: asOf.day } : {};
  return (
    <SeriesLayout frame={series} title="Stats" keep={asOfKeep}>
      <AsOfBar
        view={asOf}
        path={seriesViewHref({ id: series.id, defaultSeasonId: null }, 'stats', null)}
        keep={keep}
        className="mb-6"
      />
      {empty && asOf.day ? (
        <EmptyState
          title={`No race of this season had started by the end of ${formatDay(asOf.day)}`}
          description="Pick a later day, or go back to today for the season as it stands."
        />
      ) : empty ? (
        <NoRaces />
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-2">
            {leaderboards.map((board) => (
              <Card
                key={board.kind}
                title={board.title}
                flush
                data-test={`leaderboard-${board.kind}`}
              >
                <DataTable
                  columns={leaderColumns(board.valueLabel)}
                  rows={board.entries}
                  rowKey={(l) => l.driver.id}
                  caption={board.title}
                />
              </Card>
            ))}
          </div>
          {fastestLaps && (
            <Card
              title={`Fastest laps · week ${fastestLaps.week}, ${trackLabel(fastestLaps.trackName, fastestLaps.configName)}`}
              className="mt-6"
              flush
              data-test="fastest-laps"
            >
              <DataTable
                columns={lapColumns}
                rows={fastestLaps.laps}
                rowKey={(l) => `${l.driver.id}-${l.rank}`}
                caption="Fastest race laps"
              />
            </Card>
          )}
          {carTimes.length > 0 && (
            <Card title="Car times" className="mt-6" flush data-test="car-times">
              <DataTable
                columns={carTimeColumns(false)}
                rows={carTimes}
                rowKey={(r) => r.key}
                caption="Best and average laps per car"
                sort={{ key: 'best', direction: 'asc' }}
                clientSort
                data-test="car-times-table"
              />
            </Card>
          )}
        </>
      )}
    </SeriesLayout>
  );
}
