import type { Knex } from 'knex';
import { up as createWithOneStatement } from './0098_racing_search_driver_hits.ts';

/**
 * `racing_search_driver_hits` doing less per candidate, with the same answer (the same
 * candidates, ranking and limits as migrations/0098_racing_search_driver_hits.ts;
 * src/queries/racing/driver-search.ts):
 *  - the lower-cased text and prefix pattern are computed once per call, not once per candidate,
 *    and a first-word candidate's lower-cased name comes from the search key it was found by
 *    (`racing_drivers_name_prefix` holds exactly `lower(display_name)`);
 *  - the word-start candidates are cut to `limit` by a top-N sort on their rank, and numbered
 *    after the cut, instead of numbering all of them (up to 200) in a full sort first;
 *  - the fragment scan is a second statement that runs only when the word starts found fewer
 *    than `limit` (before, its part of the plan was set up on every call), ranked as before and
 *    appended after the word-start hits it does not repeat;
 *  - the hits are read by key in the order found.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION racing_search_driver_hits(
      text_q text, id_q integer, prefix_q text, fragment_q text, limit_q integer)
    RETURNS TABLE (hit text)
    LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan
    AS $body$
    #variable_conflict use_column
    DECLARE
      lower_q text := lower(text_q);
      lower_prefix text := lower(prefix_q);
      ids integer[];
    BEGIN
      WITH names AS (
        SELECT d.cust_id, d.display_name, lower(d.display_name) AS lower_name
          FROM racing_drivers d
         WHERE lower(d.display_name) ~>=~ lower_q
           AND lower(d.display_name) ~<~ (lower_q || chr(1114111))
         ORDER BY lower(d.display_name) USING ~<~ LIMIT 100)
      SELECT array_agg(r.cust_id ORDER BY r.class, r.sim DESC, r.display_name, r.cust_id)
        INTO ids
        FROM (SELECT c.cust_id, c.display_name,
                     CASE WHEN c.cust_id = id_q THEN 0
                          WHEN c.lower_name = lower_q THEN 1
                          WHEN c.lower_name LIKE lower_prefix THEN 2
                          WHEN lower(substr(c.display_name, strpos(c.display_name, ' ') + 1))
                               LIKE lower_prefix THEN 3
                          ELSE 4 END AS class,
                     similarity(c.display_name, text_q) AS sim
                FROM ((SELECT d.cust_id, d.display_name, lower(d.display_name) AS lower_name
                         FROM racing_drivers d WHERE d.cust_id = id_q)
                      UNION
                      (SELECT n.cust_id, n.display_name, n.lower_name FROM names n)
                      UNION
                      (SELECT d.cust_id, d.display_name, lower(d.display_name)
                         FROM racing_drivers d
                        WHERE (SELECT count(*) FROM names) < limit_q
                          AND lower(substr(d.display_name, strpos(d.display_name, ' ') + 1))
                              ~>=~ lower_q
                          AND lower(substr(d.display_name, strpos(d.display_name, ' ') + 1))
                              ~<~ (lower_q || chr(1114111))
                        ORDER BY lower(substr(d.display_name, strpos(d.display_name, ' ') + 1))
                           USING ~<~
                        LIMIT 100)) c
               ORDER BY class, sim DESC, c.display_name, c.cust_id
               LIMIT limit_q) r;
      IF coalesce(cardinality(ids), 0) < limit_q AND fragment_q IS NOT NULL THEN
        SELECT (coalesce(ids, '{}') || coalesce(array_agg(f.cust_id ORDER BY f.ord), '{}'))[1:limit_q]
          INTO ids
          FROM (SELECT r.cust_id,
                       row_number() OVER (ORDER BY r.class, r.sim DESC, r.display_name, r.cust_id)
                         AS ord
                  FROM (SELECT c.cust_id, c.display_name,
                               CASE WHEN c.cust_id = id_q THEN 0
                                    WHEN lower(c.display_name) = lower_q THEN 1
                                    WHEN lower(c.display_name) LIKE lower_prefix THEN 2
                                    WHEN lower(substr(c.display_name, strpos(c.display_name, ' ') + 1))
                                         LIKE lower_prefix THEN 3
                                    ELSE 4 END AS class,
                               similarity(c.display_name, text_q) AS sim
                          FROM (SELECT d.cust_id, d.display_name FROM racing_drivers d
                                 WHERE d.display_name ILIKE fragment_q
                                 LIMIT limit_q * 2) c
                         ORDER BY class, sim DESC, c.display_name, c.cust_id
                         LIMIT limit_q) r) f
         WHERE f.cust_id <> ALL (coalesce(ids, '{}'));
      END IF;
      RETURN QUERY
      SELECT (SELECT s.hit FROM racing_driver_search_hits s WHERE s.cust_id = u.id)
        FROM unnest(ids) WITH ORDINALITY u(id, n)
       ORDER BY u.n;
    END
    $body$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'DROP FUNCTION IF EXISTS racing_search_driver_hits(text, integer, text, text, integer)',
  );
  await createWithOneStatement(knex);
}
