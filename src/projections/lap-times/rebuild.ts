import type { Knex } from 'knex';
import { carTimeStepsInsert } from './steps.ts';
import { REPLAY_ORDER_TABLE, type PartRebuild } from '../racing/part.ts';
import { REPLAY_STARTS_TABLE } from '../racing/rebuild-sql.ts';
import { SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import {
  CAR_TIMES_TABLE,
  createLapTimeIndexes,
  createLapTimeTables,
  FASTEST_LAPS_TABLE,
  WORLD_RECORDS_TABLE,
} from './tables.ts';

const o = REPLAY_ORDER_TABLE;
const FASTEST_LAPS_KEY = `${FASTEST_LAPS_TABLE}_pkey`;

/**
 * Set-based, from the final result rows, in the order ./apply.ts keeps laps: faster, then the
 * earlier start, then the lap seen first in the log. Fastest laps are each driver's best start per
 * (season, week, car); a car's best lap and the world records are the best of those; counts and
 * sums are aggregates of the starts. Names and places of a (season, week, car) come from its
 * latest start.
 */
export function lapTimesRebuild(): PartRebuild {
  return {
    async createTables(trx) {
      await createLapTimeTables(trx, false);
      // Fastest laps' key is built after the fill (cheaper than keeping it up to date).
      await trx.raw(`ALTER TABLE ${FASTEST_LAPS_TABLE} DROP CONSTRAINT ${FASTEST_LAPS_KEY}`);
    },
    async finish(trx: Knex.Transaction) {
      const st = REPLAY_STARTS_TABLE;
      await trx.raw(`
        INSERT INTO ${FASTEST_LAPS_TABLE} (season_id, race_week_num, car_id, cust_id, track_id, display_name,
               country_code, car_name, best_lap_time, subsession_id, set_at)
        SELECT DISTINCT ON (season_id, race_week_num, car_id, cust_id)
               season_id, race_week_num, car_id, cust_id, track_id, display_name, country_code, car_name,
               best_lap_time, subsession_id, start_time
          FROM ${st}
         WHERE best_lap_time IS NOT NULL
         ORDER BY season_id, race_week_num, car_id, cust_id, best_lap_time, start_time, ord`);
      // The same key as createLapTimeTables declares (and the same name).
      await trx.raw(
        `ALTER TABLE ${FASTEST_LAPS_TABLE} ADD CONSTRAINT ${FASTEST_LAPS_KEY} PRIMARY KEY (season_id, race_week_num, car_id, cust_id)`,
      );

      await trx.raw(`
        WITH sums AS (
          SELECT season_id, race_week_num, car_id, count(*) AS entries,
                 coalesce(sum(best_lap_time), 0) AS sum_best_lap, count(best_lap_time) AS n_best_lap,
                 coalesce(sum(average_lap), 0) AS sum_average_lap, count(average_lap) AS n_average_lap
            FROM ${st} GROUP BY season_id, race_week_num, car_id),
        latest AS (
          SELECT DISTINCT ON (season_id, race_week_num, car_id)
                 season_id, race_week_num, car_id, car_name, track_id, track_name, config_name, category
            FROM ${st} ORDER BY season_id, race_week_num, car_id, ord DESC),
        best AS (
          SELECT DISTINCT ON (f.season_id, f.race_week_num, f.car_id)
                 f.season_id, f.race_week_num, f.car_id, f.best_lap_time, f.cust_id, f.display_name,
                 f.subsession_id, f.set_at, count(*) OVER w AS drivers
            FROM ${FASTEST_LAPS_TABLE} f
            JOIN ${o} o ON o.subsession_id = f.subsession_id
          WINDOW w AS (PARTITION BY f.season_id, f.race_week_num, f.car_id)
           ORDER BY f.season_id, f.race_week_num, f.car_id, f.best_lap_time, f.set_at, o.ord, f.cust_id)
        INSERT INTO ${CAR_TIMES_TABLE} (season_id, race_week_num, car_id, car_name, track_id, track_name,
               config_name, category, drivers, entries, best_lap_time, best_cust_id, best_display_name,
               best_subsession_id, best_set_at, sum_best_lap, n_best_lap, sum_average_lap, n_average_lap)
        SELECT l.season_id, l.race_week_num, l.car_id, l.car_name, l.track_id, l.track_name, l.config_name,
               l.category, coalesce(b.drivers, 0), x.entries, b.best_lap_time, b.cust_id, b.display_name,
               b.subsession_id, b.set_at, x.sum_best_lap, x.n_best_lap, x.sum_average_lap, x.n_average_lap
          FROM latest l
          JOIN sums x USING (season_id, race_week_num, car_id)
          LEFT JOIN best b USING (season_id, race_week_num, car_id)`);

      await trx.raw(`
        INSERT INTO ${WORLD_RECORDS_TABLE} (track_id, car_id, track_name, config_name, car_name, category,
               best_lap_time, cust_id, display_name, subsession_id, season_id, set_at)
        SELECT DISTINCT ON (f.track_id, f.car_id) f.track_id, f.car_id, s.track_name, s.config_name,
               f.car_name, s.category, f.best_lap_time, f.cust_id, f.display_name, f.subsession_id,
               f.season_id, f.set_at
          FROM ${FASTEST_LAPS_TABLE} f
          JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = f.subsession_id
          JOIN ${o} o ON o.subsession_id = f.subsession_id
         ORDER BY f.track_id, f.car_id, f.best_lap_time, f.set_at, o.ord, f.cust_id`);

      // Per subsession and car, the week's car figures through it, in start order.
      await trx.raw(`
        WITH starts AS (
          SELECT season_id, race_week_num, car_id, start_time, subsession_id, cust_id, display_name,
                 best_lap_time, average_lap FROM ${st})
        ${carTimeStepsInsert('starts')}`);
      await createLapTimeIndexes(trx);
    },
  };
}
