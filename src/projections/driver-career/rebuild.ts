import type { Knex } from 'knex';
import type { PartRebuild } from '../racing/part.ts';
import { REPLAY_STARTS_TABLE } from '../racing/rebuild-sql.ts';
import {
  CAREER_COUNTERS,
  createDriverCareerKeys,
  createDriverCareerTables,
  DRIVER_TOTALS_TABLE,
  DRIVER_USAGE_TABLE,
  DRIVER_YEARS_TABLE,
} from './tables.ts';

/** The counters as aggregates over replayed starts (in CAREER_COUNTERS order). */
const AGGREGATES = `count(*), count(*) FILTER (WHERE finish_position_in_class = 1),
  count(*) FILTER (WHERE starting_position_in_class = 1),
  count(*) FILTER (WHERE finish_position_in_class <= 5),
  sum(laps_complete), sum(laps_led), sum(incidents), sum(finish_position_in_class),
  coalesce(sum(starting_position_in_class), 0), count(starting_position_in_class)`;

/**
 * Every counter is a sum over the final starts, so one GROUP BY per table over the replayed
 * starts gives what the deltas add up to; a usage row's name, detail and category come from its
 * latest start in log order, as ./apply.ts keeps them.
 */
export function driverCareerRebuild(): PartRebuild {
  const counters = CAREER_COUNTERS.join(', ');
  return {
    createTables: (trx) => createDriverCareerTables(trx, false),
    async finish(trx: Knex.Transaction) {
      const st = REPLAY_STARTS_TABLE;
      await trx.raw(`
        INSERT INTO ${DRIVER_YEARS_TABLE} (cust_id, category, season_year, ${counters})
        SELECT cust_id, category, season_year, ${AGGREGATES} FROM ${st} GROUP BY 1, 2, 3`);
      await trx.raw(`
        INSERT INTO ${DRIVER_TOTALS_TABLE} (cust_id, category, ${counters})
        SELECT cust_id, category, ${AGGREGATES} FROM ${st} GROUP BY 1, 2`);
      const usage = (kind: string, ref: string, name: string, detail: string) => `
        INSERT INTO ${DRIVER_USAGE_TABLE} (cust_id, kind, ref_id, name, detail, category, ${counters})
        SELECT cust_id, '${kind}', ${ref},
               (array_agg(${name} ORDER BY ord DESC))[1], (array_agg(${detail} ORDER BY ord DESC))[1],
               (array_agg(category ORDER BY ord DESC))[1], ${AGGREGATES}
          FROM ${st} GROUP BY cust_id, ${ref}`;
      await trx.raw(usage('series', 'series_id', 'series_name', 'NULL::text'));
      await trx.raw(usage('car', 'car_id', 'car_name', 'NULL::text'));
      await trx.raw(usage('track', 'track_id', 'track_name', 'config_name'));
      await createDriverCareerKeys(trx);
    },
  };
}
