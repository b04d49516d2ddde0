import { createLTTB } from 'downsample';

/**
 * Long series thinned for a chart with Largest-Triangle-Three-Buckets (the `downsample`
 * package): the points kept are original points (a race keeps its own link and label), the
 * first and the last are always kept, and the peaks and dips that shape the line survive. A
 * chart of ~600 px shows no more detail than this; every race stays reachable from the paged
 * race list and the subsession pages.
 */

/** Points per value a history chart carries at most (docs/ui.md, "Charts"). */
export const CHART_POINTS = 200;

interface Indexed {
  i: number;
  x: number;
  y: number;
}

const lttb = createLTTB<Indexed>({ x: 'x', y: 'y' });

/**
 * The points of `points` (in time order) that a chart of each value keeps: per value getter the
 * LTTB choice of at most `target` of the points where it is not null, then the union of those
 * choices in the original order (so a point kept for one value also shows the others). A series
 * of `target` points or fewer per value comes back whole.
 */
export function downsamplePoints<P>(
  points: readonly P[],
  time: (p: P) => number,
  values: readonly ((p: P) => number | null)[],
  target = CHART_POINTS,
): P[] {
  const keep = new Set<number>();
  for (const value of values) {
    const defined: Indexed[] = [];
    points.forEach((p, i) => {
      const y = value(p);
      if (y !== null) defined.push({ i, x: time(p), y });
    });
    const chosen = defined.length <= target ? defined : lttb(defined, target);
    for (let k = 0; k < chosen.length; k++) keep.add(chosen[k]!.i);
  }
  if (keep.size === points.length) return [...points];
  return [...keep].sort((a, b) => a - b).map((i) => points[i]!);
}
