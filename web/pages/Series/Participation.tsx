import type { Column } from '../../components/DataTable.tsx';
import type { SeriesFrame } from '../../components/racing/SeriesLayout.tsx';
import { countColumn, weekColumn } from '../../components/racing/race-parts.tsx';
import {
  ChartCard,
  TableCard,
  TimeSlotsCard,
  timeSlotColumn,
  WeeklyStatsPage,
} from '../../components/racing/series-stats.tsx';
import { formatInteger } from '../../lib/racing-format.ts';

export interface ParticipationWeek {
  week: number;
  trackName: string | null;
  sessions: number;
  races: number;
  entries: number;
  uniqueDrivers: number;
}

export interface ParticipationSlot {
  /** "HH:MM" UTC. */
  timeSlot: string;
  sessions: number;
  races: number;
  entries: number;
  /** Mean starts per session in this slot. */
  entriesPerSession: number | null;
}

export interface Props {
  series: SeriesFrame;
  weeks: ParticipationWeek[];
  /** Summed over the season's weeks. */
  timeSlots: ParticipationSlot[];
}

const weekColumns: Column<ParticipationWeek>[] = [
  weekColumn(),
  {
    key: 'track',
    header: 'Track',
    sortable: true,
    value: (w) => w.trackName,
    cell: (w) => w.trackName ?? '—',
    hideBelow: 'sm',
  },
  countColumn('entries', 'Starts', (w) => w.entries),
  countColumn('unique', 'Drivers', (w) => w.uniqueDrivers),
  countColumn('races', 'Splits', (w) => w.races),
  countColumn('sessions', 'Sessions', (w) => w.sessions, 'md'),
];

const slotColumns: Column<ParticipationSlot>[] = [
  timeSlotColumn(),
  countColumn('entries', 'Starts', (s) => s.entries),
  countColumn('perSession', 'Starts a session', (s) => s.entriesPerSession),
  countColumn('races', 'Splits', (s) => s.races),
  countColumn('sessions', 'Sessions', (s) => s.sessions, 'sm'),
];

/** Starts and distinct drivers per week, and starts per time slot of the day. */
export default function SeriesParticipation({ series, weeks, timeSlots }: Props) {
  return (
    <WeeklyStatsPage
      frame={series}
      title="Participation"
      weeks={weeks}
      chart={{
        name: 'series-participation',
        title: 'Starts and drivers per week',
        valueName: 'Drivers',
        series: [
          { name: 'Starts', values: weeks.map((w) => w.entries) },
          { name: 'Drivers', values: weeks.map((w) => w.uniqueDrivers) },
        ],
        format: formatInteger,
      }}
    >
      <TableCard
        title="Per week"
        columns={weekColumns}
        rows={weeks}
        rowKey={(w) => w.week}
        caption="Participation per week"
        sort={{ key: 'week', direction: 'asc' }}
        rowTestId={(w) => `participation-week-${w.week}`}
        data-test="participation-weeks-table"
      />
      {timeSlots.length > 0 && (
        <>
          <ChartCard
            name="series-participation-slots"
            title="Starts per time slot (UTC)"
            categoryName="Time slot"
            valueName="Starts"
            categories={timeSlots.map((s) => s.timeSlot)}
            series={[{ name: 'Starts', values: timeSlots.map((s) => s.entries) }]}
            format={formatInteger}
          />
          <TimeSlotsCard
            columns={slotColumns}
            rows={timeSlots}
            caption="Participation per time slot"
            data-test="participation-slots-table"
          />
        </>
      )}
    </WeeklyStatsPage>
  );
}
