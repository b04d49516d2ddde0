import type { Knex } from 'knex';
import { up as rankedOnce } from './0099_racing_search_driver_hits_ranked_once.ts';

/**
 * `racing_search_driver_hits` answering as a function of the drivers alone: two databases
 * holding the same drivers answer every text the same, whatever the physical order of their
 * rows (a live-projected and a rebuilt read model differ there). The ranking, the limits and
 * the hits are those of migrations/0099_racing_search_driver_hits_ranked_once.ts; what changes
 * is which candidates the ranking sees when there are more than a scan keeps:
 *  - a word-start scan keeps the first 100 names in (search key, customer id) order: the search
 *    keys `racing_drivers_name_prefix` / `_surname_prefix` end in `cust_id`
 *    (src/projections/drivers/tables.ts), so the scan is still an index-only range scan that
 *    stops at its 100th entry, and drivers sharing a lower-cased name are cut by id;
 *  - the fragment candidates are the 2 × limit matches with the smallest customer ids.
 *
 * Why that fragment order: the trigram index (GIN) hands out its matches only in physical
 * order, so every total order costs a visit per match it has to look at. Ranking every match
 * (trigram similarity per name) cost 8–21 ms for "son"/"ich" on 100,000 drivers, and sorting
 * every match by id 2–5 ms, against 0.3–0.6 ms for the first 2 × limit in storage order. The
 * smallest ids can instead be found by whichever of three reads looks at fewest names, each
 * yielding the same set:
 *  1. the trigram index's first `10 × limit` matches: fewer than that are all the matches, and
 *     their smallest ids are the candidates (a rare fragment costs what it did);
 *  2. otherwise the fragment is common: the drivers are walked in id order through the first
 *     `100 × limit` (`racing_drivers_id_name`, index-only), stopping at the 2 × limit-th match
 *     (a fragment in 1 of 40 names: about 800 entries, about half a millisecond);
 *  3. when that window holds fewer than 2 × limit matches, the rest are the trigram index's
 *     matches beyond it, sorted by id (fewer than 2 × limit in 100 × limit drivers: about 2,000
 *     matches in 100,000 when they spread over the ids).
 * So a text reads at most about 10 × limit + 100 × limit + 2,000 names at 100,000 drivers, and
 * a common fragment about 2 × limit × drivers / matches. The walk's test is
 * `lower(name) LIKE lower(pattern)`, which is what ILIKE computes in a UTF-8 database; written
 * so, the trigram index cannot serve it and the plan (generic, kept per connection) stays a
 * walk in id order.
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
      lower_fragment text := lower(fragment_q);
      ids integer[];
      fragment_ids integer[];
      window_end integer;
    BEGIN
      WITH names AS (
        SELECT d.cust_id, d.display_name, lower(d.display_name) AS lower_name
          FROM racing_drivers d
         WHERE lower(d.display_name) ~>=~ lower_q
           AND lower(d.display_name) ~<~ (lower_q || chr(1114111))
         ORDER BY lower(d.display_name) USING ~<~, d.cust_id LIMIT 100)
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
                           USING ~<~, d.cust_id
                        LIMIT 100)) c
               ORDER BY class, sim DESC, c.display_name, c.cust_id
               LIMIT limit_q) r;
      IF coalesce(cardinality(ids), 0) < limit_q AND fragment_q IS NOT NULL THEN
        fragment_ids := ARRAY(SELECT d.cust_id FROM racing_drivers d
                               WHERE d.display_name ILIKE fragment_q
                               LIMIT limit_q * 10);
        IF cardinality(fragment_ids) = limit_q * 10 THEN
          SELECT d.cust_id INTO window_end FROM racing_drivers d
           ORDER BY d.cust_id OFFSET limit_q * 100 - 1 LIMIT 1;
          fragment_ids := ARRAY(SELECT d.cust_id FROM racing_drivers d
                                 WHERE d.cust_id <= coalesce(window_end, 2147483647)
                                   AND lower(d.display_name) LIKE lower_fragment
                                 ORDER BY d.cust_id
                                 LIMIT limit_q * 2);
          IF cardinality(fragment_ids) < limit_q * 2 AND window_end IS NOT NULL THEN
            fragment_ids := fragment_ids || ARRAY(
              SELECT d.cust_id FROM racing_drivers d
               WHERE d.display_name ILIKE fragment_q AND d.cust_id > window_end
               ORDER BY d.cust_id + 0
               LIMIT limit_q * 2 - cardinality(fragment_ids));
          END IF;
        END IF;
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
                          FROM racing_drivers c
                         WHERE c.cust_id = ANY (ARRAY(SELECT u.id FROM unnest(fragment_ids) u(id)
                                                       ORDER BY u.id LIMIT limit_q * 2))
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
  await rankedOnce(knex);
}
