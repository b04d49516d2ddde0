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
 * Why that fragment order, and how it is read. The trigram index (GIN) hands out its matches
 * in physical order only, so any total order has to look at more than the first 2 × limit
 * matches. On 100,000 synthetic drivers, ranking every match (trigram similarity per name) cost
 * 8–21 ms for "son"/"ich", and reading every match to sort it by id 2–5 ms, against 0.3–0.5 ms
 * for the first 2 × limit in storage order. The smallest ids are found instead by whichever read looks
 * at fewer names, all of them giving the same set:
 *  1. the trigram index's first `10 × limit` matches: fewer than that are all the matches, and
 *     their smallest ids are the candidates (a rare fragment costs what it did);
 *  2. otherwise the drivers are walked in id order (`racing_drivers_id_name`, index-only, about
 *     0.3 µs a driver), through the first `25 × limit`, stopping at the 2 × limit-th match;
 *  3. while matches are missing, the walk goes on over twice the distance the matches seen so
 *     far predict, as long as that is cheaper than reading the matches beyond it from the
 *     table (about 5 walked drivers' cost per match, and as many matches as the rate seen
 *     predicts among the drivers left: `pg_class.reltuples`);
 *  4. otherwise (no match walked yet, or the walk would cost more) the rest are the trigram
 *     index's matches beyond the walk, sorted by id.
 * Estimates only choose the read, never the answer. On a copy of the bench's 99,157 drivers
 * (EXPLAIN ANALYZE with TIMING OFF, min of 15 in one session, load 5–8 on 2 cores), against
 * the first 2 × limit in storage order: prefixes and rare fragments as before ("ma" 0.26 ms,
 * "zyx" 0.08); the bench's kind of texts (200 word starts and whole names) 0.31 → 0.28 ms on
 * average; fragments in 2,000–9,700 names 0.33–0.70 → 0.67–0.85 ms (a walk of a few hundred
 * drivers); in 200–1,400 names 0.19–0.28 → 0.55–1.05 ms, the costliest band, where neither
 * the walk nor the table read is short; 199 texts taken from inside names 0.27 → 1.03 ms on
 * average, at most 4.7 (their matches far from the first ids: read from the table). The walk's
 * test is `lower(name) LIKE lower(pattern)`, which is what ILIKE computes in a UTF-8 database;
 * written so, the trigram index cannot serve it and the plan (generic, kept per connection)
 * stays a walk in id order.
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
      walked integer;
      got integer;
      walked_to integer;
      walk_on integer;
      drivers real;
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
          fragment_ids := ARRAY(SELECT w.cust_id
                                  FROM (SELECT d.cust_id, d.display_name FROM racing_drivers d
                                         ORDER BY d.cust_id LIMIT limit_q * 25) w
                                 WHERE lower(w.display_name) LIKE lower_fragment
                                 ORDER BY w.cust_id
                                 LIMIT limit_q * 2);
          walked := limit_q * 25;
          IF cardinality(fragment_ids) < limit_q * 2 THEN
            SELECT d.cust_id INTO walked_to FROM racing_drivers d
             ORDER BY d.cust_id OFFSET walked - 1 LIMIT 1;
            SELECT c.reltuples INTO drivers FROM pg_class c
             WHERE c.oid = 'racing_drivers'::regclass;
          END IF;
          LOOP
            got := cardinality(fragment_ids);
            EXIT WHEN got >= limit_q * 2 OR walked_to IS NULL OR got = 0;
            walk_on := 2 * (limit_q * 2 - got) * walked / got;
            EXIT WHEN walk_on >= 5 * got * (drivers - walked) / walked;
            fragment_ids := fragment_ids || ARRAY(
              SELECT w.cust_id
                FROM (SELECT d.cust_id, d.display_name FROM racing_drivers d
                       WHERE d.cust_id > walked_to
                       ORDER BY d.cust_id LIMIT walk_on) w
               WHERE lower(w.display_name) LIKE lower_fragment
               ORDER BY w.cust_id
               LIMIT limit_q * 2 - got);
            IF cardinality(fragment_ids) < limit_q * 2 THEN
              SELECT d.cust_id INTO walked_to FROM racing_drivers d
               WHERE d.cust_id > walked_to
               ORDER BY d.cust_id OFFSET walk_on - 1 LIMIT 1;
              walked := walked + walk_on;
            END IF;
          END LOOP;
          IF cardinality(fragment_ids) < limit_q * 2 AND walked_to IS NOT NULL THEN
            fragment_ids := fragment_ids || ARRAY(
              SELECT d.cust_id FROM racing_drivers d
               WHERE d.display_name ILIKE fragment_q AND d.cust_id > walked_to
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
