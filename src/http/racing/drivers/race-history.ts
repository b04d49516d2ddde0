import type { RacePointDto } from '../../../queries/racing/driver-profile.ts';
import type { RaceHistory } from '../../../../web/components/racing/race-history.ts';

/**
 * The series and track names of one page's history charts, each once, in the order first met:
 * a race carries the indices of its names (RaceHistory.series, .track), the page carries
 * `names`.
 */
export class HistoryNames {
  readonly names: string[] = [];
  private readonly indexOf = new Map<string, number>();

  /** The index of `name`, added when it is new. */
  of(name: string): number {
    let index = this.indexOf.get(name);
    if (index === undefined) {
      index = this.names.length;
      this.names.push(name);
      this.indexOf.set(name, index);
    }
    return index;
  }
}

/** The races of `points` (in time order) as a chart's columns, their names in `names`. */
export function raceHistory(points: readonly RacePointDto[], names: HistoryNames): RaceHistory {
  const history: RaceHistory = { at: [], subsessionId: [], series: [], track: [] };
  for (const p of points) {
    history.at.push(Date.parse(p.startTime));
    history.subsessionId.push(p.subsessionId);
    history.series.push(names.of(p.seriesName));
    history.track.push(names.of(p.trackName));
  }
  return history;
}
