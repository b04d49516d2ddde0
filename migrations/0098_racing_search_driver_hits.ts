import type { Knex } from 'knex';
import { up as createSearchDrivers } from './0096_racing_search_drivers_licences_in_key_order.ts';

/**
 * `racing_search_driver_hits` in place of `racing_search_drivers`: the same search (the same
 * candidates, ranking and limits; src/queries/racing/driver-search.ts), answering each hit as
 * the JSON text the drivers read model stores for it (`racing_driver_search_hits`,
 * src/projections/drivers/search-hits.ts), one primary-key read per hit, instead of the driver's
 * columns and a JSON array built from the driver's licence rows. The candidates are ranked from
 * the search keys' id and name alone (the keys no longer carry the country).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'DROP FUNCTION IF EXISTS racing_search_drivers(text, integer, text, text, integer)',
  );
  await knex.raw(`
    CREATE FUNCTION racing_search_driver_hits(
      text_q text, id_q integer, prefix_q text, fragment_q text, limit_q integer)
    RETURNS TABLE (hit text)
    LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan
    AS $body$
    #variable_conflict use_column
    BEGIN
      RETURN QUERY
      WITH names AS (
        SELECT d.cust_id, d.display_name FROM racing_drivers d
         WHERE lower(d.display_name) ~>=~ lower(text_q)
           AND lower(d.display_name) ~<~ (lower(text_q) || chr(1114111))
         ORDER BY lower(d.display_name) USING ~<~ LIMIT 100),
      prefix AS (
        SELECT c.cust_id,
               row_number() OVER (ORDER BY
                 CASE WHEN c.cust_id = id_q THEN 0
                      WHEN lower(c.display_name) = lower(text_q) THEN 1
                      WHEN lower(c.display_name) LIKE lower(prefix_q) THEN 2
                      WHEN lower(substr(c.display_name, strpos(c.display_name, ' ') + 1))
                           LIKE lower(prefix_q) THEN 3
                      ELSE 4 END,
                 similarity(c.display_name, text_q) DESC, c.display_name, c.cust_id) AS ord
          FROM ((SELECT d.cust_id, d.display_name FROM racing_drivers d
                  WHERE d.cust_id = id_q)
                UNION
                (SELECT n.cust_id, n.display_name FROM names n)
                UNION
                (SELECT d.cust_id, d.display_name FROM racing_drivers d
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
        SELECT c.cust_id,
               row_number() OVER (ORDER BY
                 CASE WHEN c.cust_id = id_q THEN 0
                      WHEN lower(c.display_name) = lower(text_q) THEN 1
                      WHEN lower(c.display_name) LIKE lower(prefix_q) THEN 2
                      WHEN lower(substr(c.display_name, strpos(c.display_name, ' ') + 1))
                           LIKE lower(prefix_q) THEN 3
                      ELSE 4 END,
                 similarity(c.display_name, text_q) DESC, c.display_name, c.cust_id) AS ord
          FROM (SELECT d.cust_id, d.display_name FROM racing_drivers d
                 WHERE fragment_q IS NOT NULL AND (SELECT count(*) FROM prefix) < limit_q
                   AND d.display_name ILIKE fragment_q
                 LIMIT limit_q * 2) c
         ORDER BY ord LIMIT limit_q)
      SELECT (SELECT s.hit FROM racing_driver_search_hits s WHERE s.cust_id = h.cust_id)
        FROM (SELECT p.cust_id, p.ord, 0 AS part FROM prefix p
              UNION ALL
              SELECT f.cust_id, f.ord, 1 FROM fragment f
               WHERE f.cust_id NOT IN (SELECT p.cust_id FROM prefix p)) h
       ORDER BY h.part, h.ord
       LIMIT limit_q;
    END
    $body$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'DROP FUNCTION IF EXISTS racing_search_driver_hits(text, integer, text, text, integer)',
  );
  await createSearchDrivers(knex);
}
