import { z } from 'zod';

/**
 * Vocabulary shared by the racing events (results, drivers, catalog).
 *
 * Units and encodings are the iRacing ones, named so nobody guesses:
 *  - lap times are integers in 1/10000 s (`…LapTime`, `averageLap`, `interval`), null when the
 *    driver set none (the API's -1);
 *  - positions are 1-based (P1 = winner, pole = starting position 1) — the API's 0-based
 *    `finish_position` + 1;
 *  - `raceWeekNum` is iRacing's 0-based week index of a season (pages print it + 1);
 *  - `subLevel` is the safety rating × 100 (475 = 4.75), `licenseLevel` 1..28 (see
 *    src/domain/licence.ts).
 */

/** iRacing licence categories; `road` is the pre-2024 category, split into sports and formula car. */
export const RACING_CATEGORIES = [
  'oval',
  'road',
  'dirt_oval',
  'dirt_road',
  'sports_car',
  'formula_car',
] as const;
export type RacingCategory = (typeof RACING_CATEGORIES)[number];
export const racingCategory = z.enum(RACING_CATEGORIES);

/** The API's `category_id` / `license_category_id` for each category. */
export const RACING_CATEGORY_IDS: Readonly<Record<RacingCategory, number>> = {
  oval: 1,
  road: 2,
  dirt_oval: 3,
  dirt_road: 4,
  sports_car: 5,
  formula_car: 6,
};

/** @returns the category of an API category id, or null for an id Pitwall does not know. */
export function racingCategoryFromId(id: number): RacingCategory | null {
  for (const c of RACING_CATEGORIES) if (RACING_CATEGORY_IDS[c] === id) return c;
  return null;
}

export const id = z.number().int();
export const count = z.number().int().nonnegative();
/** 1/10000 s; null = no time set. */
export const lapTime = z.number().int().positive().nullable();
export const position = z.number().int().positive();
export const isoTime = z.iso.datetime({ offset: true });
export const isoDate = z.iso.date();

export const trackRef = z.object({
  trackId: id,
  trackName: z.string(),
  /** null for single-layout tracks. */
  configName: z.string().nullable(),
});
export type TrackRef = z.infer<typeof trackRef>;

export const subsessionStreamName = (subsessionId: number) => `subsession-${subsessionId}`;
export const driverStreamName = (custId: number) => `driver-${custId}`;
export const seriesStreamName = (seriesId: number) => `series-${seriesId}`;
export const seasonStreamName = (seasonId: number) => `season-${seasonId}`;
export const carStreamName = (carId: number) => `car-${carId}`;
/** iRacing's track_id names one layout (track + configuration). */
export const trackStreamName = (trackId: number) => `track-${trackId}`;
