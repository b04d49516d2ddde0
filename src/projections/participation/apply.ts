import type { Knex } from 'knex';
import type { PartContext } from '../racing/part.ts';
import { SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import { PARTICIPATION_TABLE } from './tables.ts';

/**
 * Recomputes every (season, week, slot) the batch touches — before and after a correction —
 * from racing_subsessions (already written by the subsessions part), through its
 * (season_id, race_week_num, time_slot) index. A slot holds a few hundred splits at most, so the
 * recompute is cheap, and it keeps distinct-session counts and maxima exact without bookkeeping.
 */
export async function applyParticipation(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const keys = new Map<string, [number, number, string]>();
  for (const c of [...ctx.previous, ...ctx.current]) {
    keys.set(`${c.seasonId}:${c.raceWeekNum}:${c.timeSlot}`, [
      c.seasonId,
      c.raceWeekNum,
      c.timeSlot,
    ]);
  }
  if (keys.size === 0) return;
  const k = [...keys.values()];
  const bindings = [k.map((x) => x[0]), k.map((x) => x[1]), k.map((x) => x[2])];
  const t = PARTICIPATION_TABLE;
  await trx.raw(
    `DELETE FROM ${t} p USING unnest(?::int4[], ?::int2[], ?::text[]) AS k(season_id, race_week_num, time_slot)
      WHERE p.season_id = k.season_id AND p.race_week_num = k.race_week_num AND p.time_slot = k.time_slot`,
    bindings,
  );
  await trx.raw(
    `INSERT INTO ${t} (season_id, race_week_num, time_slot, sessions, subsessions, drivers, sof_sum, sof_count, max_sof)
     SELECT s.season_id, s.race_week_num, s.time_slot, count(DISTINCT s.session_id), count(*), sum(s.num_drivers),
            coalesce(sum(s.event_sof), 0), count(s.event_sof), max(s.event_sof)
       FROM unnest(?::int4[], ?::int2[], ?::text[]) AS k(season_id, race_week_num, time_slot)
       JOIN ${SUBSESSIONS_TABLE} s ON s.season_id = k.season_id AND s.race_week_num = k.race_week_num
                                  AND s.time_slot = k.time_slot AND s.event_type = 'race'
      GROUP BY s.season_id, s.race_week_num, s.time_slot`,
    bindings,
  );
}
