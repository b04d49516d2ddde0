import { z } from 'zod';

/** Query and path schemas of the public pro-driver routes (pages 404, /api 400 on bad input). */
export const PROS_PER_PAGE = 24;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const search = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

export const prosIndexQuery = z.object({ page, q: search });
export const apiProsQuery = prosIndexQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export const proIdParams = z.object({ id: z.uuid() });
