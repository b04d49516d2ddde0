import { Card } from '../../components/Card.tsx';
import { CategoryChart } from '../../components/charts/CategoryChart.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { NoRaces, SeriesLayout, type SeriesFrame } from '../../components/racing/SeriesLayout.tsx';
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
  {
    key: 'week',
    header: 'Week',
    numeric: true,
    sortable: true,
    firstDirection: 'asc',
    value: (w) => w.week,
    cell: (w) => w.week,
  },
  {
    key: 'track',
    header: 'Track',
    sortable: true,
    value: (w) => w.trackName,
    cell: (w) => w.trackName ?? '—',
    hideBelow: 'sm',
  },
  {
    key: 'entries',
    header: 'Starts',
    numeric: true,
    sortable: true,
    value: (w) => w.entries,
    cell: (w) => formatInteger(w.entries),
  },
  {
    key: 'unique',
    header: 'Drivers',
    numeric: true,
    sortable: true,
    value: (w) => w.uniqueDrivers,
    cell: (w) => formatInteger(w.uniqueDrivers),
  },
  {
    key: 'races',
    header: 'Splits',
    numeric: true,
    sortable: true,
    value: (w) => w.races,
    cell: (w) => formatInteger(w.races),
  },
  {
    key: 'sessions',
    header: 'Sessions',
    numeric: true,
    sortable: true,
    value: (w) => w.sessions,
    cell: (w) => formatInteger(w.sessions),
    hideBelow: 'md',
  },
];

const slotColumns: Column<ParticipationSlot>[] = [
  {
    key: 'slot',
    header: 'Time (UTC)',
    sortable: true,
    firstDirection: 'asc',
    value: (s) => s.timeSlot,
    cell: (s) => s.timeSlot,
  },
  {
    key: 'entries',
    header: 'Starts',
    numeric: true,
    sortable: true,
    value: (s) => s.entries,
    cell: (s) => formatInteger(s.entries),
  },
  {
    key: 'perSession',
    header: 'Starts a session',
    numeric: true,
    sortable: true,
    value: (s) => s.entriesPerSession,
    cell: (s) => formatInteger(s.entriesPerSession),
  },
  {
    key: 'races',
    header: 'Splits',
    numeric: true,
    sortable: true,
    value: (s) => s.races,
    cell: (s) => formatInteger(s.races),
  },
  {
    key: 'sessions',
    header: 'Sessions',
    numeric: true,
    sortable: true,
    value: (s) => s.sessions,
    cell: (s) => formatInteger(s.sessions),
    hideBelow: 'sm',
  },
];

/** Starts and distinct drivers per week, and starts per time slot of the day. */
export default function SeriesParticipation({ series, weeks, timeSlots }: Props) {
  return (
    <SeriesLayout frame={series} title="Participation">
      {weeks.length === 0 ? (
        <NoRaces />
      ) : (
        <>
          <Card>
            <CategoryChart
              name="series-participation"
              title="Starts and drivers per week"
              categoryName="Week"
              valueName="Drivers"
              categories={weeks.map((w) => String(w.week))}
              series={[
                { name: 'Starts', values: weeks.map((w) => w.entries) },
                { name: 'Drivers', values: weeks.map((w) => w.uniqueDrivers) },
              ]}
              format={formatInteger}
            />
          </Card>
          <Card title="Per week" className="mt-6" flush>
            <DataTable
              columns={weekColumns}
              rows={weeks}
              rowKey={(w) => w.week}
              caption="Participation per week"
              sort={{ key: 'week', direction: 'asc' }}
              clientSort
              rowTestId={(w) => `participation-week-${w.week}`}
              data-test="participation-weeks-table"
            />
          </Card>
          {timeSlots.length > 0 && (
            <>
              <Card className="mt-6">
                <CategoryChart
                  name="series-participation-slots"
                  title="Starts per time slot (UTC)"
                  categoryName="Time slot"
                  valueName="Starts"
                  categories={timeSlots.map((s) => s.timeSlot)}
                  series={[{ name: 'Starts', values: timeSlots.map((s) => s.entries) }]}
                  format={formatInteger}
                />
              </Card>
              <Card title="Per time slot" className="mt-6" flush>
                <DataTable
                  columns={slotColumns}
                  rows={timeSlots}
                  rowKey={(s) => s.timeSlot}
                  caption="Participation per time slot"
                  sort={{ key: 'slot', direction: 'asc' }}
                  clientSort
                  data-test="participation-slots-table"
                />
              </Card>
            </>
          )}
        </>
      )}
    </SeriesLayout>
  );
}
