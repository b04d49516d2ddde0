import type { Knex } from 'knex';
import { up as createWithLicenceAggregateSort } from './0095_racing_search_drivers_licence_arrays.ts';

/**
 * `racing_search_drivers` reading each hit's licences in key order: the licence rows come from
 * the licence key (racing_driver_licenses' primary key, `(cust_id, category)`) already ordered
 * by category, and are aggregated as they come. `json_agg(… ORDER BY l.category)` sorted them
 * again for every hit (a sort set up and torn down per hit, ten per search). The answer is the
 * same: the licences as arrays `[category, irating, sub_level, license_level, license_group,
 * tt_rating]` by category, `[]` for none. Everything else is as in
 * migrations/0095_racing_search_drivers_licence_arrays.ts.
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
             (SELECT coalesce(json_agg(s.licence), '[]'::json)
                FROM (SELECT json_build_array(l.category, l.irating, l.sub_level,
                               l.license_level, l.license_group, l.tt_rating) AS licence
                        FROM racing_driver_licenses l WHERE l.cust_id = h.cust_id
                       ORDER BY l.category) s)
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
  await createWithLicenceAggregateSort(knex);
}
