import type { Knex } from 'knex';
import { statement, type Statement } from '../../db/batch.ts';
import { preparedRows } from '../../db/prepared.ts';
import {
  CAR_TIME_STEPS_TABLE,
  CAR_TIMES_TABLE,
  FASTEST_LAPS_TABLE,
} from '../../projections/lap-times/tables.ts';
import { COUNTS_AS_START_SQL } from '../../projections/racing/rebuild-sql.ts';
import {
  SEASON_COUNTERS,
  SEASON_DRIVER_STATS_TABLE,
  SEASON_STANDINGS_TABLE,
  SEASON_START_STANDINGS_TABLE,
  SEASON_WEEK_DRIVER_STATS_TABLE,
  START_COUNTERS_SQL,
} from '../../projections/season-leaderboards/tables.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';

/**
 * A season as it stood at an instant (race time: the races that started before it). The season's
 * weeks follow each other in time, so at instant T every week before the week of the last race
 * started before T (the cut week) is complete and every week after it has not begun: the weekly
 * read models (racing_season_week_driver_stats, racing_fastest_laps, racing_car_times) answer
 * the weeks before the cut week by key, and the cut week comes from the read models that step
 * inside a week (racing_season_start_standings, racing_car_time_steps) or, for the fastest laps,
 * from the week's own list with the laps set after T replaced.
 */

/** The week of the season's last race started before the instant (none: no row). */
const cutWeek = `SELECT race_week_num AS w FROM ${SUBSESSIONS_TABLE}
   WHERE season_id = ? AND start_time < ? AND event_type = 'race'
   ORDER BY start_time DESC, subsession_id DESC LIMIT 1`;

/**
 * The week of the season's last race before `at`, or null when none had started by then.
 * Callers use it to tell a week that is complete at `at` from the cut week and a later one.
 */
export async function seasonCutWeek(db: Knex, seasonId: number, at: Date): Promise<number | null> {
  const rows = await preparedRows<{ w: number }>(db, cutWeek, [seasonId, at]);
  return rows[0]?.w ?? null;
}

/**
 * A derived table `(…) AS alias` and its bindings. Not a Knex.Raw: a raw is a thenable, which an
 * async function returning it would run.
 */
