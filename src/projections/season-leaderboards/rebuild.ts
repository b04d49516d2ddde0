import type { Knex } from 'knex';
import type { PartRebuild } from '../racing/part.ts';
import { REPLAY_STARTS_TABLE } from '../racing/rebuild-sql.ts';
import {
  createSeasonLeaderboardIndexes,
  createSeasonLeaderboardTables,
  createSeasonStandingsIndexes,
  createSeasonStartStandingsIndexes,
  SEASON_COUNTERS,
  SEASON_DRIVER_COUNTS_TABLE,
  SEASON_DRIVER_STATS_TABLE,
  SEASON_STANDINGS_TABLE,
  SEASON_START_STANDINGS_TABLE,
  SEASON_WEEK_DRIVER_STATS_TABLE,
} from './tables.ts';

const STATS_KEY = `${SEASON_DRIVER_STATS_TABLE}_pkey`;
const WEEK_STATS_KEY = `${SEASON_WEEK_DRIVER_STATS_TABLE}_pkey`;
const STANDINGS_KEY = `${SEASON_STANDINGS_TABLE}_pkey`;
const START_STANDINGS_KEY = `${SEASON_START_STANDINGS_TABLE}_pkey`;

/**
 * The counters are sums over the final starts, so one GROUP BY over the replayed starts gives
 * what the deltas add up to; name and category come from the driver's latest start of the season
 * and the country from the latest start that has one (log order), as ./apply.ts keeps them.
 * The weekly rows are the same sums grouped by week as well, and the standings their running
 * sums per driver over every week from his first to the season's last raced week; the standings
 * per start the running sums of each driver's starts; a season's number of drivers counts its
 * rows.
 */
