import type { Knex } from 'knex';
import type { PartRebuild } from '../racing/part.ts';
import { REPLAY_STARTS_TABLE } from '../racing/rebuild-sql.ts';
import { SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import {
  createParticipationTables,
  createWeekDriversKey,
  PARTICIPATION_TABLE,
  PARTICIPATION_WEEKS_TABLE,
  WEEK_DRIVERS_TABLE,
} from './tables.ts';

/**
 * Every (season, week, slot) at once, by the same aggregates ./apply.ts recomputes per key; the
 * week sets as one GROUP BY over the replayed starts; each week's row as the sums of its slot
 * rows with the size of its set.
 */
export function participationRebuild(): PartRebuild {
  return {
    createTables: (trx) => createParticipationTables(trx, false),
    async finish(trx: Knex.Transaction) {
      const st = REPLAY_STARTS_TABLE;
      await trx.raw(
        `INSERT INTO ${PARTICIPATION_TABLE} (season_id, race_week_num, time_slot, sessions, subsessions, drivers,
                unique_drivers, sof_sum, sof_count, max_sof)
         SELECT a.season_id, a.race_week_num, a.time_slot, a.sessions, a.subsessions, a.drivers,
                coalesce(u.unique_drivers, 0), a.sof_sum, a.sof_count, a.max_sof
           FROM (SELECT s.season_id, s.race_week_num, s.time_slot, count(DISTINCT s.session_id) AS sessions,
                        count(*) AS subsessions, sum(s.num_drivers) AS drivers,
                        coalesce(sum(s.event_sof), 0) AS sof_sum, count(s.event_sof) AS sof_count,
                        max(s.event_sof) AS max_sof
                   FROM ${SUBSESSIONS_TABLE} s
                  WHERE s.event_type = 'race'
                  GROUP BY s.season_id, s.race_week_num, s.time_slot) a
           LEFT JOIN (SELECT season_id, race_week_num, time_slot, count(DISTINCT cust_id) AS unique_drivers
                        FROM ${st} GROUP BY season_id, race_week_num, time_slot) u
                  USING (season_id, race_week_num, time_slot)`,
      );
      await trx.raw(
        `INSERT INTO ${WEEK_DRIVERS_TABLE} (season_id, race_week_num, cust_id, starts)
         SELECT season_id, race_week_num, cust_id, count(*) FROM ${st}
          GROUP BY season_id, race_week_num, cust_id`,
      );
      await createWeekDriversKey(trx);
      await trx.raw(
        `INSERT INTO ${PARTICIPATION_WEEKS_TABLE} (season_id, race_week_num, sessions, subsessions,
                drivers, unique_drivers, sof_sum, sof_count, max_sof)
         SELECT a.season_id, a.race_week_num, a.sessions, a.subsessions, a.drivers,
                coalesce(u.unique_drivers, 0), a.sof_sum, a.sof_count, a.max_sof
           FROM (SELECT season_id, race_week_num, sum(sessions)::int AS sessions,
                        sum(subsessions)::int AS subsessions, sum(drivers)::int AS drivers,
                        sum(sof_sum)::bigint AS sof_sum, sum(sof_count)::int AS sof_count,
                        max(max_sof) AS max_sof
                   FROM ${PARTICIPATION_TABLE} GROUP BY season_id, race_week_num) a
           LEFT JOIN (SELECT season_id, race_week_num, count(*) AS unique_drivers
                        FROM ${WEEK_DRIVERS_TABLE} GROUP BY season_id, race_week_num) u
                  USING (season_id, race_week_num)`,
      );
    },
  };
}
