import type { Knex } from 'knex';
import { bind, col, rowsSource, transpose, type Column } from '../racing/bulk.ts';
import { countsAsStart } from '../racing/contributions.ts';
import type { PartContext } from '../racing/part.ts';
import { COUNTS_AS_START_SQL } from '../racing/rebuild-sql.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import { PARTICIPATION_TABLE, PARTICIPATION_WEEKS_TABLE, WEEK_DRIVERS_TABLE } from './tables.ts';

/**
 * Slots: every (season, week, slot) the batch touches — before and after a correction — is
 * recomputed from racing_subsessions and racing_results (both already written by the
 * subsessions part), through the (season_id, race_week_num, time_slot) index and the results'
 * key. A slot holds a few hundred splits at most, so the recompute is cheap, and it keeps
 * distinct counts and maxima exact without bookkeeping.
 *
 * Weeks: a week holds thousands of splits, too many to re-read per batch, so the drivers of a
 * week are kept as a set with their number of starts, moved by deltas (+ the batch, − what
 * corrected subsessions contributed before); the week's distinct-driver count moves by the
 * drivers that entered and left the set. The week's other figures are the sums of its slot rows
 * (a few dozen at most), recomputed for every week the batch touches once its slots are.
 */
export async function applyParticipation(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  await recomputeSlots(trx, ctx);
  const uniqueMoves = await applyWeekDrivers(trx, ctx);
  await recomputeWeeks(trx, ctx, uniqueMoves);
}

async function recomputeSlots(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const keys = new Map<string, [number, number, string]>();
  for (const c of [...ctx.previous, ...ctx.current]) {
    keys.set(`${c.seasonId}:${c.raceWeekNum}:${c.timeSlot}`, [
      c.seasonId,
      c.raceWeekNum,
      c.timeSlot,
    ]);
  }
  if (keys.size === 0) return;
  const bindings = bind(transpose([...keys.values()], 3));
  const t = PARTICIPATION_TABLE;
  await trx.raw(
    `DELETE FROM ${t} p USING unnest(?::int4[], ?::int2[], ?::text[]) AS k(season_id, race_week_num, time_slot)
      WHERE p.season_id = k.season_id AND p.race_week_num = k.race_week_num AND p.time_slot = k.time_slot`,
    bindings,
  );
  await trx.raw(
    `INSERT INTO ${t} (season_id, race_week_num, time_slot, sessions, subsessions, drivers, unique_drivers,
                       sof_sum, sof_count, max_sof)
     SELECT k.season_id, k.race_week_num, k.time_slot, a.sessions, a.subsessions, a.drivers, u.unique_drivers,
            a.sof_sum, a.sof_count, a.max_sof
       FROM unnest(?::int4[], ?::int2[], ?::text[]) AS k(season_id, race_week_num, time_slot)
       CROSS JOIN LATERAL (
         SELECT count(DISTINCT s.session_id) AS sessions, count(*) AS subsessions, sum(s.num_drivers) AS drivers,
                coalesce(sum(s.event_sof), 0) AS sof_sum, count(s.event_sof) AS sof_count, max(s.event_sof) AS max_sof
           FROM ${SUBSESSIONS_TABLE} s
          WHERE s.season_id = k.season_id AND s.race_week_num = k.race_week_num
            AND s.time_slot = k.time_slot AND s.event_type = 'race') a
       CROSS JOIN LATERAL (
         SELECT count(DISTINCT r.cust_id) AS unique_drivers
           FROM ${SUBSESSIONS_TABLE} s
           JOIN ${RESULTS_TABLE} r ON r.subsession_id = s.subsession_id
          WHERE s.season_id = k.season_id AND s.race_week_num = k.race_week_num
            AND s.time_slot = k.time_slot AND ${COUNTS_AS_START_SQL}) u
      WHERE a.subsessions > 0`,
    bindings,
  );
}

interface StartsDelta {
  seasonId: number;
  raceWeekNum: number;
  custId: number;
  starts: number;
}

/** Per (season, week, driver) the change in starts; keys whose starts do not change are left out. */
export function weekStartDeltas(ctx: PartContext): StartsDelta[] {
  const byKey = new Map<string, StartsDelta>();
  const add = (c: PartContext['current'][number], sign: 1 | -1) => {
    for (const e of c.entries) {
      if (!countsAsStart(c, e)) continue;
      const key = `${c.seasonId}:${c.raceWeekNum}:${e.custId}`;
      let d = byKey.get(key);
      if (!d) {
        d = { seasonId: c.seasonId, raceWeekNum: c.raceWeekNum, custId: e.custId, starts: 0 };
        byKey.set(key, d);
      }
      d.starts += sign;
    }
  };
  for (const p of ctx.previous) add(p, -1);
  for (const c of ctx.current) add(c, 1);
  return [...byKey.values()].filter((d) => d.starts !== 0);
}

const startsColumns: Column<StartsDelta>[] = [
  col('season_id', 'int4', (d) => d.seasonId),
  col('race_week_num', 'int2', (d) => d.raceWeekNum),
  col('cust_id', 'int4', (d) => d.custId),
  col('starts', 'int4', (d) => d.starts),
];

/**
 * Moves the week sets by the batch's start deltas; answers, per `season:week` key, how many
 * drivers entered the week's set less how many left it (weeks without a change left out).
 */
