/**
 * What the team pages hold beside the server's DTOs (web/generated/dtos.ts): the filters of a
 * list URL and the categories in the order the filters offer them.
 */
import type { RacingCategory, TeamSort } from '../../generated/dtos.ts';

export interface TeamFilters {
  q: string;
  sort: TeamSort;
  category: RacingCategory;
}

/** Categories in the order the filters offer them. */
export const TEAM_CATEGORIES: readonly RacingCategory[] = [
  'sports_car',
  'formula_car',
  'oval',
  'dirt_oval',
  'dirt_road',
  'road',
];
