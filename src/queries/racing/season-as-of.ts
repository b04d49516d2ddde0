import type { Knex } from 'knex';
import { CAR_TIMES_TABLE, FASTEST_LAPS_TABLE } from '../../projections/lap-times/tables.ts';
import { COUNTS_AS_START_SQL } from '../../projections/racing/rebuild-sql.ts';
import {
  SEASON_DRIVER_STATS_TABLE,
  SEASON_STANDINGS_TABLE,
  SEASON_WEEK_DRIVER_STATS_TABLE,
} from '../../projections/season-leaderboards/tables.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';

/**
 * A season as it stood at an instant (race time: the races that started before it). The season's
 * weeks follow each other in time, so at instant T every week before the week of the last race
 * started before T (the cut week) is complete and every week after it has not begun: the weekly
 * read models (racing_season_week_driver_stats, racing_fastest_laps, racing_car_times) answer
 * the weeks before the cut week by key, and only the cut week's races before T are read from
 * racing_results (one week of one season, through racing_subsessions_week_recent).
 *
 * Each function returns a derived table `(…) AS <alias>` with the columns of the read model it
 * stands for, to be filtered, ordered and paged like that table.
 */

/** The week of the season's last race started before the instant (none: no row). */
const cutWeek = `SELECT race_week_num AS w FROM ${SUBSESSIONS_TABLE}
   WHERE season_id = ? AND start_time < ? AND event_type = 'race'
   ORDER BY start_time DESC, subsession_id DESC LIMIT 1`;

/** The cut week's starts before the instant: racing_results `r` joined with racing_subsessions `s`. */
const cutWeekStarts = `${SUBSESSIONS_TABLE} s
    JOIN ${RESULTS_TABLE} r ON r.subsession_id = s.subsession_id
   WHERE s.season_id = ? AND s.race_week_num = (SELECT w FROM cut) AND s.start_time < ?
     AND ${COUNTS_AS_START_SQL}`;

/**
 * The week of the season's last race before `at`, or null when none had started by then.
 * Callers use it to tell a week that is complete at `at` from the cut week and a later one.
 */
