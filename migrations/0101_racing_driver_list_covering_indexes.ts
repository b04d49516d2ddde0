import type { Knex } from 'knex';

/**
 * The driver list (`/api/drivers`, `/drivers`, src/queries/racing/drivers.ts) read from its
 * indexes alone: a page by iRating takes the licence columns (and the country the licence row
 * carries) from the rank indexes, a page by name the name and country from the name index, and
 * every page each driver's starts and wins from the career totals' key. Through the plain
 * indexes each row of a page was three heap pages (licence, driver, totals). The drivers and
 * driver career read models declare the same indexes (src/projections/drivers/tables.ts,
 * src/projections/driver-career/tables.ts), so a rebuild creates them; this replaces the plain
 * ones of tables built before that. A database whose read models are not built yet has no
 * tables, and gets the indexes when they are built. The three tables are locked at once, in
 * one order, before any index is dropped: taken table by table, a reader holding one of them
 * while waiting for another deadlocks with the migration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    DO $do$
    BEGIN
      IF to_regclass('public.racing_driver_licenses') IS NOT NULL
         AND to_regclass('public.racing_drivers') IS NOT NULL
         AND to_regclass('public.racing_driver_totals') IS NOT NULL THEN
        LOCK TABLE public.racing_driver_licenses, public.racing_drivers, public.racing_driver_totals
          IN ACCESS EXCLUSIVE MODE;
      END IF;
      IF to_regclass('public.racing_driver_licenses') IS NOT NULL THEN
        DROP INDEX IF EXISTS public.racing_driver_licenses_rank;
        CREATE INDEX racing_driver_licenses_rank ON public.racing_driver_licenses
          (category, irating DESC, cust_id DESC)
          INCLUDE (sub_level, license_level, license_group, tt_rating, country_code)
          WHERE irating IS NOT NULL;
        DROP INDEX IF EXISTS public.racing_driver_licenses_country_rank;
        CREATE INDEX racing_driver_licenses_country_rank ON public.racing_driver_licenses
          (category, country_code, irating DESC, cust_id DESC)
          INCLUDE (sub_level, license_level, license_group, tt_rating)
          WHERE irating IS NOT NULL;
      END IF;
      IF to_regclass('public.racing_drivers') IS NOT NULL THEN
        DROP INDEX IF EXISTS public.racing_drivers_name_sort;
        CREATE INDEX racing_drivers_name_sort ON public.racing_drivers
          (lower(display_name), cust_id) INCLUDE (display_name, country_code);
      END IF;
      IF to_regclass('public.racing_driver_totals') IS NOT NULL THEN
        ALTER TABLE public.racing_driver_totals
          DROP CONSTRAINT IF EXISTS racing_driver_totals_pkey,
          ADD CONSTRAINT racing_driver_totals_pkey PRIMARY KEY (cust_id, category) INCLUDE (starts, wins);
      END IF;
    END
    $do$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DO $do$
    BEGIN
      IF to_regclass('public.racing_driver_licenses') IS NOT NULL THEN
        DROP INDEX IF EXISTS public.racing_driver_licenses_rank;
        CREATE INDEX racing_driver_licenses_rank ON public.racing_driver_licenses
          (category, irating DESC, cust_id DESC) WHERE irating IS NOT NULL;
        DROP INDEX IF EXISTS public.racing_driver_licenses_country_rank;
        CREATE INDEX racing_driver_licenses_country_rank ON public.racing_driver_licenses
          (category, country_code, irating DESC, cust_id DESC) WHERE irating IS NOT NULL;
      END IF;
      IF to_regclass('public.racing_drivers') IS NOT NULL THEN
        DROP INDEX IF EXISTS public.racing_drivers_name_sort;
        CREATE INDEX racing_drivers_name_sort ON public.racing_drivers (lower(display_name), cust_id);
      END IF;
      IF to_regclass('public.racing_driver_totals') IS NOT NULL THEN
        ALTER TABLE public.racing_driver_totals
          DROP CONSTRAINT IF EXISTS racing_driver_totals_pkey,
          ADD CONSTRAINT racing_driver_totals_pkey PRIMARY KEY (cust_id, category);
      END IF;
    END
    $do$`);
}
