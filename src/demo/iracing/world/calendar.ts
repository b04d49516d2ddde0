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

/** A season's "Season N" label is its quarter; the season holding an instant (its 13th week included). */
export function seasonAt(ms: number): { year: number; quarter: 1 | 2 | 3 | 4 } {
  const ordinal = 2025 * 4 + Math.floor((ms - ANCHOR_MS) / SEASON_MS);
  return { year: Math.floor(ordinal / 4), quarter: ((ordinal % 4) + 1) as 1 | 2 | 3 | 4 };
}

/**
 * The demo calendar of a day ("2026-11-26"): its season is the world's last, the week holding
 * the day is still running and its races up to that day's 00:00 UTC have been run. In the
 * season's 13th week (the break) the whole season has run. The same day always gives the same
 * calendar, so a world anchored to it is deterministic.
 */
export function demoCalendarAt(day: string): {
  lastSeason: { year: number; quarter: 1 | 2 | 3 | 4 };
  weeksRunInLastSeason: number;
  cutoffMs: number | null;
} {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(ms))
    throw new RangeError(`not a day: ${day}`);
  const lastSeason = seasonAt(ms);
  const week = Math.floor((ms - seasonStartMs(lastSeason.year, lastSeason.quarter)) / WEEK_MS);
  return week >= RACE_WEEKS
    ? { lastSeason, weeksRunInLastSeason: RACE_WEEKS, cutoffMs: null }
    : { lastSeason, weeksRunInLastSeason: week + 1, cutoffMs: ms };
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
