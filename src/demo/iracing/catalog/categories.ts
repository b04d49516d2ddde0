import { z } from 'zod';
import { cell, loadCsv } from './data.ts';

/**
 * The licence and track categories as the API names them (data/licence-categories.csv,
 * data/track-categories.csv). Since 2024 Season 2 "road" (2) is split into sports car (5) and
 * formula car (6); the demo world lives after the split, so it never issues category 2 licences,
 * but road TRACKS keep category 2 ("Road"), as the API does.
 */

export const LICENCE_CATEGORY_KEYS = [
  'oval',
  'sports_car',
  'formula_car',
  'dirt_oval',
  'dirt_road',
] as const;
export type LicenceCategoryKey = (typeof LICENCE_CATEGORY_KEYS)[number];

export const TRACK_CATEGORY_KEYS = ['oval', 'road', 'dirt_oval', 'dirt_road'] as const;
export type TrackCategoryKey = (typeof TRACK_CATEGORY_KEYS)[number];

export interface LicenceCategory {
  key: LicenceCategoryKey;
  /** member/get `licenses[].category_id` and results' `license_category_id`. */
  id: number;
  /** member/get `licenses[].category_name`. */
  name: string;
  /** results' `license_category`. */
  resultsName: string;
  /** member/get `licenses[].seq`: the order the API lists licences in. */
  seq: number;
  /** The track category this licence races on. */
  trackCategory: TrackCategoryKey;
}

export interface TrackCategory {
  key: TrackCategoryKey;
  id: number;
  /** results' `track.category` (title case, as in results/get). */
  resultsName: string;
}

/** Every licence category once, in `seq` order: the columns of the per-driver rating tables. */
export const LICENCE_CATEGORIES: readonly LicenceCategory[] = (() => {
  const rows = loadCsv(
    'licence-categories.csv',
    z.object({
      key: z.enum(LICENCE_CATEGORY_KEYS),
      id: cell.int,
      name: cell.text,
      resultsName: cell.text,
      seq: cell.int,
      trackCategory: z.enum(TRACK_CATEGORY_KEYS),
    }),
  );
  if (rows.map((r) => r.key).join() !== LICENCE_CATEGORY_KEYS.join())
    throw new Error(`demo catalogue data/licence-categories.csv: one row per category, in order`);
  return rows;
})();

export const TRACK_CATEGORIES: Record<TrackCategoryKey, TrackCategory> = (() => {
  const rows = loadCsv(
    'track-categories.csv',
    z.object({ key: z.enum(TRACK_CATEGORY_KEYS), id: cell.int, resultsName: cell.text }),
  );
  const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
  const missing = TRACK_CATEGORY_KEYS.filter((key) => !byKey[key]);
  if (missing.length > 0 || rows.length !== TRACK_CATEGORY_KEYS.length)
    throw new Error(`demo catalogue data/track-categories.csv: one row per category`);
  return byKey as Record<TrackCategoryKey, TrackCategory>;
})();

/** Index of a category in LICENCE_CATEGORIES: the column of the per-driver rating tables. */
export function categoryIndex(key: LicenceCategoryKey): number {
  const index = LICENCE_CATEGORIES.findIndex((c) => c.key === key);
  if (index < 0) throw new RangeError(`unknown licence category ${key}`);
  return index;
}

export function licenceCategory(key: LicenceCategoryKey): LicenceCategory {
  return LICENCE_CATEGORIES[categoryIndex(key)] as LicenceCategory;
}

export const CATEGORY_COUNT = LICENCE_CATEGORIES.length;
