import type { Knex } from 'knex';
import { COUNTS_AS_START_SQL } from '../racing/rebuild-sql.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import { CAR_TIME_STEPS_TABLE } from './tables.ts';

const STEP_COLUMNS = `season_id, race_week_num, car_id, start_time, subsession_id, drivers, entries,
  best_lap_time, best_cust_id, best_display_name, best_subsession_id, best_set_at, sum_best_lap,
  n_best_lap, sum_average_lap, n_average_lap`;

/**
 * The rest of a WITH (`, steps AS …`) and the INSERT of CAR_TIME_STEPS_TABLE's rows from `starts`, a relation of starts with the columns
 * season_id, race_week_num, car_id, start_time, subsession_id, cust_id, display_name,
 * best_lap_time, average_lap holding every start of each (season, week, car) it covers: per
 * subsession (in start order) the week's car figures through it. Drivers count a driver at his
 * first start with a valid lap; the best lap is the lowest, then the earlier start, the lower
 * subsession id, the lower customer id (the order seasonCarTimesAt's cut week used).
 */
export function carTimeStepsInsert(starts: string): string {
  return `
    , steps AS MATERIALIZED (
      SELECT season_id, race_week_num, car_id, start_time, subsession_id,
             count(*) AS entries, count(*) FILTER (WHERE first_lap) AS new_drivers,
             coalesce(sum(best_lap_time), 0) AS sum_best_lap, count(best_lap_time) AS n_best_lap,
             coalesce(sum(average_lap), 0) AS sum_average_lap, count(average_lap) AS n_average_lap,
             min(ARRAY[best_lap_time::int8, (extract(epoch FROM start_time) * 1000)::int8,
                       subsession_id::int8, cust_id::int8])
               FILTER (WHERE best_lap_time IS NOT NULL) AS best,
             (array_agg(display_name ORDER BY best_lap_time, cust_id)
               FILTER (WHERE best_lap_time IS NOT NULL))[1] AS best_name
        FROM (
          SELECT st.*, st.best_lap_time IS NOT NULL AND row_number() OVER (
                   PARTITION BY st.season_id, st.race_week_num, st.car_id, st.cust_id
                   ORDER BY st.best_lap_time IS NULL, st.start_time, st.subsession_id) = 1
                   AS first_lap
            FROM ${starts} st) marked
       GROUP BY season_id, race_week_num, car_id, start_time, subsession_id)
    INSERT INTO ${CAR_TIME_STEPS_TABLE} (${STEP_COLUMNS})
    SELECT y.season_id, y.race_week_num, y.car_id, y.start_time, y.subsession_id,
           y.drivers, y.entries, y.best[1]::int, y.best[4]::int, b.best_name, y.best[3]::int,
           to_timestamp(y.best[2] / 1000.0), y.sum_best_lap, y.n_best_lap, y.sum_average_lap,
           y.n_average_lap
      FROM (
        SELECT x.season_id, x.race_week_num, x.car_id, x.start_time, x.subsession_id,
               (sum(x.new_drivers) OVER w)::int AS drivers, (sum(x.entries) OVER w)::int AS entries,
               min(x.best) OVER w AS best,
               (sum(x.sum_best_lap) OVER w)::int8 AS sum_best_lap,
               (sum(x.n_best_lap) OVER w)::int AS n_best_lap,
               (sum(x.sum_average_lap) OVER w)::int8 AS sum_average_lap,
               (sum(x.n_average_lap) OVER w)::int AS n_average_lap
          FROM steps x
        WINDOW w AS (PARTITION BY x.season_id, x.race_week_num, x.car_id
                     ORDER BY x.start_time, x.subsession_id)) y
      LEFT JOIN steps b ON b.season_id = y.season_id AND b.race_week_num = y.race_week_num
                       AND b.car_id = y.car_id AND b.subsession_id = y.best[3]`;
}

/**
 * The steps of the given (season, week, car) triples, recounted from racing_results (which holds
 * the batch already: the subsessions part writes first): every step of a triple is deleted and
 * written again, so additions and corrections are handled alike.
 */
export async function recountCarTimeSteps(
  trx: Knex.Transaction,
  weekCars: readonly (readonly [number, number, number])[],
): Promise<void> {
  if (weekCars.length === 0) return;
  const keys = [weekCars.map((k) => k[0]), weekCars.map((k) => k[1]), weekCars.map((k) => k[2])];
  const k = `unnest(?::int4[], ?::int2[], ?::int4[]) AS k(season_id, race_week_num, car_id)`;
  await trx.raw(
    `DELETE FROM ${CAR_TIME_STEPS_TABLE} t USING ${k}
      WHERE t.season_id = k.season_id AND t.race_week_num = k.race_week_num AND t.car_id = k.car_id`,
    keys,
  );
  await trx.raw(
    `WITH starts AS MATERIALIZED (
       SELECT s.season_id, s.race_week_num, r.car_id, s.start_time, r.subsession_id, r.cust_id,
              r.display_name, r.best_lap_time, r.average_lap
         FROM ${k}
         JOIN ${SUBSESSIONS_TABLE} s ON s.season_id = k.season_id AND s.race_week_num = k.race_week_num
         JOIN ${RESULTS_TABLE} r ON r.subsession_id = s.subsession_id AND r.car_id = k.car_id
        WHERE ${COUNTS_AS_START_SQL})
     ${carTimeStepsInsert('starts')}`,
    keys,
  );
}