export interface DerivedTable {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** The cut week `?` of season `?`: its starts before instant `?`, summed per driver. */
const cutWeekSums = `SELECT r.cust_id, ${START_COUNTERS_SQL} FROM ${SUBSESSIONS_TABLE} s
    JOIN ${RESULTS_TABLE} r ON r.subsession_id = s.subsession_id
   WHERE s.season_id = ? AND s.race_week_num = ? AND s.start_time < ? AND ${COUNTS_AS_START_SQL}
   GROUP BY r.cust_id`;

/**
 * Per driver the season's totals at `at`: cust_id, races, wins, poles, top_fives, laps, laps_led,
 * incidents (the columns of racing_season_driver_stats without names; a driver without a start
 * by then has zeros or no row). Two equal forms, chosen by the cut week W and the season's last
 * raced week L, so a busy season costs at most about half its weekly rows:
 *  - early (W ≤ L / 2): the weekly rows of the weeks before W, plus W's starts before `at`;
 *  - late: the season's totals minus the weekly rows of weeks W and later, plus W's starts
 *    before `at` (one row per driver of the season, and the few weeks after the cut).
 */
export async function seasonDriverTotalsAt(
  db: Knex,
  seasonId: number,
  at: Date,
  alias: string,
): Promise<DerivedTable> {
  const { rows } = await db.raw<{ rows: { w: number | null; last: number | null }[] }>(
    `SELECT (${cutWeek}) AS w,
            (SELECT max(race_week_num) FROM ${SUBSESSIONS_TABLE} WHERE season_id = ?) AS last`,
    [seasonId, at, seasonId],
  );
  const w = rows[0]?.w ?? null;
  const last = rows[0]?.last ?? null;
  if (w === null || last === null) {
    return {
      sql: `(SELECT cust_id, ${SEASON_COUNTERS.join(', ')} FROM ${SEASON_WEEK_DRIVER_STATS_TABLE} WHERE false) AS ${alias}`,
      bindings: [],
    };
  }
  if (w <= last / 2) {
    return {
      sql: `(SELECT cust_id, ${SEASON_COUNTERS.map((c) => `sum(${c})::int AS ${c}`).join(', ')}
          FROM (SELECT cust_id, ${SEASON_COUNTERS.join(', ')} FROM ${SEASON_WEEK_DRIVER_STATS_TABLE}
                 WHERE season_id = ? AND race_week_num < ?
                UNION ALL ${cutWeekSums}) starts
         GROUP BY cust_id) AS ${alias}`,
      bindings: [seasonId, w, seasonId, w, at],
    };
  }
  return {
    sql: `(SELECT t.cust_id,
             ${SEASON_COUNTERS.map((c) => `t.${c} - coalesce(a.${c}, 0) + coalesce(p.${c}, 0) AS ${c}`).join(', ')}
        FROM ${SEASON_DRIVER_STATS_TABLE} t
        LEFT JOIN (SELECT cust_id, ${SEASON_COUNTERS.map((c) => `sum(${c})::int AS ${c}`).join(', ')}
                     FROM ${SEASON_WEEK_DRIVER_STATS_TABLE}
                    WHERE season_id = ? AND race_week_num >= ?
                    GROUP BY cust_id) a ON a.cust_id = t.cust_id
        LEFT JOIN (${cutWeekSums}) p ON p.cust_id = t.cust_id
       WHERE t.season_id = ?) AS ${alias}`,
    bindings: [seasonId, w, seasonId, w, at, seasonId],
  };
}

/** A leaderboard's column in racing_season_standings (and racing_season_driver_stats). */
export type StandingsColumn = 'wins' | 'poles' | 'top_fives' | 'races';

/** A driver's season totals at an instant (the counters of racing_season_driver_stats). */
export interface DriverTotalsRow {
  cust_id: number;
  races: number;
  wins: number;
  poles: number;
  top_fives: number;
  laps: number;
  laps_led: number;
  incidents: number;
}

/** Deeper than this a past leaderboard sums the season (seasonDriverTotalsAt). */
export const STANDINGS_MAX_DEPTH = 500;

/** A row of one of seasonTopAt's two streams, in its board's order. */
interface StreamRow extends DriverTotalsRow {
  board: StandingsColumn;
  /** 'a': the standings at the end of week W − 1; 'b': a start of week W before the instant. */
  src: 'a' | 'b';
}

/** Whether (value, id) `x` comes strictly after `y` in a board's order (larger value, lower id first). */
const after = (c: StandingsColumn, x: DriverTotalsRow, y: DriverTotalsRow): boolean =>
  x[c] < y[c] || (x[c] === y[c] && x.cust_id > y.cust_id);

/**
 * The first `depth` drivers of each leaderboard column at `at` (column > 0; the larger value
 * first, then the lower customer id), with their totals then; null when the page is deeper than
 * STANDINGS_MAX_DEPTH, and the caller sums the season with seasonDriverTotalsAt instead.
 *
 * Why it is exact: let W be the cut week. A driver's totals at `at` are those of his latest start
 * before `at`: his row of week W's standings per start (racing_season_start_standings) started
 * before `at`, else his standings at the end of week W − 1 (racing_season_standings). Every
 * counter only grows over the season, so that latest row is also his row with the largest value
 * of the board. Two index ranges in the board's order, (a) the standings at the end of W − 1 and
 * (b) week W's starts before `at` (the starts after it are skipped inside the index), merged,
 * list every driver first at his value at `at`: the first `depth` distinct drivers of the merge
 * are the board. Among equal values a driver's later row comes first ((b) before (a), then the
 * later start), so the totals shown are those at `at`. Each range is read `limit` rows at a time;
 * the answer stands once every range cut by its limit ends strictly after the depth-th driver,
 * else the limit doubles (a range read to its end always answers).
 */
export async function seasonTopAt(
  db: Knex,
  seasonId: number,
  at: Date,
  columns: readonly StandingsColumn[],
  depth: number,
): Promise<Map<StandingsColumn, DriverTotalsRow[]> | null> {
  if (depth > STANDINGS_MAX_DEPTH) return null;
  const out = new Map<StandingsColumn, DriverTotalsRow[]>(columns.map((c) => [c, []]));
  return topAtFrom(db, seasonId, at, [...columns], depth, 3 * depth + 20, out);
}

/** A driver's season totals at an instant, named as the season's rows name him now. */
export interface NamedTotalsRow extends DriverTotalsRow {
  display_name: string;
  country_code: string | null;
}

/**
 * A row of seasonTopNamedAtStatement: one of a board's first drivers (`src` null), or the end of
 * one of its ranges (`src`: how many rows it read, and its last row's value and driver).
 */
type NamedTopRow =
  | (DriverTotalsRow & {
      board: StandingsColumn;
      src: null;
      display_name: string | null;
      country_code: string | null;
      n: null;
      last_v: null;
      last_cust: null;
    })
  | { board: StandingsColumn; src: 'a' | 'b'; n: number; last_v: number; last_cust: number };

/**
 * seasonTopAt with the drivers' names, as one statement for a batch (src/db/batch.ts) that
 * answers the boards' first `depth` drivers and no other: it reads the same two ranges per board
 * as seasonTopAt's first read and merges them itself. A driver's first row in seasonTopAt's
 * merge is his row with the largest value ((b) before (a), then the later start, among equal
 * values), so a board is its drivers each at that row, by (value, customer id). The names are a
 * key probe per driver shown (racing_season_driver_stats; a driver without a row there is left
 * out, as namedTotals does). With the drivers come each range's row count and last row, for
 * seasonTopAt's exactness check; a board they do not settle (ties at the cut) is read again as
 * seasonTopAt does (the limits doubled) by the statement's value, and named by one more read.
 * `depth` at most STANDINGS_MAX_DEPTH.
 */
export function seasonTopNamedAtStatement(
  seasonId: number,
  at: Date,
  columns: readonly StandingsColumn[],
  depth: number,
): Statement<(db: Knex) => Promise<Map<StandingsColumn, NamedTotalsRow[]>>> {
  if (depth > STANDINGS_MAX_DEPTH) {
    throw new Error(`seasonTopNamedAtStatement: depth ${depth} beyond ${STANDINGS_MAX_DEPTH}`);
  }
  const limit = 3 * depth + 20;
  const counters = SEASON_COUNTERS.map((c) => `coalesce(sb.${c}, sa.${c}) AS ${c}`).join(', ');
  const nulls = SEASON_COUNTERS.map(() => 'NULL').join(', ');
  return statement<NamedTopRow, (db: Knex) => Promise<Map<StandingsColumn, NamedTotalsRow[]>>>(
    `${TOP_AT_WEEKS},
     r AS (${topAtRanges(columns, limit, true)}),
     m AS (SELECT DISTINCT ON (board, cust_id) * FROM r
            ORDER BY board, cust_id, v DESC, src DESC, start_time DESC, subsession_id DESC)
     SELECT x.board, NULL AS src, x.cust_id, ${counters}, n.display_name, n.country_code,
            NULL::int AS n, NULL::int AS last_v, NULL::int AS last_cust
       FROM (VALUES ${columns.map((c) => `('${c}')`).join(', ')}) AS b(board)
       CROSS JOIN LATERAL (SELECT * FROM m WHERE m.board = b.board
                            ORDER BY v DESC, cust_id LIMIT ${depth}) x
       LEFT JOIN ${SEASON_STANDINGS_TABLE} sa
              ON x.src = 'a' AND sa.season_id = ? AND sa.cust_id = x.cust_id
             AND sa.race_week_num = (SELECT lower FROM k)
       LEFT JOIN ${SEASON_START_STANDINGS_TABLE} sb
              ON x.src = 'b' AND sb.season_id = ? AND sb.cust_id = x.cust_id
             AND sb.start_time = x.start_time AND sb.subsession_id = x.subsession_id
       LEFT JOIN ${SEASON_DRIVER_STATS_TABLE} n ON n.season_id = ? AND n.cust_id = x.cust_id
     UNION ALL
     SELECT board, src, NULL, ${nulls}, NULL, NULL, count(*)::int,
            (min(ARRAY[v, -cust_id]))[1], -(min(ARRAY[v, -cust_id]))[2]
       FROM r GROUP BY board, src`,
    [...topAtBindings(seasonId, at, columns), seasonId, seasonId, seasonId],
    (rows) => {
      const out = new Map<StandingsColumn, NamedTotalsRow[]>(columns.map((c) => [c, []]));
      const top = new Map<StandingsColumn, DriverTotalsRow[]>(columns.map((c) => [c, []]));
      for (const row of rows) {
        if (row.src !== null) continue;
        const {
          board,
          src: _s,
          display_name,
          country_code,
          n: _n,
          last_v: _v,
          last_cust: _c,
          ...totals
        } = row;
        top.get(board)!.push(totals);
        if (display_name !== null) out.get(board)!.push({ ...totals, display_name, country_code });
      }
      // The statement's joins need not keep the order of the board.
      for (const [c, board] of [...top, ...out])
        board.sort((x, y) => y[c] - x[c] || x.cust_id - y.cust_id);
      // seasonTopAt's check: a range cut by its limit ends strictly after the depth-th driver.
      const pending = new Set<StandingsColumn>();
      for (const row of rows) {
        if (row.src === null || row.n < limit) continue;
        const cut = top.get(row.board)![depth - 1];
        const value = cut?.[row.board];
        const settled =
          cut !== undefined &&
          (row.last_v < value! || (row.last_v === value && row.last_cust > cut.cust_id));
        if (!settled) pending.add(row.board);
      }
      if (pending.size === 0) return () => Promise.resolve(out);
      return async (db) => {
        const more = new Map<StandingsColumn, DriverTotalsRow[]>();
        await topAtFrom(db, seasonId, at, [...pending], depth, limit * 2, more);
        const names = new Map(
          (await namedTotals(db, seasonId, [...more.values()].flat())).map((r) => [r.cust_id, r]),
        );
        for (const [c, board] of more) {
          out.set(
            c,
            board.flatMap((t) => names.get(t.cust_id) ?? []),
          );
        }
        return out;
      };
    },
  );
}

/** Totals at an instant named as the season's rows name the drivers now (one key probe each). */
export async function namedTotals(
  db: Knex,
  seasonId: number,
  totals: readonly DriverTotalsRow[],
): Promise<NamedTotalsRow[]> {
  if (totals.length === 0) return [];
  const rows = await preparedRows<{
    cust_id: number;
    display_name: string;
    country_code: string | null;
  }>(
    db,
    `SELECT cust_id, display_name, country_code FROM ${SEASON_DRIVER_STATS_TABLE}
      WHERE season_id = ? AND cust_id = ANY(?::int4[])`,
    [seasonId, [...new Set(totals.map((t) => t.cust_id))]],
  );
  const names = new Map(rows.map((r) => [r.cust_id, r]));
  return totals.flatMap((t) => {
    const n = names.get(t.cust_id);
    return n ? [{ ...t, display_name: n.display_name, country_code: n.country_code }] : [];
  });
}

/** The boards `pending` read `limit` rows a range at a time, from `limit` on, into `out`. */
async function topAtFrom(
  db: Knex,
  seasonId: number,
  at: Date,
  pending: readonly StandingsColumn[],
  depth: number,
  limit: number,
  out: Map<StandingsColumn, DriverTotalsRow[]>,
): Promise<Map<StandingsColumn, DriverTotalsRow[]>> {
  for (; pending.length > 0; limit *= 2) {
    // Prepared: planning the eight ranges costs more than reading them.
    const rows = await preparedRows<StreamRow>(
      db,
      topAtSql(pending, limit),
      topAtBindings(seasonId, at, pending),
    );
    pending = settleTop(rows, pending, limit, depth, out);
  }
  return out;
}

/** The cut week W (`cut`) and the week of the standings at W's start (`k.lower`). */
const TOP_AT_WEEKS = `WITH cut AS (${cutWeek}),
    k AS (SELECT cut.w, least(cut.w - 1, (SELECT race_week_num FROM ${SEASON_STANDINGS_TABLE}
                  WHERE season_id = ? ORDER BY race_week_num DESC LIMIT 1)) AS lower FROM cut)`;

/**
 * The two ranges of every board, `limit` rows each, after W and the week of the standings at its
 * start, W − 1 (or the season's last week with a start, where the standings end, when that is
 * earlier); no race before `at`: no rows.
 */
function topAtSql(columns: readonly StandingsColumn[], limit: number): string {
  return `${TOP_AT_WEEKS} ${topAtRanges(columns, limit, false)}`;
}

/**
 * Every board's two ranges as one UNION ALL; `merging`: each row also carries the board's value
 * (`v`) and, for a start of W, its start (null on the standings of W − 1), for the merge in SQL.
 */
function topAtRanges(columns: readonly StandingsColumn[], limit: number, merging: boolean): string {
  // Merging in SQL the ranges need only their index's columns (the counters of the rows kept are
  // read after the merge); else every row carries its counters.
  const a = merging
    ? 'v, NULL::timestamptz AS start_time, NULL::int AS subsession_id'
    : SEASON_COUNTERS.join(', ');
  const b = merging ? 'v, start_time, subsession_id' : SEASON_COUNTERS.join(', ');
  return columns
    .flatMap((c) => [
      `(SELECT '${c}' AS board, 'a' AS src, cust_id, ${a.replace(/^v,/, `${c} AS v,`)}
          FROM ${SEASON_STANDINGS_TABLE}
         WHERE season_id = ? AND race_week_num = (SELECT lower FROM k) AND ${c} > 0
         ORDER BY ${c} DESC, cust_id LIMIT ${limit})`,
      `(SELECT '${c}' AS board, 'b' AS src, cust_id, ${b.replace(/^v,/, `${c} AS v,`)}
          FROM ${SEASON_START_STANDINGS_TABLE}
         WHERE season_id = ? AND race_week_num = (SELECT w FROM k) AND ${c} > 0
           AND start_time < ?
         ORDER BY ${c} DESC, cust_id, start_time DESC, subsession_id DESC LIMIT ${limit})`,
    ])
    .join(' UNION ALL ');
}

function topAtBindings(
  seasonId: number,
  at: Date,
  columns: readonly StandingsColumn[],
): Knex.RawBinding[] {
  return [seasonId, at, seasonId, ...columns.flatMap(() => [seasonId, seasonId, at])];
}

/** Merges each pending board's two ranges into `out` where they answer; the boards still pending. */
function settleTop(
  rows: readonly StreamRow[],
  pending: readonly StandingsColumn[],
  limit: number,
  depth: number,
  out: Map<StandingsColumn, DriverTotalsRow[]>,
): StandingsColumn[] {
  const left: StandingsColumn[] = [];
  for (const c of pending) {
    const a = rows.filter((r) => r.board === c && r.src === 'a');
    const b = rows.filter((r) => r.board === c && r.src === 'b');
    const top: DriverTotalsRow[] = [];
    const seen = new Set<number>();
    for (let i = 0, j = 0; top.length < depth && (i < a.length || j < b.length);) {
      // (b) first among equal keys: a driver's start of week W is later than his week W − 1.
      const takeA = j >= b.length || (i < a.length && after(c, b[j]!, a[i]!));
      const r = takeA ? a[i++]! : b[j++]!;
      if (seen.has(r.cust_id)) continue;
      seen.add(r.cust_id);
      const { board: _board, src: _src, ...totals } = r;
      top.push(totals);
    }
    const last = top.at(-1);
    const exact = [a, b].every(
      (range) =>
        range.length < limit ||
        (top.length === depth && last !== undefined && after(c, range.at(-1)!, last)),
    );
    if (exact) out.set(c, top);
    else left.push(c);
  }
  return left;
}

/** A driver's best race lap of a week and car: the columns of racing_fastest_laps the lists read. */
export interface FastestLapRow {
  cust_id: number;
  display_name: string;
  country_code: string | null;
  car_id: number;
  car_name: string;
  race_week_num: number;
  track_id: number;
  best_lap_time: number;
  subsession_id: number;
  set_at: Date;
}

/**
 * The first `count` of each driver's best race lap per car in week `weekAsked` (default: the cut
 * week, the week of the last race before `at`) at `at`, fastest first (then the lower customer
 * id), optionally of one car: a week before the cut week is complete (racing_fastest_laps as it
 * is), a later one has not begun (none).
 *
 * The cut week walks racing_fastest_laps of the week in lap order: a driver's best of the week
 * set before `at` is his best at `at`; one set later is replaced by his best lap of the week
 * before `at` (one probe of his own results, none if he had no lap by then), which is slower.
 * Every driver not yet walked has a week's best, and so a best at `at`, no faster than the last
 * one walked: once `count` laps at `at` are no slower than that, they are the answer, else the
 * walk reads twice as far.
 */
export async function seasonFastestLapsAt(
  db: Knex,
  seasonId: number,
  at: Date,
  weekAsked: number | undefined,
  count: number,
  carId?: number,
): Promise<FastestLapRow[]> {
  const cut = await seasonCutWeek(db, seasonId, at);
  const week = weekAsked ?? cut;
  if (cut === null || week === null || week > cut) return [];
  const car = carId === undefined ? '' : 'AND car_id = ?';
  const carBinding = carId === undefined ? [] : [carId];
  const laps = `SELECT cust_id, display_name, country_code, car_id, car_name, race_week_num,
                       track_id, best_lap_time, subsession_id, set_at
                  FROM ${FASTEST_LAPS_TABLE}
                 WHERE season_id = ? AND race_week_num = ? ${car}
                 ORDER BY best_lap_time, cust_id`;
  if (week < cut) {
    return preparedRows<FastestLapRow>(db, `${laps} LIMIT ${count}`, [
      seasonId,
      week,
      ...carBinding,
    ]);
  }
  return walkFrom(db, seasonId, at, { sql: '?', bindings: [week] }, count, carId, count + 20);
}

/**
 * seasonFastestLapsAt of the cut week (no week asked) as a statement for a batch
 * (src/db/batch.ts): the cut week is found inside it, and its value reads further only when the
 * first walk did not settle the page.
 */
export function seasonFastestLapsAtStatement(
  seasonId: number,
  at: Date,
  count: number,
  carId?: number,
): Statement<(db: Knex) => Promise<FastestLapRow[]>> {
  const week = { sql: `(${cutWeek})`, bindings: [seasonId, at] };
  const limit = count + 20;
  const walk = walkSql(week.sql, carId, limit);
  return statement<Walked, (db: Knex) => Promise<FastestLapRow[]>>(
    walk,
    walkBindings(seasonId, at, week.bindings, carId),
    (rows) => {
      const laps = settleWalk(rows, at, limit, count);
      return laps !== null
        ? () => Promise.resolve(laps)
        : (db) => walkFrom(db, seasonId, at, week, count, carId, limit * 2);
    },
  );
}

type Walked = FastestLapRow & { week_best: number; replaced: boolean };

/** The walk of week `week` (an SQL expression) from `limit` rows on, doubling. */
async function walkFrom(
  db: Knex,
  seasonId: number,
  at: Date,
  week: DerivedTable,
  count: number,
  carId: number | undefined,
  limit: number,
): Promise<FastestLapRow[]> {
  for (; ; limit *= 2) {
    const rows = await preparedRows<Walked>(
      db,
      walkSql(week.sql, carId, limit),
      walkBindings(seasonId, at, week.bindings, carId),
    );
    const laps = settleWalk(rows, at, limit, count);
    if (laps !== null) return laps;
  }
}

/** The first `limit` laps of the week walked, each with the driver's best before `at`. */
function walkSql(week: string, carId: number | undefined, limit: number): string {
  const car = carId === undefined ? '' : 'AND car_id = ?';
  return `WITH f AS (SELECT cust_id, display_name, country_code, car_id, car_name, race_week_num,
                            track_id, best_lap_time, subsession_id, set_at
                       FROM ${FASTEST_LAPS_TABLE}
                      WHERE season_id = ? AND race_week_num = ${week} ${car}
                      ORDER BY best_lap_time, cust_id LIMIT ${limit}),
            wk AS (SELECT min(start_time) AS since FROM ${SUBSESSIONS_TABLE}
                    WHERE season_id = ? AND race_week_num = ${week})
       SELECT f.cust_id, f.car_id, f.race_week_num, f.track_id, f.best_lap_time AS week_best,
              f.set_at >= ? AS replaced,
              coalesce(p.display_name, f.display_name) AS display_name,
              CASE WHEN p.best_lap_time IS NULL THEN f.country_code ELSE p.country_code END
                AS country_code,
              coalesce(p.car_name, f.car_name) AS car_name,
              coalesce(p.best_lap_time, f.best_lap_time) AS best_lap_time,
              coalesce(p.subsession_id, f.subsession_id) AS subsession_id,
              coalesce(p.start_time, f.set_at) AS set_at
         FROM f CROSS JOIN wk
         LEFT JOIN LATERAL (
           SELECT r.display_name, r.country_code, r.car_name, r.best_lap_time, r.subsession_id,
                  s.start_time
             FROM ${RESULTS_TABLE} r JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
            WHERE f.set_at >= ? AND r.cust_id = f.cust_id AND r.is_primary AND r.car_id = f.car_id
              AND r.start_time >= wk.since AND r.start_time < ? AND r.best_lap_time IS NOT NULL
              AND s.season_id = ? AND s.race_week_num = f.race_week_num AND ${COUNTS_AS_START_SQL}
            ORDER BY r.best_lap_time, s.start_time, r.subsession_id LIMIT 1) p ON true
        ORDER BY f.best_lap_time, f.cust_id`;
}

function walkBindings(
  seasonId: number,
  at: Date,
  week: readonly Knex.RawBinding[],
  carId: number | undefined,
): Knex.RawBinding[] {
  return [
    seasonId,
    ...week,
    ...(carId === undefined ? [] : [carId]),
    seasonId,
    ...week,
    at,
    at,
    at,
    seasonId,
  ];
}

/** The walk's first `count` laps at `at` when its `limit` rows settle them; else null. */
function settleWalk(
  rows: readonly Walked[],
  at: Date,
  limit: number,
  count: number,
): FastestLapRow[] | null {
  // A lap set after `at` without a lap before it in the week: the driver had none by then.
  const final = rows
    .filter((r) => !r.replaced || r.set_at < at)
    .sort((a, b) => a.best_lap_time - b.best_lap_time || a.cust_id - b.cust_id);
  const last = rows.at(-1);
  const settled =
    rows.length < limit || last === undefined
      ? final
      : final.filter(
          (r) =>
            r.best_lap_time < last.week_best ||
            (r.best_lap_time === last.week_best && r.cust_id <= last.cust_id),
        );
  if (rows.length < limit || settled.length >= count) {
    return settled.slice(0, count).map(({ week_best: _w, replaced: _r, ...lap }) => lap);
  }
  return null;
}

/**
 * Per week and car at `at`: the columns of racing_car_times that the queries read (drivers with
 * a valid lap, entries, the best lap and its holder, the sums behind the averages). The weeks
 * before the cut week from racing_car_times; the cut week's cars each from its latest row of
 * racing_car_time_steps started before `at` (one index probe per car).
 */
export function seasonCarTimesAt(db: Knex, seasonId: number, at: Date, alias: string): Knex.Raw {
  const table = carTimesAt(seasonId, at, alias);
  return db.raw(table.sql, table.bindings);
}

/**
 * seasonCarTimesAt as SQL text and bindings (for a statement of a batch); `cutWeekOnly`: the cut
 * week's cars alone.
 */
export function carTimesAt(
  seasonId: number,
  at: Date,
  alias: string,
  cutWeekOnly = false,
): DerivedTable {
  const columns = `race_week_num, track_id, track_name, config_name, car_id, car_name, drivers,
                   entries, best_lap_time, best_cust_id, best_display_name, best_subsession_id,
                   best_set_at, sum_best_lap, n_best_lap, sum_average_lap, n_average_lap`;
  const before = `SELECT ${columns} FROM ${CAR_TIMES_TABLE}
       WHERE season_id = ? AND race_week_num < (SELECT w FROM cut)
      UNION ALL`;
  return {
    sql: `(WITH cut AS (${cutWeek})
      ${cutWeekOnly ? '' : before}
      SELECT c.race_week_num, c.track_id, c.track_name, c.config_name, c.car_id, c.car_name,
             t.drivers, t.entries, t.best_lap_time, t.best_cust_id, t.best_display_name,
             t.best_subsession_id, t.best_set_at, t.sum_best_lap, t.n_best_lap, t.sum_average_lap,
             t.n_average_lap
        FROM ${CAR_TIMES_TABLE} c
        JOIN LATERAL (
          SELECT * FROM ${CAR_TIME_STEPS_TABLE} t
           WHERE t.season_id = c.season_id AND t.race_week_num = c.race_week_num
             AND t.car_id = c.car_id AND t.start_time < ?
           ORDER BY t.start_time DESC, t.subsession_id DESC LIMIT 1) t ON true
       WHERE c.season_id = ? AND c.race_week_num = (SELECT w FROM cut)
     ) AS ${alias}`,
    bindings: cutWeekOnly ? [seasonId, at, at, seasonId] : [seasonId, at, seasonId, at, seasonId],
  };
}
