import type { Knex } from 'knex';

/**
 * `racing_driver_licenses_by_driver`: a driver's licence rows in the index alone, in category
 * order, for the licences of each driver search hit (`racing_search_drivers`, which reads them
 * by `cust_id` ordered by category). Through the primary key each hit fetched its five licence
 * rows from five heap pages. The drivers read model declares the same index
 * (src/projections/drivers/tables.ts, createDriverIndexes), so a rebuild creates it; this adds it
 * to a table built before that. A database whose drivers read model is not built yet has no
 * table, and gets the index when it is built.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    DO $do$
    BEGIN
      IF to_regclass('public.racing_driver_licenses') IS NOT NULL THEN
        CREATE INDEX IF NOT EXISTS racing_driver_licenses_by_driver
          ON public.racing_driver_licenses (cust_id, category)
          INCLUDE (irating, sub_level, license_level, license_group, tt_rating);
      END IF;
    END
    $do$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS public.racing_driver_licenses_by_driver');
}