export function seasonLeaderboardsRebuild(): PartRebuild {
  return {
    async createTables(trx) {
      await createSeasonLeaderboardTables(trx, false);
      // The key too is built after the fill: the rows come in another order than the key's.
      await trx.raw(`ALTER TABLE ${SEASON_DRIVER_STATS_TABLE} DROP CONSTRAINT ${STATS_KEY}`);
      await trx.raw(
        `ALTER TABLE ${SEASON_WEEK_DRIVER_STATS_TABLE} DROP CONSTRAINT ${WEEK_STATS_KEY}`,
      );
      await trx.raw(`ALTER TABLE ${SEASON_STANDINGS_TABLE} DROP CONSTRAINT ${STANDINGS_KEY}`);
      await trx.raw(
        `ALTER TABLE ${SEASON_START_STANDINGS_TABLE} DROP CONSTRAINT ${START_STANDINGS_KEY}`,
      );
    },
    async finish(trx: Knex.Transaction) {
      const st = REPLAY_STARTS_TABLE;
      // One sort by driver and season, newest start first; every aggregate spans the whole
      // partition, so DISTINCT ON keeps one row with the newest start's name and category and
      // the newest country any start of the partition states.
      await trx.raw(`
        INSERT INTO ${SEASON_DRIVER_STATS_TABLE} (season_id, cust_id, display_name, country_code, category,
               races, wins, poles, top_fives, laps, laps_led, incidents)
        SELECT DISTINCT ON (season_id, cust_id) season_id, cust_id, display_name,
               (array_agg(country_code) FILTER (WHERE country_code IS NOT NULL) OVER w)[1],
               category,
               count(*) OVER w,
               count(*) FILTER (WHERE finish_position_in_class = 1) OVER w,
               count(*) FILTER (WHERE starting_position_in_class = 1) OVER w,
               count(*) FILTER (WHERE finish_position_in_class <= 5) OVER w,
               sum(laps_complete) OVER w, sum(laps_led) OVER w, sum(incidents) OVER w
          FROM ${st}
        WINDOW w AS (PARTITION BY season_id, cust_id ORDER BY ord DESC
                     ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
         ORDER BY season_id, cust_id, ord DESC`);
      // The same key as createSeasonLeaderboardTables declares (and the same name).
      await trx.raw(
        `ALTER TABLE ${SEASON_DRIVER_STATS_TABLE} ADD CONSTRAINT ${STATS_KEY} PRIMARY KEY (cust_id, season_id)`,
      );
      await createSeasonLeaderboardIndexes(trx);
      await trx.raw(`
        INSERT INTO ${SEASON_DRIVER_COUNTS_TABLE} (season_id, drivers)
        SELECT season_id, count(*) FROM ${SEASON_DRIVER_STATS_TABLE} GROUP BY season_id`);
      await trx.raw(`
        INSERT INTO ${SEASON_WEEK_DRIVER_STATS_TABLE} (season_id, race_week_num, cust_id,
               races, wins, poles, top_fives, laps, laps_led, incidents)
        SELECT season_id, race_week_num, cust_id, count(*),
               count(*) FILTER (WHERE finish_position_in_class = 1),
               count(*) FILTER (WHERE starting_position_in_class = 1),
               count(*) FILTER (WHERE finish_position_in_class <= 5),
               sum(laps_complete), sum(laps_led), sum(incidents)
          FROM ${st}
         GROUP BY season_id, race_week_num, cust_id`);
      await trx.raw(
        `ALTER TABLE ${SEASON_WEEK_DRIVER_STATS_TABLE} ADD CONSTRAINT ${WEEK_STATS_KEY}
           PRIMARY KEY (season_id, race_week_num, cust_id)`,
      );
      const w = SEASON_WEEK_DRIVER_STATS_TABLE;
      await trx.raw(`
        INSERT INTO ${SEASON_STANDINGS_TABLE} (season_id, cust_id, race_week_num, ${SEASON_COUNTERS.join(', ')})
        SELECT f.season_id, f.cust_id, g.week,
               ${SEASON_COUNTERS.map((c) => `sum(coalesce(w.${c}, 0)) OVER k`).join(', ')}
          FROM (SELECT season_id, cust_id, min(race_week_num) AS first FROM ${w}
                 GROUP BY season_id, cust_id) f
          JOIN (SELECT season_id, max(race_week_num) AS last FROM ${w} GROUP BY season_id) l
            ON l.season_id = f.season_id
         CROSS JOIN LATERAL generate_series(f.first::int, l.last::int) AS g(week)
          LEFT JOIN ${w} w ON w.season_id = f.season_id AND w.race_week_num = g.week
                          AND w.cust_id = f.cust_id
        WINDOW k AS (PARTITION BY f.season_id, f.cust_id ORDER BY g.week)`);
      await trx.raw(
        `ALTER TABLE ${SEASON_STANDINGS_TABLE} ADD CONSTRAINT ${STANDINGS_KEY}
           PRIMARY KEY (season_id, cust_id, race_week_num)`,
      );
      await createSeasonStandingsIndexes(trx);
      // Per start: the running sums of each driver's starts of the season, in start order.
      await trx.raw(`
        INSERT INTO ${SEASON_START_STANDINGS_TABLE} (season_id, cust_id, start_time, subsession_id,
               race_week_num, ${SEASON_COUNTERS.join(', ')})
        SELECT season_id, cust_id, start_time, subsession_id, race_week_num,
               ${SEASON_COUNTERS.map((c) => `sum(${c}) OVER k`).join(', ')}
          FROM (SELECT season_id, cust_id, start_time, subsession_id, race_week_num,
                       count(*) AS races,
                       count(*) FILTER (WHERE finish_position_in_class = 1) AS wins,
                       count(*) FILTER (WHERE starting_position_in_class = 1) AS poles,
                       count(*) FILTER (WHERE finish_position_in_class <= 5) AS top_fives,
                       sum(laps_complete) AS laps, sum(laps_led) AS laps_led,
                       sum(incidents) AS incidents
                  FROM ${st}
                 GROUP BY season_id, cust_id, start_time, subsession_id, race_week_num) x
        WINDOW k AS (PARTITION BY season_id, cust_id ORDER BY start_time, subsession_id)`);
      await trx.raw(
        `ALTER TABLE ${SEASON_START_STANDINGS_TABLE} ADD CONSTRAINT ${START_STANDINGS_KEY}
           PRIMARY KEY (season_id, cust_id, start_time, subsession_id)`,
      );
      await createSeasonStartStandingsIndexes(trx);
    },
  };
}
