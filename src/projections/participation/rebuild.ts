import type { Knex } from 'knex';
import type { PartRebuild } from '../racing/part.ts';
import { SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import { createParticipationTables, PARTICIPATION_TABLE } from './tables.ts';

/** Every (season, week, slot) at once, by the same aggregate ./apply.ts recomputes per key. */
export function participationRebuild(): PartRebuild {
  return {
    createTables: (trx) => createParticipationTables(trx),
    async finish(trx: Knex.Transaction) {
      await trx.raw(
        `INSERT INTO ${PARTICIPATION_TABLE} (season_id, race_week_num, time_slot, sessions, subsessions, drivers, sof_sum, sof_count, max_sof)
         SELECT s.season_id, s.race_week_num, s.time_slot, count(DISTINCT s.session_id), count(*), sum(s.num_drivers),
                coalesce(sum(s.event_sof), 0), count(s.event_sof), max(s.event_sof)
           FROM ${SUBSESSIONS_TABLE} s
          WHERE s.event_type = 'race'
          GROUP BY s.season_id, s.race_week_num, s.time_slot`,
      );
    },
  };
}
