import { Card } from '../../components/Card.tsx';
import { CategoryChart } from '../../components/charts/CategoryChart.tsx';
import { FilterLinks } from '../../components/FilterLinks.tsx';
import {
  NoRaces,
  SeriesLayout,
  seriesViewHref,
  type SeriesFrame,
} from '../../components/racing/SeriesLayout.tsx';
import { trackLabel } from '../../components/racing/series-parts.tsx';
import { formatLapTime } from '../../lib/racing-format.ts';

export interface PaceCar {
  carName: string;
  entries: number;
  /** Mean race lap per iRating band (aligned with `bands`); null: no start in that band. */
  averageLap: (number | null)[];
  /** Mean best lap per band. */
  averageBestLap: (number | null)[];
}

export interface Props {
  series: SeriesFrame;
  /** The weeks with pace data. */
  weeks: { week: number; trackName: string; configName: string | null }[];
  /** The week shown (1-based); null when there is no pace data. */
  week: number | null;
  /** Labels of the iRating bands, low to high ("1,500–1,999"). */
  bands: string[];
  cars: PaceCar[];
}

/** Lap time against iRating for one week (track) of the season, one line per car. */
export default function SeriesPace({ series, weeks, week, bands, cars }: Props) {
  const seasonId = series.season?.id ?? null;
  const shown = weeks.find((w) => w.week === week);
  return (
    <SeriesLayout frame={series} title="Pace">
      {weeks.length === 0 || week === null ? (
        <NoRaces what="lap times" />
      ) : (
        <>
          <FilterLinks
            label="Week"
            options={weeks.map((w) => ({ value: String(w.week), label: `Week ${w.week}` }))}
            current={String(week)}
            href={(value) => seriesViewHref(series, 'pace', seasonId, { week: value })}
          />
          <Card className="mt-4">
            {cars.length === 0 ? (
              <p className="text-sm text-ink-muted">No laps recorded in this week.</p>
            ) : (
              <CategoryChart
                name="series-pace"
                title={`Average race lap by iRating · week ${week}${shown ? `, ${trackLabel(shown.trackName, shown.configName)}` : ''}`}
                categoryName="iRating"
                valueName="Lap time"
                categories={bands}
                series={cars.map((c) => ({
                  name: c.carName,
                  values: c.averageLap,
                  kind: 'line' as const,
                }))}
                format={formatLapTime}
                scaleToData
                summary={`Average race lap per iRating band for ${cars.length} ${cars.length === 1 ? 'car' : 'cars'} in week ${week}: faster drivers (higher iRating) lap quicker.`}
              />
            )}
          </Card>
        </>
      )}
    </SeriesLayout>
  );
}
