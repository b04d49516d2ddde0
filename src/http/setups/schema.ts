import { z } from 'zod';
import { SETUP_TYPES } from '../../events/setup.ts';
import { SETUP_SORTS } from '../../queries/setups.ts';

/**
 * Query and path schemas of the public setup routes. Pages treat an invalid value as an address
 * that names no page (404); /api answers 400 with the issues.
 */
export const SETUPS_PER_PAGE = 25;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const id = z.coerce.number().int().min(1).max(2_147_483_647).optional();

export const setupsIndexQuery = z.object({
  page,
  car: id,
  track: id,
  series: id,
  type: z.enum(SETUP_TYPES).optional(),
  sort: z.enum(SETUP_SORTS).default('newest'),
});

export const apiSetupsQuery = setupsIndexQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});

export const setupIdParams = z.object({ id: z.uuid() });
