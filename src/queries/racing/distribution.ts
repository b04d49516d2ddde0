import type { Knex } from 'knex';
import type { RacingCategory } from '../../events/racing/common.ts';
import {
  IRATING_BUCKET_WIDTH,
  IRATING_BUCKETS_TABLE,
  IRATING_PERCENTILES_TABLE,
} from '../../projections/drivers/tables.ts';
import { parseCategory } from './shapes.ts';

/**
 * The iRating distribution of a category: members per 100-point bucket and percentiles, both
 * maintained by the drivers read model. The cumulative shares are a running sum over the (at
 * most a few hundred) bucket rows.
 */

export interface IratingBucketDto {
  /** Inclusive lower bound. */
  from: number;
  /** Exclusive upper bound. */
  to: number;
  drivers: number;
  /** Share of the category's rated drivers below `from`, 0..100 (one decimal). */
  percentBelow: number;
}

export interface IratingDistributionDto {
  category: RacingCategory;
  totalDrivers: number;
  bucketWidth: number;
  buckets: IratingBucketDto[];
  percentiles: { percentile: number; irating: number }[];
}

export async function iratingDistribution(
  db: Knex,
  category: string,
): Promise<IratingDistributionDto> {
  const c = parseCategory(category);
  const [buckets, percentiles] = await Promise.all([
    db<{ category: string; bucket_start: number; drivers: number }>(IRATING_BUCKETS_TABLE)
      .select('bucket_start', 'drivers')
      .where({ category: c })
      .andWhere('drivers', '>', 0)
      .orderBy('bucket_start'),
    db<{ category: string; percentile: number; irating: number }>(IRATING_PERCENTILES_TABLE)
      .select('percentile', 'irating')
      .where({ category: c })
      .orderBy('percentile'),
  ]);
  const total = buckets.reduce((n, b) => n + b.drivers, 0);
  let below = 0;
  return {
    category: c,
    totalDrivers: total,
    bucketWidth: IRATING_BUCKET_WIDTH,
    buckets: buckets.map((b) => {
      const dto = {
        from: b.bucket_start,
        to: b.bucket_start + IRATING_BUCKET_WIDTH,
        drivers: b.drivers,
        percentBelow: total > 0 ? Math.round((1000 * below) / total) / 10 : 0,
      };
      below += b.drivers;
      return dto;
    }),
    percentiles: percentiles.map((p) => ({ percentile: p.percentile, irating: p.irating })),
  };
}