export async function seasonCutWeek(db: Knex, seasonId: number, at: Date): Promise<number | null> {
  const { rows } = await db.raw<{ rows: { w: number }[] }>(cutWeek, [seasonId, at]);
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

/** Per driver the sums of a set of starts `r` (joined with `s`): the stats table's counters. */
const startSums = `r.cust_id, count(*)::int AS races,
    (count(*) FILTER (WHERE r.finish_position_in_class = 1))::int AS wins,
    (count(*) FILTER (WHERE r.starting_position_in_class = 1))::int AS poles,
    (count(*) FILTER (WHERE r.finish_position_in_class <= 5))::int AS top_fives,
    sum(r.laps_complete)::int AS laps, sum(r.laps_led)::int AS laps_led,
    sum(r.incidents)::int AS incidents`;

/** The cut week `?` of season `?`: its starts before instant `?`, summed per driver. */
const cutWeekSums = `SELECT ${startSums} FROM ${SUBSESSIONS_TABLE} s
    JOIN ${RESULTS_TABLE} r ON r.subsession_id = s.subsession_id
   WHERE s.season_id = ? AND s.race_week_num = ? AND s.start_time < ? AND ${COUNTS_AS_START_SQL}
   GROUP BY r.cust_id`;

const COUNTERS = ['races', 'wins', 'poles', 'top_fives', 'laps', 'laps_led', 'incidents'];

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
      sql: `(SELECT cust_id, ${COUNTERS.join(', ')} FROM ${SEASON_WEEK_DRIVER_STATS_TABLE} WHERE false) AS ${alias}`,
      bindings: [],
    };
  }
  if (w <= last / 2) {
    return {
      sql: `(SELECT cust_id, ${COUNTERS.map((c) => `sum(${c})::int AS ${c}`).join(', ')}
          FROM (SELECT cust_id, ${COUNTERS.join(', ')} FROM ${SEASON_WEEK_DRIVER_STATS_TABLE}
                 WHERE season_id = ? AND race_week_num < ?
                UNION ALL ${cutWeekSums}) starts
         GROUP BY cust_id) AS ${alias}`,
      bindings: [seasonId, w, seasonId, w, at],
    };
  }
  return {
    sql: `(SELECT t.cust_id,
             ${COUNTERS.map((c) => `t.${c} - coalesce(a.${c}, 0) + coalesce(p.${c}, 0) AS ${c}`).join(', ')}
        FROM ${SEASON_DRIVER_STATS_TABLE} t
        LEFT JOIN (SELECT cust_id, ${COUNTERS.map((c) => `sum(${c})::int AS ${c}`).join(', ')}
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
/** More drivers than this to look at for one leaderboard: the season is summed instead. */
export const STANDINGS_MAX_CANDIDATES = 1000;

/**
 * The first `depth` drivers of each leaderboard column at `at` (column > 0; the larger value
 * first, then the lower customer id), with their totals then; null when the standings would read
 * more than a sum of the season does (too deep, or too many drivers close to the cut), and the
 * caller sums the season with seasonDriverTotalsAt instead.
 *
 * Why it is exact: let W be the cut week. Every counter only grows over the season, so a
 * driver's value at `at` lies between his standings at the end of week W − 1 (S₁) and at the end
 * of week W (S₂). Let B be the depth-th driver by S₁ (value, then id): the `depth` drivers up to
 * B keep at least their S₁ at `at`, so a driver after B's place in the order of S₂ cannot be
 * among the first `depth`. The candidates are thus one range of week W's index, from its top to
 * B's place (all of it when fewer than `depth` drivers have an S₁), and each one's value at `at`
 * is his S₁ plus his starts of week W before `at` (his own results of that week, through
 * racing_results_driver_recent).
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
  const st = SEASON_STANDINGS_TABLE;
  const { rows: cuts } = await db.raw<{
    rows: { w: number; week_start: Date | null; held: number | null }[];
  }>(
    `WITH cut AS (${cutWeek})
     SELECT cut.w,
            (SELECT min(start_time) FROM ${SUBSESSIONS_TABLE}
              WHERE season_id = ? AND race_week_num = cut.w) AS week_start,
            (SELECT race_week_num FROM ${st} WHERE season_id = ?
              ORDER BY race_week_num DESC LIMIT 1) AS held
       FROM cut`,
    [seasonId, at, seasonId, seasonId],
  );
  const cut = cuts[0];
  if (!cut || cut.held === null || cut.week_start === null) return out;
  // A cut week without a start that counts (none held): the standings end before it.
  const upper = Math.min(cut.w, cut.held);
  const lower = Math.min(cut.w - 1, cut.held);
  // Per column the depth-th driver of the standings at the end of week W − 1 (value, id).
  const { rows: bounds } = await db.raw<{
    rows: { board: StandingsColumn; v: number; id: number }[];
  }>(
    columns
      .map(
        (c) => `(SELECT '${c}' AS board, ${c} AS v, cust_id AS id FROM ${st}
                  WHERE season_id = ? AND race_week_num = ? AND ${c} > 0
                  ORDER BY ${c} DESC, cust_id OFFSET ? LIMIT 1)`,
      )
      .join(' UNION ALL '),
    columns.flatMap(() => [seasonId, lower, depth - 1]),
  );
  // The candidates: from the top of week W's standings down to that driver's place in them (a
  // driver level with him at the end of W and after him by id is behind him at T too).
  const { rows: near } = await db.raw<{ rows: { board: StandingsColumn; cust_id: number }[] }>(
    columns
      .map((c) => {
        const bound = bounds.find((b) => b.board === c);
        const below = bound ? `AND (${c} > ? OR (${c} = ? AND cust_id <= ?))` : '';
        return `(SELECT '${c}' AS board, cust_id FROM ${st}
                  WHERE season_id = ? AND race_week_num = ? AND ${c} > 0 ${below}
                  ORDER BY ${c} DESC, cust_id LIMIT ${STANDINGS_MAX_CANDIDATES + 1})`;
      })
      .join(' UNION ALL '),
    columns.flatMap((c) => {
      const bound = bounds.find((b) => b.board === c);
      return bound ? [seasonId, upper, bound.v, bound.v, bound.id] : [seasonId, upper];
    }),
  );
  for (const c of columns) {
    if (near.filter((r) => r.board === c).length > STANDINGS_MAX_CANDIDATES) return null;
  }
  const candidates = [...new Set(near.map((r) => r.cust_id))];
  if (candidates.length === 0) return out;
  const { rows: totals } = await db.raw<{ rows: DriverTotalsRow[] }>(
    `SELECT d.cust_id,
            ${COUNTERS.map((c) => `coalesce(b.${c}, 0) + coalesce(p.${c}, 0) AS ${c}`).join(', ')}
       FROM unnest(?::int4[]) AS d(cust_id)
       LEFT JOIN ${st} b ON b.season_id = ? AND b.cust_id = d.cust_id AND b.race_week_num = ?
       LEFT JOIN LATERAL (
         SELECT ${startSums.replace('r.cust_id, ', '')}
           FROM ${RESULTS_TABLE} r JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
          WHERE r.cust_id = d.cust_id AND r.is_primary AND r.start_time >= ? AND r.start_time < ?
            AND s.season_id = ? AND s.race_week_num = ? AND ${COUNTS_AS_START_SQL}) p ON true`,
    [candidates, seasonId, lower, cut.week_start, at, seasonId, cut.w],
  );
  for (const c of columns) {
    out.set(
      c,
      totals
        .filter((t) => t[c] > 0)
        .sort((a, b) => b[c] - a[c] || a.cust_id - b.cust_id)
        .slice(0, depth),
    );
  }
  return out;
}

/**
 * Each driver's best race lap per week and car at `at`: the columns of racing_fastest_laps.
 * Within the cut week the faster lap wins, then the earlier race, then the lower subsession id
 * (the live read model breaks a tie between splits of one start time by log order).
 */
export function seasonFastestLapsAt(db: Knex, seasonId: number, at: Date, alias: string): Knex.Raw {
  const columns = `season_id, race_week_num, car_id, cust_id, track_id, display_name, country_code,
                   car_name, best_lap_time, subsession_id, set_at`;
  return db.raw(
    `(WITH cut AS (${cutWeek})
      SELECT ${columns} FROM ${FASTEST_LAPS_TABLE}
       WHERE season_id = ? AND race_week_num < (SELECT w FROM cut)
      UNION ALL
      SELECT ${columns} FROM (
        SELECT DISTINCT ON (r.car_id, r.cust_id) s.season_id, s.race_week_num, r.car_id, r.cust_id,
               s.track_id, r.display_name, r.country_code, r.car_name, r.best_lap_time,
               r.subsession_id, s.start_time AS set_at
          FROM ${cutWeekStarts} AND r.best_lap_time IS NOT NULL
         ORDER BY r.car_id, r.cust_id, r.best_lap_time, s.start_time, r.subsession_id
      ) week_laps) AS ${alias}`,
    [seasonId, at, seasonId, seasonId, at],
  );
}

/**
 * Per week and car at `at`: the columns of racing_car_times that the queries read (drivers with
 * a valid lap, entries, the best lap and its holder, the sums behind the averages).
 */
export function seasonCarTimesAt(db: Knex, seasonId: number, at: Date, alias: string): Knex.Raw {
  const columns = `race_week_num, track_id, track_name, config_name, car_id, car_name, drivers,
                   entries, best_lap_time, best_cust_id, best_display_name, best_subsession_id,
                   best_set_at, sum_best_lap, n_best_lap, sum_average_lap, n_average_lap`;
  return db.raw(
    `(WITH cut AS (${cutWeek}), starts AS (
        SELECT s.race_week_num, s.track_id, s.track_name, s.config_name, s.start_time, r.car_id,
               r.car_name, r.cust_id, r.display_name, r.subsession_id, r.best_lap_time, r.average_lap
          FROM ${cutWeekStarts})
      SELECT ${columns} FROM ${CAR_TIMES_TABLE}
       WHERE season_id = ? AND race_week_num < (SELECT w FROM cut)
      UNION ALL
      SELECT a.race_week_num, a.track_id, a.track_name, a.config_name, a.car_id, a.car_name,
             a.drivers, a.entries, b.best_lap_time, b.cust_id, b.display_name, b.subsession_id,
             b.start_time, a.sum_best_lap, a.n_best_lap, a.sum_average_lap, a.n_average_lap
        FROM (SELECT car_id, min(race_week_num) AS race_week_num, min(track_id) AS track_id,
                     min(track_name) AS track_name, min(config_name) AS config_name,
                     min(car_name) AS car_name,
                     (count(DISTINCT cust_id) FILTER (WHERE best_lap_time IS NOT NULL))::int AS drivers,
                     count(*)::int AS entries,
                     coalesce(sum(best_lap_time), 0)::int8 AS sum_best_lap,
                     count(best_lap_time)::int AS n_best_lap,
                     coalesce(sum(average_lap), 0)::int8 AS sum_average_lap,
                     count(average_lap)::int AS n_average_lap
                FROM starts GROUP BY car_id) a
        LEFT JOIN LATERAL (
          SELECT best_lap_time, cust_id, display_name, subsession_id, start_time FROM starts
           WHERE starts.car_id = a.car_id AND best_lap_time IS NOT NULL
           ORDER BY best_lap_time, start_time, subsession_id, cust_id LIMIT 1) b ON true
     ) AS ${alias}`,
    [seasonId, at, seasonId, at, seasonId],
  );
}
