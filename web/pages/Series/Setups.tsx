import { Wrench } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SeriesLayout, type SeriesFrame } from '../../components/racing/SeriesLayout.tsx';

export interface Props {
  series: SeriesFrame;
}

/** Setups for the series' cars and tracks: an empty state until the community catalog has them. */
export default function SeriesSetups({ series }: Props) {
  return (
    <SeriesLayout frame={series} title="Setups">
      <EmptyState
        icon={Wrench}
        title="No setups for this series yet"
        description={
          series.season?.fixedSetup
            ? 'This season runs fixed setups: every car uses the same one. Shared setups for practice and other series will be listed here once the community setup catalog has them.'
            : 'Setups for this series’ cars and tracks will be listed here once the community setup catalog has them.'
        }
      />
    </SeriesLayout>
  );
}