async function applyWeekDrivers(
  trx: Knex.Transaction,
  ctx: PartContext,
): Promise<Map<string, number>> {
  const change = new Map<string, number>();
  const deltas = weekStartDeltas(ctx);
  if (deltas.length === 0) return change;
  const wd = WEEK_DRIVERS_TABLE;
  const { sql: source, bindings } = rowsSource(startsColumns, deltas);
  // Drivers new to their week (inserted) count +1; rows left without a start are deleted and
  // count −1. Both statements report per week, and the week rows move by the difference.
  const { rows: entered } = await trx.raw<{ rows: WeekCount[] }>(
    `WITH up AS (
       INSERT INTO ${wd} (season_id, race_week_num, cust_id, starts)
       SELECT season_id, race_week_num, cust_id, starts FROM ${source}
       ON CONFLICT (season_id, race_week_num, cust_id) DO UPDATE SET starts = ${wd}.starts + excluded.starts
       RETURNING season_id, race_week_num, (xmax = 0) AS inserted)
     SELECT season_id, race_week_num, count(*) FILTER (WHERE inserted)::int AS n
       FROM up GROUP BY season_id, race_week_num`,
    bindings,
  );
  const shrunk = deltas.filter((d) => d.starts < 0);
  let left: WeekCount[] = [];
  if (shrunk.length > 0) {
    const { rows } = await trx.raw<{ rows: WeekCount[] }>(
      `WITH gone AS (
         DELETE FROM ${wd} w USING unnest(?::int4[], ?::int2[], ?::int4[]) AS k(season_id, race_week_num, cust_id)
          WHERE w.season_id = k.season_id AND w.race_week_num = k.race_week_num AND w.cust_id = k.cust_id
            AND w.starts <= 0
         RETURNING w.season_id, w.race_week_num)
       SELECT season_id, race_week_num, count(*)::int AS n FROM gone GROUP BY season_id, race_week_num`,
      bind(
        transpose(
          shrunk.map((d) => [d.seasonId, d.raceWeekNum, d.custId]),
          3,
        ),
      ),
    );
    left = rows;
  }
  const move = (rows: WeekCount[], sign: 1 | -1) => {
    for (const r of rows) {
      const key = `${r.season_id}:${r.race_week_num}`;
      change.set(key, (change.get(key) ?? 0) + sign * r.n);
    }
  };
  move(entered, 1);
  move(left, -1);
  return change;
}

/**
 * Rewrites the week row of every (season, week) the batch touches: the sums of its slot rows as
 * they are now, the distinct-driver count moved by `uniqueMoves` (from applyWeekDrivers). A week
 * left without slot rows loses its row.
 */
async function recomputeWeeks(
  trx: Knex.Transaction,
  ctx: PartContext,
  uniqueMoves: ReadonlyMap<string, number>,
): Promise<void> {
  const weeks = new Map<string, [number, number, number]>();
  for (const c of [...ctx.previous, ...ctx.current]) {
    const key = `${c.seasonId}:${c.raceWeekNum}`;
    weeks.set(key, [c.seasonId, c.raceWeekNum, uniqueMoves.get(key) ?? 0]);
  }
  if (weeks.size === 0) return;
  const pw = PARTICIPATION_WEEKS_TABLE;
  const p = PARTICIPATION_TABLE;
  // The deleted weeks (no slot row) and the written ones (some) are disjoint, so the two
  // changes of one statement never meet on a row.
  await trx.raw(
    `WITH k AS (SELECT * FROM unnest(?::int4[], ?::int2[], ?::int4[]) AS k(season_id, race_week_num, moved)),
     gone AS (
       DELETE FROM ${pw} w USING k
        WHERE w.season_id = k.season_id AND w.race_week_num = k.race_week_num
          AND NOT EXISTS (SELECT 1 FROM ${p} s
                           WHERE s.season_id = k.season_id AND s.race_week_num = k.race_week_num))
     INSERT INTO ${pw} (season_id, race_week_num, sessions, subsessions, drivers, unique_drivers,
                        sof_sum, sof_count, max_sof)
     SELECT k.season_id, k.race_week_num, a.sessions, a.subsessions, a.drivers, k.moved,
            a.sof_sum, a.sof_count, a.max_sof
       FROM k CROSS JOIN LATERAL (
         SELECT sum(s.sessions)::int AS sessions, sum(s.subsessions)::int AS subsessions,
                sum(s.drivers)::int AS drivers, sum(s.sof_sum)::bigint AS sof_sum,
                sum(s.sof_count)::int AS sof_count, max(s.max_sof) AS max_sof
           FROM ${p} s WHERE s.season_id = k.season_id AND s.race_week_num = k.race_week_num) a
      WHERE a.subsessions IS NOT NULL
     ON CONFLICT (season_id, race_week_num) DO UPDATE
        SET sessions = excluded.sessions, subsessions = excluded.subsessions,
            drivers = excluded.drivers, unique_drivers = ${pw}.unique_drivers + excluded.unique_drivers,
            sof_sum = excluded.sof_sum, sof_count = excluded.sof_count, max_sof = excluded.max_sof`,
    bind(transpose([...weeks.values()], 3)),
  );
}

interface WeekCount {
  season_id: number;
  race_week_num: number;
  n: number;
}
