import { z } from 'zod';
import { racingCategory } from '../../events/racing/common.ts';
import { TEAM_SORTS } from '../../queries/teams.ts';

/**
 * Query and path schemas of the public team routes. Pages treat an invalid value as an address
 * that names no page (404); /api answers 400 with the issues.
 */
export const TEAMS_PER_PAGE = 24;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const search = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

export const teamsIndexQuery = z.object({
  page,
  q: search,
  sort: z.enum(TEAM_SORTS).default('members'),
  category: racingCategory.default('sports_car'),
});

export const apiTeamsQuery = teamsIndexQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});

export const teamSlugParams = z.object({
  slug: z
    .string()
    .max(80)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
});

export const teamShowQuery = z.object({ category: racingCategory.default('sports_car') });
