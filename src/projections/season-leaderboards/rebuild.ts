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
      // One hash aggregate for the counters and the positions (ord) of the rows that name the
      // driver; then those rows by key. A driver starts at most once per subsession, so
      // (season, driver, ord) is one row.
      await trx.raw(`
        WITH c AS (
          SELECT season_id, cust_id, count(*) AS races,
                 count(*) FILTER (WHERE finish_position_in_class = 1) AS wins,
                 count(*) FILTER (WHERE starting_position_in_class = 1) AS poles,
                 count(*) FILTER (WHERE finish_position_in_class <= 5) AS top_fives,
                 sum(laps_complete) AS laps, sum(laps_led) AS laps_led, sum(incidents) AS incidents,
                 max(ord) AS latest, max(ord) FILTER (WHERE country_code IS NOT NULL) AS latest_country
            FROM ${st} GROUP BY season_id, cust_id)
        INSERT INTO ${SEASON_DRIVER_STATS_TABLE} (season_id, cust_id, display_name, country_code, category,
               races, wins, poles, top_fives, laps, laps_led, incidents)
        SELECT c.season_id, c.cust_id, l.display_name, k.country_code, l.category,
               c.races, c.wins, c.poles, c.top_fives, c.laps, c.laps_led, c.incidents
          FROM c
          JOIN ${st} l ON l.season_id = c.season_id AND l.cust_id = c.cust_id AND l.ord = c.latest
          LEFT JOIN ${st} k ON k.season_id = c.season_id AND k.cust_id = c.cust_id AND k.ord = c.latest_country`);
      await createSeasonLeaderboardIndexes(trx);
    },
  };
}
