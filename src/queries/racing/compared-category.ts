import type { Knex } from 'knex';
import type { RacingCategory } from '../../events/racing/common.ts';
import { DRIVER_TOTALS_TABLE } from '../../projections/driver-career/tables.ts';
import { DRIVER_LICENSES_TABLE } from '../../projections/drivers/tables.ts';
import { parseCategory, type LicenseDto } from './shapes.ts';

/**
 * The category a comparison of drivers shows: the one its URL names, or by default the first
 * driver's category of most starts (ties by name), else that driver's first rated licence's (by
 * name), else sports_car. The statements that read one category (the rating histories, the
 * iRating buckets) can decide the default themselves (`categorySql`), so they travel in the same
 * round trip as the careers and licences it is decided from; run in one snapshot
 * (src/db/batch.ts `oneSnapshot`), they decide what `defaultCategory` decides from those rows.
 */
export type CategoryChoice = { named: RacingCategory } | { defaultFor: number };

/** The choice's category as an SQL expression with its bindings (a named one is bound). */
export function categorySql(choice: CategoryChoice): {
  sql: string;
  bindings: Knex.RawBinding[];
} {
  if ('named' in choice) return { sql: '?', bindings: [parseCategory(choice.named)] };
  return {
    sql: `coalesce(
      (SELECT t.category FROM ${DRIVER_TOTALS_TABLE} t
        WHERE t.cust_id = ? AND t.starts > 0 ORDER BY t.starts DESC, t.category LIMIT 1),
      (SELECT l.category FROM ${DRIVER_LICENSES_TABLE} l
        WHERE l.cust_id = ? AND l.irating IS NOT NULL ORDER BY l.category LIMIT 1),
      'sports_car')`,
    bindings: [choice.defaultFor, choice.defaultFor],
  };
}

/**
 * The default category from the first driver's careers (most starts first, as
 * driverCareersStatement orders them) and licences (by category): what `categorySql` decides.
 */
export function defaultCategory(
  careers: readonly { category: RacingCategory }[],
  licences: readonly LicenseDto[],
): RacingCategory {
  return careers[0]?.category ?? licences.find((l) => l.irating !== null)?.category ?? 'sports_car';
}
