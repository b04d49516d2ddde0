import type { Knex } from 'knex';
import type { PartRebuild } from '../racing/part.ts';
import { ensureReplayStarts, REPLAY_STARTS_TABLE } from '../racing/rebuild-sql.ts';
import {
  createSeasonLeaderboardIndexes,
  createSeasonLeaderboardTables,
  SEASON_DRIVER_STATS_TABLE,
} from './tables.ts';

/**
 * The counters are sums over the final starts, so one GROUP BY over the replayed starts gives
 * what the deltas add up to; name and category come from the driver's latest start of the season
 * and the country from the latest start that has one (log order), as ./apply.ts keeps them.
 */
export function seasonLeaderboardsRebuild(): PartRebuild {
  return {
    createTables: (trx) => createSeasonLeaderboardTables(trx, false),
    async finish(trx: Knex.Transaction) {
      await ensureReplayStarts(trx);
      const st = `pg_temp.${REPLAY_STARTS_TABLE}`;
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
      await createSeasonLeaderboardIndexes(trx);
    },
  };
}
