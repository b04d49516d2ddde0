import { Card } from '../../components/Card.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { FilterLinks } from '../../components/FilterLinks.tsx';
import {
  NoRaces,
  SeriesLayout,
  seriesViewHref,
  type SeriesFrame,
} from '../../components/racing/SeriesLayout.tsx';
import {
  carTimeColumns,
  trackLabel,
  type CarTimeLine,
} from '../../components/racing/series-parts.tsx';

export interface WeekOption {
  week: number;
  trackName: string;
  configName: string | null;
}

export interface Props {
  series: SeriesFrame;
  /** The weeks with lap times. */
  weeks: WeekOption[];
  /** The week shown (`?week=`), or null: every week. */
  week: number | null;
  rows: CarTimeLine[];
}

/** The best laps per car and week of the season (`?week=n` narrows it to one week). */
export default function SeriesLapTimes({ series, weeks, week, rows }: Props) {
  const seasonId = series.season?.id ?? null;
  const shown = weeks.find((w) => w.week === week);
  return (
    <SeriesLayout frame={series} title="Lap times">
      {weeks.length === 0 ? (
        <NoRaces what="lap times" />
      ) : (
        <>
          <FilterLinks
            label="Week"
            options={[
              { value: 'all', label: 'All weeks' },
              ...weeks.map((w) => ({ value: String(w.week), label: `Week ${w.week}` })),
            ]}
            current={week === null ? 'all' : String(week)}
            href={(value) =>
              seriesViewHref(series, 'lap-times', seasonId, value === 'all' ? {} : { week: value })
            }
          />
          <Card
            title={
              shown
                ? `Week ${shown.week} · ${trackLabel(shown.trackName, shown.configName)}`
                : 'Every week'
            }
            className="mt-4"
            flush
          >
            <DataTable
              columns={carTimeColumns(week === null)}
              rows={rows}
              rowKey={(r) => r.key}
              caption="Best laps per car and week"
              sort={
                week === null
                  ? { key: 'week', direction: 'asc' }
                  : { key: 'best', direction: 'asc' }
              }
              clientSort
              rowTestId={(r) => `lap-row-${r.key}`}
              data-test="lap-times-table"
            />
          </Card>
        </>
      )}
    </SeriesLayout>
  );
}
