import type { TimeSeries } from '../charts/index.ts';
import { route } from '../../generated/routes.ts';

/**
 * A driver's races in a history chart, oldest first, as columns: entry `i` of every array is one
 * race. Its series and track are indices into the page's `historyNames`, so a name shared by
 * many races travels once in the page object.
 */
export interface RaceHistory {
  /** Start of each race, ms since the epoch. */
  at: number[];
  subsessionId: number[];
  /** Each race's series name, as its index in the page's `historyNames`. */
  series: number[];
  /** Each race's track name, as its index in the page's `historyNames`. */
  track: number[];
}

/**
 * One line of a history chart: `values[i]` after race `i` of `history` (null: no point), each
 * point linking to its subsession and labelled "Series · Track".
 */
export function raceSeries(
  name: string,
  history: RaceHistory,
  values: readonly (number | null)[],
  names: readonly string[],
): TimeSeries {
  return {
    name,
    at: history.at,
    values,
    href: (i) => route('subsessions.show', { id: history.subsessionId[i]! }),
    label: (i) => `${names[history.series[i]!]} · ${names[history.track[i]!]}`,
  };
}
