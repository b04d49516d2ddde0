import type { Knex } from 'knex';
import { up as createWithLicenceObjects } from './0093_racing_search_drivers.ts';

/**
 * `racing_search_drivers` with each hit's licences as a JSON array of arrays
 * `[category, irating, sub_level, license_level, license_group, tt_rating]`, ordered by category
 * (src/queries/racing/driver-search.ts shapes them): arrays build in PostgreSQL and parse in
 * Node with less work than objects repeating six keys per licence. Everything else is as in
 * migrations/0093_racing_search_drivers.ts (what it finds, how it ranks, the generic plan).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION racing_search_drivers(
      text_q text, id_q integer, prefix_q text, fragment_q text, limit_q integer)
    RETURNS TABLE (cust_id integer, display_name text, country_code text, licenses json)
    LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan
    AS $body$
    #variable_conflict use_column
    BEGIN
      RETURN QUERY
      WITH names AS (
        SELECT d.cust_id, d.display_name, d.country_code FROM racing_drivers d
         WHERE lower(d.display_name) ~>=~ lower(text_q)
           AND lower(d.display_name) ~<~ (lower(text_q) || chr(1114111))
         ORDER BY lower(d.display_name) USING ~<~ LIMIT 100),
      prefix AS (
        SELECT c.cust_id, c.display_name, c.country_code,
               row_number() OVER (ORDER BY
                 CASE WHEN c.cust_id = id_q THEN 0
                      WHEN lower(c.display_name) = lower(text_q) THEN 1
                      WHEN lower(c.display_name) LIKE lower(prefix_q) THEN 2
                      WHEN lower(substr(c.display_name, strpos(c.display_name, ' ') + 1))
                           LIKE lower(prefix_q) THEN 3
                      ELSE 4 END,
                 similarity(c.display_name, text_q) DESC, c.display_name, c.cust_id) AS ord
          FROM ((SELECT d.cust_id, d.display_name, d.country_code FROM racing_drivers d
                  WHERE d.cust_id = id_q)
                UNION
                (SELECT n.cust_id, n.display_name, n.country_code FROM names n)
                UNION
                (SELECT d.cust_id, d.display_name, d.country_code FROM racing_drivers d
                  WHERE (SELECT count(*) FROM names) < limit_q
                    AND lower(substr(d.display_name, strpos(d.display_name, ' ') + 1))
                        ~>=~ lower(text_q)
                    AND lower(substr(d.display_name, strpos(d.display_name, ' ') + 1))
                        ~<~ (lower(text_q) || chr(1114111))
                  ORDER BY lower(substr(d.display_name, strpos(d.display_name, ' ') + 1))
                     USING ~<~
                  LIMIT 100)) c
         ORDER BY ord LIMIT limit_q),
      fragment AS (
        SELECT c.cust_id, c.display_name, c.country_code,
               row_number() OVER (ORDER BY
                 CASE WHEN c.cust_id = id_q THEN 0
                      WHEN lower(c.display_name) = lower(text_q) THEN 1
                      WHEN lower(c.display_name) LIKE lower(prefix_q) THEN 2
                      WHEN lower(substr(c.display_name, strpos(c.display_name, ' ') + 1))
                           LIKE lower(prefix_q) THEN 3
                      ELSE 4 END,
                 similarity(c.display_name, text_q) DESC, c.display_name, c.cust_id) AS ord
          FROM (SELECT d.cust_id, d.display_name, d.country_code FROM racing_drivers d
                 WHERE fragment_q IS NOT NULL AND (SELECT count(*) FROM prefix) < limit_q
                   AND d.display_name ILIKE fragment_q
                 LIMIT limit_q * 2) c
         ORDER BY ord LIMIT limit_q)
      SELECT h.cust_id, h.display_name, h.country_code,
             (SELECT coalesce(json_agg(json_build_array(l.category, l.irating, l.sub_level,
                       l.license_level, l.license_group, l.tt_rating) ORDER BY l.category),
                       '[]'::json)
                FROM racing_driver_licenses l WHERE l.cust_id = h.cust_id)
        FROM (SELECT p.*, 0 AS part FROM prefix p
              UNION ALL
              SELECT f.*, 1 FROM fragment f
               WHERE f.cust_id NOT IN (SELECT p.cust_id FROM prefix p)) h
       ORDER BY h.part, h.ord
       LIMIT limit_q;
    END
    $body$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'DROP FUNCTION IF EXISTS racing_search_drivers(text, integer, text, text, integer)',
  );
  await createWithLicenceObjects(knex);
}
