import { z } from 'zod';

/**
 * Query and path schemas of the news routes. Pages treat an invalid value as an address that
 * names no page (404); /api answers 400 with the issues, so a client sees its mistake.
 */
const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const NEWS_PER_PAGE = 12;
export const HOME_LATEST_COUNT = 7;

export const newsIndexQuery = z.object({ page });

export const newsShowParams = z.object({
  slug: z
    .string()
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
});

export const apiArticlesQuery = z.object({
  page,
  perPage: z.coerce.number().int().min(1).max(50).default(10),
});
