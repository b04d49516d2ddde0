/**
 * iRacing's calendar: four seasons a year of 13 weeks each (12 race weeks and a week-13 break);
 * race weeks run from Tuesday 00:00 GMT. 2025 Season 1 began on Tuesday 2024-12-17, and every
 * later season begins exactly 91 days after the one before.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
export const RACE_WEEKS = 12;

const ANCHOR_MS = Date.UTC(2024, 11, 17);
const SEASON_MS = 13 * WEEK_MS;

export interface SeasonRef {
  /** 0-based position in the world's simulated seasons. */
  index: number;
  year: number;
  quarter: 1 | 2 | 3 | 4;
  startMs: number;
  /** Quarters since 2020 Season 1: the base of the season ids. */
  globalIndex: number;
}

export function seasonStartMs(year: number, quarter: number): number {
  return ANCHOR_MS + ((year - 2025) * 4 + (quarter - 1)) * SEASON_MS;
}

/** The `count` consecutive seasons ending with `last`, oldest first. */
export function seasonsEndingWith(
  last: { year: number; quarter: number },
  count: number,
): SeasonRef[] {
  const lastOrdinal = last.year * 4 + (last.quarter - 1);
  const seasons: SeasonRef[] = [];
  for (let i = 0; i < count; i++) {
    const ordinal = lastOrdinal - (count - 1 - i);
    const year = Math.floor(ordinal / 4);
    const quarter = ((ordinal % 4) + 1) as SeasonRef['quarter'];
    seasons.push({
      index: i,
      year,
      quarter,
      startMs: seasonStartMs(year, quarter),
      globalIndex: (year - 2020) * 4 + quarter - 1,
    });
  }
  return seasons;
}

export function weekStartMs(season: SeasonRef, raceWeekNum: number): number {
  return season.startMs + raceWeekNum * WEEK_MS;
}

/** ISO 8601 without milliseconds, as the API writes instants: "2022-04-04T01:30:00Z". */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** "2022-02-15", as the API writes dates. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}
