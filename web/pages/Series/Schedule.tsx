import { Card } from '../../components/Card.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { Badge } from '../../components/Badge.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SlotPredictions, type UpcomingSlot } from '../../components/racing/SlotPredictions.tsx';
import { SeriesLayout, type SeriesFrame } from '../../components/racing/SeriesLayout.tsx';
import { trackLabel } from '../../components/racing/series-parts.tsx';
import { When } from '../../components/racing/When.tsx';
import { formatInteger, NONE } from '../../lib/racing-format.ts';

export interface ScheduleWeek {
  /** 1-based. */
  week: number;
  /** YYYY-MM-DD. */
  startDate: string;
  /** YYYY-MM-DD, the day before the next week starts (null: the last week). */
  endDate: string | null;
  trackName: string;
  configName: string | null;
  /** "20 laps", "45 min", "20 laps or 45 min". */
  raceLength: string | null;
  timeSlots: string[];
  races: number | null;
  starts: number | null;
  current: boolean;
}

export interface Props {
  /** The coming time slots with predicted entries, splits and top-split SoF (may be empty). */
  upcoming: UpcomingSlot[];
  series: SeriesFrame;
  weeks: ScheduleWeek[];
}

const columns: Column<ScheduleWeek>[] = [
  {
    key: 'week',
    header: 'Week',
    numeric: true,
    sortable: true,
    firstDirection: 'asc',
    value: (w) => w.week,
    cell: (w) => (
      <span className="font-semibold">
        {w.week}
        {w.current && (
          <Badge tone="success" className="ml-2" data-test="current-week">
            This week
          </Badge>
        )}
      </span>
    ),
  },
  {
    key: 'dates',
    header: 'Dates',
    sortable: true,
    value: (w) => w.startDate,
    cell: (w) => (
      <span className="whitespace-nowrap">
        <When iso={w.startDate} show="date" />
        {w.endDate && (
          <>
            {' – '}
            <When iso={w.endDate} show="date" />
          </>
        )}
      </span>
    ),
  },
  {
    key: 'track',
    header: 'Track',
    sortable: true,
    value: (w) => trackLabel(w.trackName, w.configName),
    cell: (w) => <span className="font-medium text-ink">{w.trackName}</span>,
  },
  {
    key: 'config',
    header: 'Config',
    sortable: true,
    value: (w) => w.configName,
    cell: (w) => w.configName ?? NONE,
    hideBelow: 'sm',
  },
  {
    key: 'length',
    header: 'Race length',
    cell: (w) => w.raceLength ?? NONE,
  },
  {
    key: 'slots',
    header: 'Races a day',
    numeric: true,
    sortable: true,
    value: (w) => w.timeSlots.length,
    cell: (w) => (w.timeSlots.length > 0 ? w.timeSlots.length : NONE),
    hideBelow: 'lg',
  },
  {
    key: 'starts',
    header: 'Starts',
    numeric: true,
    sortable: true,
    value: (w) => w.starts,
    cell: (w) => formatInteger(w.starts),
    hideBelow: 'md',
  },
];

/** The season week by week: track, config, dates, race length, the current week marked. */
export default function SeriesSchedule({ series, weeks, upcoming }: Props) {
  return (
    <SeriesLayout frame={series} title="Schedule">
      {weeks.length === 0 ? (
        <EmptyState
          title="No schedule on record"
          description="The catalog describes no weeks for this season."
        />
      ) : (
        <Card title="Schedule" flush>
          <DataTable
            columns={columns}
            rows={weeks}
            rowKey={(w) => w.week}
            caption="Season schedule"
            sort={{ key: 'week', direction: 'asc' }}
            clientSort
            highlightRow={(w) => w.current}
            rowTestId={(w) => `week-row-${w.week}`}
            data-test="schedule-table"
          />
        </Card>
      )}
      <SlotPredictions slots={upcoming} className="mt-6" />
    </SeriesLayout>
  );
}
