import type { Knex } from 'knex';
import { REPLAY_ORDER_TABLE, type PartRebuild } from '../racing/part.ts';
import { COUNTS_AS_START_SQL } from '../racing/rebuild-sql.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import {
  createSeasonLeaderboardIndexes,
  createSeasonLeaderboardTables,
  SEASON_DRIVER_STATS_TABLE,
} from './tables.ts';

/**
 * The counters are sums over the final starts, so one GROUP BY over the replayed result rows
 * gives what the deltas add up to; name and category come from the driver's latest start and the
 * country from the latest start that has one (log order), as ./apply.ts keeps them.
 */
export function seasonLeaderboardsRebuild(): PartRebuild {
  return {
    createTables: (trx) => createSeasonLeaderboardTables(trx, false),
    async finish(trx: Knex.Transaction) {
      await trx.raw(`
        INSERT INTO ${SEASON_DRIVER_STATS_TABLE} (season_id, cust_id, display_name, country_code, category,
               races, wins, poles, top_fives, laps, laps_led, incidents)
        SELECT s.season_id, r.cust_id,
               (array_agg(r.display_name ORDER BY o.ord DESC))[1],
               (array_agg(r.country_code ORDER BY o.ord DESC) FILTER (WHERE r.country_code IS NOT NULL))[1],
               (array_agg(s.category ORDER BY o.ord DESC))[1],
               count(*),
               count(*) FILTER (WHERE r.finish_position_in_class = 1),
               count(*) FILTER (WHERE r.starting_position_in_class = 1),
               count(*) FILTER (WHERE r.finish_position_in_class <= 5),
               sum(r.laps_complete), sum(r.laps_led), sum(r.incidents)
          FROM ${RESULTS_TABLE} r
          JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
          JOIN pg_temp.${REPLAY_ORDER_TABLE} o ON o.subsession_id = r.subsession_id
         WHERE ${COUNTS_AS_START_SQL}
         GROUP BY s.season_id, r.cust_id`);
      await createSeasonLeaderboardIndexes(trx);
    },
  };
}
