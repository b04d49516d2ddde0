import { PageLink } from '../../components/PageLink.tsx';
import { Card } from '../../components/Card.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import {
  NoRaces,
  SeriesLayout,
  seriesViewHref,
  type SeriesFrame,
} from '../../components/racing/SeriesLayout.tsx';
import { raceColumns, type RaceLine } from '../../components/racing/series-parts.tsx';
import { buttonClasses } from '../../components/Button.tsx';

export interface Props {
  series: SeriesFrame;
  /** Newest first. */
  races: RaceLine[];
  /** The cursor of the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Whether this is the first (newest) page. */
  firstPage: boolean;
}

/** The season's race splits, newest first, paged: time, track, SoF, field size, winner. */
export default function SeriesRecentRaces({ series, races, nextCursor, firstPage }: Props) {
  const seasonId = series.season?.id ?? null;
  return (
    <SeriesLayout frame={series} title="Recent races">
      {races.length === 0 && firstPage ? (
        <NoRaces />
      ) : (
        <>
          <Card title="Recent races" flush>
            <DataTable
              columns={raceColumns}
              rows={races}
              rowKey={(r) => r.subsessionId}
              caption="Race splits of the season, newest first"
              clientSort
              rowTestId={(r) => `race-row-${r.subsessionId}`}
              data-test="recent-races-table"
            />
          </Card>
          <nav aria-label="Race pages" className="mt-4 flex gap-2" data-test="recent-races-pager">
            {!firstPage && (
              <PageLink
                href={seriesViewHref(series, 'recent-races', seasonId)}
                className={buttonClasses('secondary', 'sm')}
                data-test="recent-races-newest"
              >
                Newest races
              </PageLink>
            )}
            {nextCursor && (
              <PageLink
                href={seriesViewHref(series, 'recent-races', seasonId, { cursor: nextCursor })}
                className={buttonClasses('secondary', 'sm')}
                data-test="recent-races-older"
              >
                Older races
              </PageLink>
            )}
          </nav>
        </>
      )}
    </SeriesLayout>
  );
}
