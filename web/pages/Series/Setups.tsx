import { Wrench } from 'lucide-react';
import { ButtonLink } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SeriesLayout, type SeriesFrame } from '../../components/racing/SeriesLayout.tsx';
import { SetupsTable, formatSetupCount } from '../../components/setups/SetupsTable.tsx';
import type { SetupDto } from '../../generated/dtos.ts';
import { route } from '../../generated/routes.ts';

export interface Props {
  series: SeriesFrame;
  setups: SetupDto[];
  meta: { page: number; perPage: number; total: number; lastPage: number };
}

/** Setups for the series' cars and tracks (filed under the series, or for its cars and tracks). */
export default function SeriesSetups({ series, setups, meta }: Props) {
  const seasonQuery =
    series.season && series.season.id !== series.defaultSeasonId
      ? { season: series.season.id }
      : {};
  return (
    <SeriesLayout frame={series} title="Setups">
      {meta.total === 0 ? (
        <EmptyState
          icon={Wrench}
          title="No setups for this series yet"
          description={
            series.season?.fixedSetup
              ? 'This season runs fixed setups: every car uses the same one. Shared setups for its cars and tracks will be listed here when there are some.'
              : 'Setups for this series’ cars and tracks will be listed here when there are some.'
          }
          action={
            <ButtonLink href={route('setups')} variant="secondary">
              Browse all setups
            </ButtonLink>
          }
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-muted">
            {formatSetupCount(meta.total)} for this series&apos; cars and tracks, fastest first.
          </p>
          <SetupsTable
            setups={setups}
            meta={meta}
            showSeries={false}
            empty="No setups yet."
            pageHref={(page) =>
              route(
                'series.setups',
                { id: series.id },
                { ...seasonQuery, ...(page > 1 ? { page } : {}) },
              )
            }
          />
        </>
      )}
    </SeriesLayout>
  );
}
