import { z } from 'zod';
import { RACING_CATEGORIES } from '../../../events/racing/common.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../../queries/racing/paging.ts';

/**
 * Query and path parameter pieces shared by the racing API. Query strings arrive as strings
 * (Express 'simple' parser; a repeated parameter arrives as an array and fails), so numbers are
 * coerced and then held to their range. Unknown parameters are ignored.
 */

/** A positive integer id in a path segment (`/api/drivers/{id}/…`). */
export const idParam = (what: string) =>
  positiveInt().describe(`The ${what} id (a positive integer).`);

/** A positive 32-bit integer (ids of iRacing's catalog and results). */
export function positiveInt() {
  const message = 'must be a positive integer';
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: 'is too large' });
}

/** An integer from 1 to `max` (a page size). */
export function pageSize(max: number) {
  const message = `must be an integer from 1 to ${max}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message });
}

export const limit = pageSize(MAX_LIMIT)
  .default(DEFAULT_LIMIT)
  .describe(`Items per page, 1–${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`);

export const cursor = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor from meta.nextCursor')
  .optional()
  .describe('Opaque: `meta.nextCursor` of the previous page. Absent for the first page.');

export const category = z
  .enum(RACING_CATEGORIES)
  .describe(
    'Licence category. `road` is the pre-2024 category that split into sports_car and formula_car.',
  );

export const direction = z.enum(['asc', 'desc']).describe('Sort direction.');

export const paging = { limit, cursor };

/** A short free-text search (trimmed); at least 2 characters so a lookup uses the index. */
export const searchText = z
  .string()
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(100, 'must be at most 100 characters')
  .describe('Search text, 2–100 characters; matches anywhere in the name, case-insensitively.');
