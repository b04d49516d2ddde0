import type { Knex } from 'knex';
import type { RacingCategory } from '../../events/racing/common.ts';
import { LICENCE_GROUPS } from '../../domain/licence.ts';
import {
  DRIVER_LICENSES_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKET_WIDTH,
  IRATING_BUCKETS_TABLE,
  IRATING_PERCENTILES_TABLE,
  LICENCE_CLASS_COUNTS_TABLE,
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

/**
 * The share of the category's rated drivers whose iRating is below `irating`, 0..100 (one
 * decimal), from the bucket counts: every bucket wholly below, plus the part of the bucket
 * holding `irating` below it (drivers spread evenly inside a bucket, 100 points wide).
 */
export function percentBelow(
  distribution: Pick<IratingDistributionDto, 'totalDrivers' | 'buckets'>,
  irating: number,
): number {
  if (distribution.totalDrivers === 0) return 0;
  let below = 0;
  for (const b of distribution.buckets) {
    if (b.to <= irating) below += b.drivers;
    else if (b.from < irating) below += (b.drivers * (irating - b.from)) / (b.to - b.from);
  }
  return Math.round((1000 * below) / distribution.totalDrivers) / 10;
}

/** Rated drivers per category (the bucket counts summed; a category without any is left out). */
export async function ratedDriversPerCategory(
  db: Knex,
): Promise<{ category: RacingCategory; drivers: number }[]> {
  const rows = await db(IRATING_BUCKETS_TABLE)
    .select('category')
    .sum<{ category: string; drivers: string }[]>({ drivers: 'drivers' })
    .groupBy('category')
    .havingRaw('sum(drivers) > 0')
    .orderBy('category');
  return rows.map((r) => ({ category: r.category as RacingCategory, drivers: Number(r.drivers) }));
}

export interface LicenceClassCountDto {
  /** iRacing license_group: 1 Rookie … 5 Class A, 6 Pro, 7 Pro/WC. */
  licenseGroup: number;
  /** R, D, C, B, A, P or PWC. */
  licenceClass: string;
  drivers: number;
}

/**
 * Drivers per licence class in a category, as the drivers read model counts them
 * (racing_licence_class_counts: one row per class; drivers with a class and a safety rating).
 */
export async function licenceClassDistribution(
  db: Knex,
  category: string,
): Promise<LicenceClassCountDto[]> {
  const c = parseCategory(category);
  const rows = await db(LICENCE_CLASS_COUNTS_TABLE)
    .select<{ license_group: number; drivers: number }[]>('license_group', 'drivers')
    .where({ category: c })
    .andWhere('drivers', '>', 0)
    .orderBy('license_group');
  return rows.flatMap((r) => {
    const info = LICENCE_GROUPS[r.license_group - 1];
    return info
      ? [{ licenseGroup: info.group, licenceClass: info.letter, drivers: r.drivers }]
      : [];
  });
}

export interface RatedDriverDto {
  custId: number;
  displayName: string;
  irating: number;
}

/** The iRatings of some drivers in a category (the member's favorites on the histogram). */
export async function iratingsOf(
  db: Knex,
  category: string,
  custIds: readonly number[],
): Promise<RatedDriverDto[]> {
  if (custIds.length === 0) return [];
  const c = parseCategory(category);
  const rows = await db(`${DRIVER_LICENSES_TABLE} as l`)
    .join(`${DRIVERS_TABLE} as d`, 'd.cust_id', 'l.cust_id')
    .where('l.category', c)
    .whereIn('l.cust_id', [...custIds])
    .whereNotNull('l.irating')
    .orderBy('l.irating', 'desc')
    .select<{ cust_id: number; display_name: string; irating: number }[]>(
      'l.cust_id',
      'd.display_name',
      'l.irating',
    );
  return rows.map((r) => ({ custId: r.cust_id, displayName: r.display_name, irating: r.irating }));
}

export interface IratingStatsDto extends IratingDistributionDto {
  licenceClasses: LicenceClassCountDto[];
  /** Rated drivers of every category (the category switch). */
  categories: { category: RacingCategory; drivers: number }[];
  /** The percentile lookup of `irating`, when one was asked. */
  lookup: { irating: number; percentBelow: number } | null;
}

/** The category shown when none is asked: the one with the most rated drivers. */
export const DEFAULT_STATS_CATEGORY: RacingCategory = 'sports_car';

/**
 * Everything /stats/irating and /api/stats/irating show for a category (default: the one with
 * the most rated drivers): the histogram, percentiles, licence classes, the drivers per
 * category and, given an iRating, the share of drivers below it.
 */
export async function iratingStats(
  db: Knex,
  params: { category?: string; irating?: number } = {},
): Promise<IratingStatsDto> {
  const categories = await ratedDriversPerCategory(db);
  const category =
    params.category === undefined
      ? ([...categories].sort((a, b) => b.drivers - a.drivers)[0]?.category ??
        DEFAULT_STATS_CATEGORY)
      : parseCategory(params.category);
  const [distribution, licenceClasses] = await Promise.all([
    iratingDistribution(db, category),
    licenceClassDistribution(db, category),
  ]);
  return {
    ...distribution,
    licenceClasses,
    categories,
    lookup:
      params.irating === undefined
        ? null
        : { irating: params.irating, percentBelow: percentBelow(distribution, params.irating) },
  };
}
