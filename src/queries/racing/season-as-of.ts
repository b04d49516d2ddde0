import type { Knex } from 'knex';
import { CAR_TIMES_TABLE, FASTEST_LAPS_TABLE } from '../../projections/lap-times/tables.ts';
import { COUNTS_AS_START_SQL } from '../../projections/racing/rebuild-sql.ts';
import {
  SEASON_DRIVER_STATS_TABLE,
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
