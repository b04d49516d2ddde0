import type { Knex } from 'knex';

/**
 * `racing_search_drivers`: the driver search's statement (src/queries/racing/driver-search.ts
 * documents what it finds and how it ranks) as a PL/pgSQL function, so that it runs with a
 * plan made once per connection. As a prepared statement PostgreSQL planned it afresh for
 * almost every text (its custom plans, which see the text, are estimated cheaper than the
 * generic one), and planning cost as much as running it; the function keeps the generic plan
 * (`plan_cache_mode = force_generic_plan`, for its own statement only). That plan needs no
 * constant: the word-start scans are the index ranges themselves, from the lower-cased text up
 * to it followed by U+10FFFF, and the limits are arguments.
 *
 * It reads the drivers read model's tables (src/projections/drivers/tables.ts) by name at
 * execution, so a rebuild that swaps them is seen at the next call; the name and later-word
 * expressions repeat the indexes' (`racing_drivers_name_prefix`, `racing_drivers_surname_prefix`)
 * exactly, as the planner requires. `fragment` NULL: no fragment scan.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION racing_search_drivers(
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
             (SELECT coalesce(json_agg(json_build_object(
                       'category', l.category, 'irating', l.irating, 'sub_level', l.sub_level,
                       'license_level', l.license_level, 'license_group', l.license_group,
                       'tt_rating', l.tt_rating) ORDER BY l.category), '[]'::json)
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
}
