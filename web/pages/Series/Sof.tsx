import type { Column } from '../../components/DataTable.tsx';
import type { SeriesFrame } from '../../components/racing/SeriesLayout.tsx';
import { raceColumns, type RaceLine } from '../../components/racing/series-parts.tsx';
import { countColumn, ratingColumn } from '../../components/racing/race-parts.tsx';
import {
  TableCard,
  TimeSlotsCard,
  timeSlotColumn,
  WeeklyStatsPage,
} from '../../components/racing/series-stats.tsx';
import { formatIrating } from '../../lib/racing-format.ts';

export interface SofWeek {
  week: number;
  averageStrengthOfField: number | null;
  maxStrengthOfField: number | null;
}

export interface SofSlot {
  timeSlot: string;
  races: number;
  averageStrengthOfField: number | null;
  maxStrengthOfField: number | null;
}

export interface Props {
  series: SeriesFrame;
  weeks: SofWeek[];
  timeSlots: SofSlot[];
  /** The season's strongest splits. */
  strongest: RaceLine[];
}

const slotColumns: Column<SofSlot>[] = [
  timeSlotColumn(),
  ratingColumn('avg', 'Average SoF', (s) => s.averageStrengthOfField),
  ratingColumn('max', 'Highest SoF', (s) => s.maxStrengthOfField),
  countColumn('races', 'Splits', (s) => s.races),
];

/** Strength of field per week and per time slot, and the season's strongest races. */
export default function SeriesSof({ series, weeks, timeSlots, strongest }: Props) {
  return (
    <WeeklyStatsPage
      frame={series}
      title="Strength of field"
      weeks={weeks}
      chart={{
        name: 'series-sof',
        title: 'Strength of field per week',
        valueName: 'SoF',
        series: [
          { name: 'Average SoF', values: weeks.map((w) => w.averageStrengthOfField), kind: 'line' },
          { name: 'Highest SoF', values: weeks.map((w) => w.maxStrengthOfField), kind: 'line' },
        ],
        format: formatIrating,
        scaleToData: true,
      }}
    >
      {timeSlots.length > 0 && (
        <TimeSlotsCard
          columns={slotColumns}
          rows={timeSlots}
          caption="Strength of field per time slot"
          data-test="sof-slots-table"
        />
      )}
      <TableCard
        title="Highest-SoF races"
        columns={raceColumns}
        rows={strongest}
        rowKey={(r) => r.subsessionId}
        caption="The season's strongest races"
        sort={{ key: 'sof', direction: 'desc' }}
        data-test="strongest-races-table"
      />
    </WeeklyStatsPage>
  );
}
