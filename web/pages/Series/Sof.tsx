import { Card } from '../../components/Card.tsx';
import { CategoryChart } from '../../components/charts/CategoryChart.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { NoRaces, SeriesLayout, type SeriesFrame } from '../../components/racing/SeriesLayout.tsx';
import { raceColumns, type RaceLine } from '../../components/racing/series-parts.tsx';
import { formatInteger, formatIrating } from '../../lib/racing-format.ts';

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
  {
    key: 'slot',
    header: 'Time (UTC)',
    sortable: true,
    firstDirection: 'asc',
    value: (s) => s.timeSlot,
    cell: (s) => s.timeSlot,
  },
  {
    key: 'avg',
    header: 'Average SoF',
    numeric: true,
    sortable: true,
    value: (s) => s.averageStrengthOfField,
    cell: (s) => formatIrating(s.averageStrengthOfField),
  },
  {
    key: 'max',
    header: 'Highest SoF',
    numeric: true,
    sortable: true,
    value: (s) => s.maxStrengthOfField,
    cell: (s) => formatIrating(s.maxStrengthOfField),
  },
  {
    key: 'races',
    header: 'Splits',
    numeric: true,
    sortable: true,
    value: (s) => s.races,
    cell: (s) => formatInteger(s.races),
  },
];

/** Strength of field per week and per time slot, and the season's strongest races. */
export default function SeriesSof({ series, weeks, timeSlots, strongest }: Props) {
  return (
    <SeriesLayout frame={series} title="Strength of field">
      {weeks.length === 0 ? (
        <NoRaces />
      ) : (
        <>
          <Card>
            <CategoryChart
              name="series-sof"
              title="Strength of field per week"
              categoryName="Week"
              valueName="SoF"
              categories={weeks.map((w) => String(w.week))}
              series={[
                {
                  name: 'Average SoF',
                  values: weeks.map((w) => w.averageStrengthOfField),
                  kind: 'line',
                },
                {
                  name: 'Highest SoF',
                  values: weeks.map((w) => w.maxStrengthOfField),
                  kind: 'line',
                },
              ]}
              format={formatIrating}
              scaleToData
            />
          </Card>
          {timeSlots.length > 0 && (
            <Card title="Per time slot" className="mt-6" flush>
              <DataTable
                columns={slotColumns}
                rows={timeSlots}
                rowKey={(s) => s.timeSlot}
                caption="Strength of field per time slot"
                sort={{ key: 'slot', direction: 'asc' }}
                clientSort
                data-test="sof-slots-table"
              />
            </Card>
          )}
          <Card title="Highest-SoF races" className="mt-6" flush>
            <DataTable
              columns={raceColumns}
              rows={strongest}
              rowKey={(r) => r.subsessionId}
              caption="The season's strongest races"
              sort={{ key: 'sof', direction: 'desc' }}
              clientSort
              data-test="strongest-races-table"
            />
          </Card>
        </>
      )}
    </SeriesLayout>
  );
}
