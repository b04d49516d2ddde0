import type { Knex } from 'knex';
import { DRIVERS_TABLE } from '../projections/drivers/tables.ts';
import { FAVORITE_DRIVERS_TABLE } from '../projections/favorites/tables.ts';

/**
 * Reads of the `favorites` read model, joined with the racing `drivers` read model for names.
 */

/** A favorite as the home page shows it. */
export interface FavoriteDriverSummary {
  id: string;
  name: string;
}

/** The member's favorites with a known driver profile, by name. */
export async function listFavoriteDrivers(
  knex: Knex,
  userId: string,
  limit = 50,
): Promise<FavoriteDriverSummary[]> {
  const rows = await knex(`${FAVORITE_DRIVERS_TABLE} as f`)
    .join(`${DRIVERS_TABLE} as d`, 'd.cust_id', 'f.driver_id')
    .where('f.user_id', userId)
    .orderByRaw('lower(d.display_name), d.cust_id')
    .limit(limit)
    .select<{ cust_id: number; display_name: string }[]>('d.cust_id', 'd.display_name');
  return rows.map((r) => ({ id: String(r.cust_id), name: r.display_name }));
}

export async function isFavoriteDriver(
  knex: Knex,
  userId: string,
  driverId: number,
): Promise<boolean> {
  const row = await knex(FAVORITE_DRIVERS_TABLE)
    .where({ user_id: userId, driver_id: driverId })
    .first<{ driver_id: number } | undefined>('driver_id');
  return row !== undefined;
}

export async function driverExists(knex: Knex, driverId: number): Promise<boolean> {
  const row = await knex(DRIVERS_TABLE)
    .where({ cust_id: driverId })
    .first<{ cust_id: number } | undefined>('cust_id');
  return row !== undefined;
}

/** Which of `driverIds` the member has as favorites (one statement, for a list's stars). */
export async function favoriteDriverIdsAmong(
  knex: Knex,
  userId: string,
  driverIds: readonly number[],
): Promise<Set<number>> {
  if (driverIds.length === 0) return new Set();
  const rows = await knex(FAVORITE_DRIVERS_TABLE)
    .where('user_id', userId)
    .whereIn('driver_id', [...driverIds])
    .select<{ driver_id: number }[]>('driver_id');
  return new Set(rows.map((r) => Number(r.driver_id)));
}
