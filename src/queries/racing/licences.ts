import { DRIVER_LICENSES_TABLE } from '../../projections/drivers/tables.ts';
import { toLicense, type LicenseDto, type LicenseRow } from './shapes.ts';

/**
 * A driver's licences inside another statement, so a query that lists drivers needs no second
 * round trip for them: a correlated subquery (the licences' primary key, cust_id first) giving
 * a JSON array of licence rows, ordered by category, `[]` for a driver without any.
 * `custId` is an SQL expression of the outer query (e.g. `h.cust_id`), never user input.
 */
export function licenceRowsJson(custId: string): string {
  return `(SELECT coalesce(json_agg(json_build_object(
             'category', l.category, 'irating', l.irating, 'sub_level', l.sub_level,
             'license_level', l.license_level, 'license_group', l.license_group,
             'tt_rating', l.tt_rating) ORDER BY l.category), '[]'::json)
             FROM ${DRIVER_LICENSES_TABLE} l WHERE l.cust_id = ${custId})`;
}

/** The DTOs of the rows `licenceRowsJson` gives (pg parses json columns), in their order. */
export const toLicenses = (rows: readonly LicenseRow[]): LicenseDto[] => rows.map(toLicense);
