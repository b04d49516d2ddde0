/**
 * results/search_series accepts a start-time range of at most 90 days (`start_range_begin`
 * inclusive, `start_range_end` exclusive). A longer range is cut into consecutive half-open
 * windows of at most `maxDays`, earliest first; the caller merges their rows by subsession id,
 * so a subsession reported by two windows (clock skew, inclusive ends) is kept once.
 */
export const SEARCH_SERIES_MAX_DAYS = 90;

export interface TimeWindow {
  begin: Date;
  end: Date;
}

export function searchWindows(
  from: Date,
  to: Date,
  maxDays: number = SEARCH_SERIES_MAX_DAYS,
): TimeWindow[] {
  if (!(to.getTime() > from.getTime())) {
    throw new RangeError(`searchWindows: empty range ${from.toISOString()} → ${to.toISOString()}`);
  }
  const step = maxDays * 24 * 60 * 60 * 1000;
  const windows: TimeWindow[] = [];
  for (let begin = from.getTime(); begin < to.getTime(); begin += step) {
    windows.push({ begin: new Date(begin), end: new Date(Math.min(begin + step, to.getTime())) });
  }
  return windows;
}

/** The API's ISO-8601 form, to the second: "2022-06-13T23:25:04Z". */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Rows of several windows, each subsession once (first occurrence wins), order kept. */
export function mergeBySubsession<T extends { subsession_id: number }>(
  windows: readonly (readonly T[])[],
): T[] {
  const seen = new Set<number>();
  const merged: T[] = [];
  for (const rows of windows) {
    for (const row of rows) {
      if (seen.has(row.subsession_id)) continue;
      seen.add(row.subsession_id);
      merged.push(row);
    }
  }
  return merged;
}
