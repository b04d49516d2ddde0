import { PageLink } from '../../components/PageLink.tsx';
import { Card } from '../../components/Card.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { SlotPredictions, type UpcomingSlot } from '../../components/racing/SlotPredictions.tsx';
import {
  NoRaces,
  SeriesLayout,
  seriesViewHref,
  type SeriesFrame,
} from '../../components/racing/SeriesLayout.tsx';
import { DriverLink } from '../../components/racing/race-parts.tsx';
import {
  raceColumns,
  trackLabel,
  type LeaderLine,
  type RaceLine,
} from '../../components/racing/series-parts.tsx';
import { When } from '../../components/racing/When.tsx';
import { formatInteger, formatIrating } from '../../lib/racing-format.ts';

export interface SeasonSummary {
  weeksRaced: number;
  races: number;
  entries: number;
  uniqueDrivers: number;
  averageStrengthOfField: number | null;
  maxStrengthOfField: number | null;
}

export interface Props {
  /** The coming time slots with predicted entries, splits and top-split SoF (may be empty). */
  upcoming: UpcomingSlot[];
  series: SeriesFrame;
  summary: SeasonSummary | null;
  /** The week running now (or the season's first week before it starts); null when none. */
  thisWeek: {
    week: number;
    startDate: string;
    trackName: string;
    configName: string | null;
    current: boolean;
  } | null;
  recentRaces: RaceLine[];
  topWinners: LeaderLine[];
}

/** A series at a glance: the season's totals, this week's track, latest races and winners. */
export default function SeriesOverview({
  series,
  summary,
  thisWeek,
  recentRaces,
  topWinners,
  upcoming,
}: Props) {
  return (
    <SeriesLayout frame={series} title="Overview">
      {series.description && (
        <p className="mb-4 max-w-prose text-ink-muted">{series.description}</p>
      )}
      {summary && (
        <dl
          className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6"
          data-test="season-summary"
        >
          {(
            [
              ['Weeks raced', formatInteger(summary.weeksRaced)],
              ['Races', formatInteger(summary.races)],
              ['Starts', formatInteger(summary.entries)],
              ['Drivers', formatInteger(summary.uniqueDrivers)],
              ['Average SoF', formatIrating(summary.averageStrengthOfField)],
              ['Highest SoF', formatIrating(summary.maxStrengthOfField)],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg border border-line bg-surface p-3">
              <dt className="text-xs tracking-wide text-ink-muted uppercase">{label}</dt>
              <dd className="text-xl font-semibold text-ink tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {thisWeek && (
        <Card
          title={thisWeek.current ? 'This week' : 'Week'}
          className="mt-6"
          data-test="this-week"
        >
          <p className="text-ink">
            Week {thisWeek.week}:{' '}
            <strong>{trackLabel(thisWeek.trackName, thisWeek.configName)}</strong>{' '}
            <span className="text-ink-muted">
              (from <When iso={thisWeek.startDate} show="date" />)
            </span>
          </p>
          <PageLink
            href={seriesViewHref(series, 'schedule', series.season?.id ?? null)}
            className="mt-2 inline-block text-sm text-accent hover:underline"
          >
            Full schedule
          </PageLink>
        </Card>
      )}
      {recentRaces.length === 0 ? (
        <div className="mt-6">
          <NoRaces />
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <Card title="Latest races" className="lg:col-span-2" flush>
            <DataTable
              columns={raceColumns}
              rows={recentRaces}
              rowKey={(r) => r.subsessionId}
              caption="Latest races of the season"
            />
          </Card>
          <Card title="Most wins" flush>
            <ol className="divide-y divide-line">
              {topWinners.map((w) => (
                <li key={w.driver.id} className="flex justify-between px-4 py-2 text-sm">
                  <span>
                    <span className="mr-2 text-ink-muted tabular-nums">{w.rank}.</span>
                    <DriverLink driver={w.driver} />
                  </span>
                  <span className="tabular-nums">
                    {formatInteger(w.value)} {w.value === 1 ? 'win' : 'wins'}
                  </span>
                </li>
              ))}
            </ol>
          </Card>
        </div>
      )}
      <SlotPredictions slots={upcoming} title="Next races: predicted" className="mt-6" />
    </SeriesLayout>
  );
}
