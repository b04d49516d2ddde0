import { z } from 'zod';
import type { IratingStatsDto } from '../../../queries/racing/distribution.ts';
import { apiSchemas } from '../../openapi/schemas.ts';
import { count, int, itemResponse } from '../shared/dto.ts';
import { category } from '../shared/params.ts';

/** Parameters and answer of /api/stats/irating, and the query of the /stats/irating page. */

/** The iRating scale: iRacing's lowest is a few hundred, the best drivers reach ~12,000. */
export const MAX_IRATING = 20_000;

export const iratingValue = z.coerce
  .number({ error: `must be a whole number from 0 to ${MAX_IRATING}` })
  .int({ error: `must be a whole number from 0 to ${MAX_IRATING}` })
  .min(0, { error: `must be a whole number from 0 to ${MAX_IRATING}` })
  .max(MAX_IRATING, { error: `must be a whole number from 0 to ${MAX_IRATING}` });

export const iratingStatsQuery = z.object({
  category: category
    .optional()
    .describe('The category (default: the one with the most rated drivers).'),
  irating: iratingValue
    .optional()
    .describe('An iRating to look up: `lookup` answers the share of drivers below it.'),
});

export const iratingStatsSchema = z
  .strictObject({
    category,
    totalDrivers: count.describe('Rated drivers of the category.'),
    bucketWidth: int.describe('Width of a histogram bucket in iRating points (100).'),
    buckets: z
      .array(
        z.strictObject({
          from: int.describe('Inclusive lower bound.'),
          to: int.describe('Exclusive upper bound.'),
          drivers: count,
          percentBelow: z.number().describe('Share of the rated drivers below `from`, 0–100.'),
        }),
      )
      .describe('Drivers per iRating bucket, lowest first; empty buckets are left out.'),
    percentiles: z
      .array(z.strictObject({ percentile: int, irating: int }))
      .describe(
        'The iRating at the 1st, 5th, 10th, 25th, 50th, 75th, 90th, 95th, 99th percentile.',
      ),
    licenceClasses: z
      .array(
        z.strictObject({
          licenseGroup: int.describe('iRacing license_group, 1 (Rookie) to 7 (Pro/WC).'),
          licenceClass: z.string().describe('R, D, C, B, A, P or PWC.'),
          drivers: count,
        }),
      )
      .describe('Drivers per licence class in the category; classes without any are left out.'),
    categories: z
      .array(z.strictObject({ category, drivers: count }))
      .describe('Rated drivers of every category.'),
    lookup: z
      .strictObject({
        irating: int,
        percentBelow: z.number().describe('Share of the rated drivers below it, 0–100.'),
      })
      .nullable()
      .describe('The lookup of `irating`; null when none was asked.'),
  })
  .register(apiSchemas, { id: 'IratingStats' }) satisfies z.ZodType<IratingStatsDto>;

export const iratingStatsResponse = itemResponse('IratingStatsResponse', iratingStatsSchema);
