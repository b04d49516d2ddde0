import type { Knex } from 'knex';
import type { PartRebuild } from '../racing/part.ts';
import { REPLAY_STARTS_TABLE } from '../racing/rebuild-sql.ts';
import { createPaceKey, createPaceTables, PACE_BAND_WIDTH, PACE_TABLE } from './tables.ts';

/** The sums are aggregates of the final starts: one GROUP BY over the replayed starts. */
export function paceRebuild(): PartRebuild {
  return {
    createTables: (trx) => createPaceTables(trx, false),
    async finish(trx: Knex.Transaction) {
      await trx.raw(
        `INSERT INTO ${PACE_TABLE} (season_id, race_week_num, car_id, irating_band, entries, sum_best_lap,
                n_best_lap, sum_average_lap, n_average_lap)
         SELECT season_id, race_week_num, car_id, (old_irating / ${PACE_BAND_WIDTH}) * ${PACE_BAND_WIDTH},
                count(*), coalesce(sum(best_lap_time), 0), count(best_lap_time),
                coalesce(sum(average_lap), 0), count(average_lap)
           FROM ${REPLAY_STARTS_TABLE}
          WHERE old_irating IS NOT NULL
          GROUP BY 1, 2, 3, 4`,
      );
      await createPaceKey(trx);
    },
  };
}
