/**
 * Table of the `favorites` read model (created by projection.ts, filled only by its `apply`).
 *
 * favorite_drivers: (user_id uuid, driver_id integer) PK · favorited_at. Rows of a deleted
 *   user are removed when UserDeleted is applied.
 */
export const FAVORITE_DRIVERS_TABLE = 'favorite_drivers';
