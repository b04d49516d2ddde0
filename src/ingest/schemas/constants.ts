/** Numeric codes the payloads use, named once. */

/** `event_type` of results and searches. */
export const EVENT_TYPE = { practice: 2, qualify: 3, timeTrial: 4, race: 5 } as const;
export type EventTypeName = keyof typeof EVENT_TYPE;

/**
 * Licence categories (`category_id`, `license_category_id`). Road (2) was split into sports car
 * (5) and formula car (6) in 2024; results and stats recorded before keep 2.
 */
export const CATEGORY = {
  oval: 1,
  road: 2,
  dirtOval: 3,
  dirtRoad: 4,
  sportsCar: 5,
  formulaCar: 6,
} as const;
export type CategoryName = keyof typeof CATEGORY;

export const CATEGORY_SLUG: Record<number, string> = {
  1: 'oval',
  2: 'road',
  3: 'dirt_oval',
  4: 'dirt_road',
  5: 'sports_car',
  6: 'formula_car',
};
