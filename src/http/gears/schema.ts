import { z } from 'zod';

/** Query and path schemas of the public gear routes (pages 404, /api 400 on bad input). */
export const GEAR_PER_PAGE = 24;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const search = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

export const gearTypeParams = z.object({ type: z.string().max(40) });
export const gearListQuery = z.object({ page, q: search });
export const apiGearListQuery = gearListQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
