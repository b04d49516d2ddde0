/**
 * The licence categories as the API names them. Since 2024 Season 2 "road" (2) is split into
 * sports car (5) and formula car (6); the demo world lives after the split, so it never
 * issues category 2 licences, but road TRACKS keep category 2 ("Road"), as the API does.
 */

export type LicenceCategoryKey = 'oval' | 'sports_car' | 'formula_car' | 'dirt_oval' | 'dirt_road';

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

export const LICENCE_CATEGORIES: readonly LicenceCategory[] = [
  { key: 'oval', id: 1, name: 'Oval', resultsName: 'Oval', seq: 1, trackCategory: 'oval' },
  {
    key: 'sports_car',
    id: 5,
    name: 'Sports Car',
    resultsName: 'Sports_Car',
    seq: 2,
    trackCategory: 'road',
  },
  {
    key: 'formula_car',
    id: 6,
    name: 'Formula Car',
    resultsName: 'Formula_Car',
    seq: 3,
    trackCategory: 'road',
  },
  {
    key: 'dirt_oval',
    id: 3,
    name: 'Dirt Oval',
    resultsName: 'Dirt_Oval',
    seq: 4,
    trackCategory: 'dirt_oval',
  },
  {
    key: 'dirt_road',
    id: 4,
    name: 'Dirt Road',
    resultsName: 'Dirt_Road',
    seq: 5,
    trackCategory: 'dirt_road',
  },
];

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

export type TrackCategoryKey = 'oval' | 'road' | 'dirt_oval' | 'dirt_road';

export interface TrackCategory {
  key: TrackCategoryKey;
  id: number;
  /** results' `track.category` (title case, as in results/get). */
  resultsName: string;
}

export const TRACK_CATEGORIES: Record<TrackCategoryKey, TrackCategory> = {
  oval: { key: 'oval', id: 1, resultsName: 'Oval' },
  road: { key: 'road', id: 2, resultsName: 'Road' },
  dirt_oval: { key: 'dirt_oval', id: 3, resultsName: 'Dirt Oval' },
  dirt_road: { key: 'dirt_road', id: 4, resultsName: 'Dirt Road' },
};
