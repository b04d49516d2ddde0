import type { Knex } from 'knex';
import type { RacingCategory } from '../../events/racing/common.ts';
import {
  CAREER_COUNTERS,
  DRIVER_TOTALS_TABLE,
  DRIVER_USAGE_TABLE,
  DRIVER_YEARS_TABLE,
  type UsageKind,
} from '../../projections/driver-career/tables.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import { run, statement, type Statement } from '../../db/batch.ts';
import { listBindings } from '../../db/prepared.ts';
import { categorySql, type CategoryChoice } from './compared-category.ts';
import { parseCategory } from './shapes.ts';

/**
 * The driver profile's career figures, read from the driver career read model
 * (racing_driver_totals / _years / _usage, keyed by cust_id first), and the rating history
 * of one category read from the driver's own races of that category (the partial index
 * racing_results_driver_category: cust_id, category, start_time), so every point is one race
 * with its subsession. Wins, poles, top fives and positions are in class.
 */

export interface CareerFiguresDto {
  category: RacingCategory;
  starts: number;
  wins: number;
  poles: number;
  topFives: number;
  laps: number;
  lapsLed: number;
  incidents: number;
  /** Average starting / finishing position in class; null without a start that has one. */
  averageStart: number | null;
  averageFinish: number | null;
  /** 0..1. */
  winRate: number;
  incidentsPerRace: number;
}

export interface CareerYearDto extends Omit<CareerFiguresDto, 'category'> {
  year: number;
}

export interface MostDrivenDto {
  kind: UsageKind;
  refId: number;
  name: string;
  /** The track's layout name; null for series and cars. */
  detail: string | null;
  starts: number;
  wins: number;
}

export interface RacePointDto {
  subsessionId: number;
  startTime: string;
  seriesName: string;
  trackName: string;
  /** After the race; null when the race did not rate. */
  irating: number | null;
  /** Safety rating after the race, two decimals; null when not rated. */
  safetyRating: number | null;
}

/** A row of the career read model's tables: its category and counters. */
type CounterRow = { category: string } & Record<(typeof CAREER_COUNTERS)[number], number>;

function figures(r: CounterRow): Omit<CareerFiguresDto, 'category'> {
  return {
    starts: r.starts,
    wins: r.wins,
    poles: r.poles,
    topFives: r.top_fives,
    laps: r.laps,
    lapsLed: r.laps_led,
    incidents: r.incidents,
    averageStart: r.n_start > 0 ? r.sum_start / r.n_start : null,
    averageFinish: r.starts > 0 ? r.sum_finish / r.starts : null,
    winRate: r.starts > 0 ? r.wins / r.starts : 0,
    incidentsPerRace: r.starts > 0 ? r.incidents / r.starts : 0,
  };
}

const COUNTERS = CAREER_COUNTERS.join(', ');

/** Career figures per category the driver raced, most starts first. */
export async function driverCareer(db: Knex, custId: number): Promise<CareerFiguresDto[]> {
  return (await run(db, driverCareersStatement([custId]))).get(custId) ?? [];
}

/** driverCareer of several drivers in one statement (a driver without starts maps to []), to run
 * alone or in a batch (src/db/batch.ts). */
export function driverCareersStatement(
  custIds: readonly number[],
): Statement<Map<number, CareerFiguresDto[]>> {
  return statement<CounterRow & { cust_id: number }, Map<number, CareerFiguresDto[]>>(
    `SELECT cust_id, category, ${COUNTERS} FROM ${DRIVER_TOTALS_TABLE}
      WHERE cust_id IN (${listBindings(custIds.length)}) AND starts > 0
      ORDER BY cust_id, starts DESC, category`,
    [...custIds],
    (rows) => {
      const out = new Map<number, CareerFiguresDto[]>(custIds.map((id) => [id, []]));
      for (const r of rows) {
        out.get(r.cust_id)?.push({ category: parseCategory(r.category), ...figures(r) });
      }
      return out;
    },
  );
}

/** The career of one category year by year, newest first. */
export function driverYearsStatement(custId: number, category: string): Statement<CareerYearDto[]> {
  return statement<CounterRow & { season_year: number }, CareerYearDto[]>(
    `SELECT category, season_year, ${COUNTERS} FROM ${DRIVER_YEARS_TABLE}
      WHERE cust_id = ? AND category = ? AND starts > 0 ORDER BY season_year DESC`,
    [custId, parseCategory(category)],
    (rows) => rows.map((r) => ({ year: r.season_year, ...figures(r) })),
  );
}

interface UsageRow {
  kind: UsageKind;
  ref_id: number;
  name: string;
  detail: string | null;
  starts: number;
  wins: number;
}

/** The series, cars and track layouts of the category the driver started most, `limit` of each. */
export function driverMostDrivenStatement(
  custId: number,
  category: string,
  limit = 5,
): Statement<Record<UsageKind, MostDrivenDto[]>> {
  return statement<UsageRow, Record<UsageKind, MostDrivenDto[]>>(
    `SELECT kind, ref_id, name, detail, starts, wins FROM (
       SELECT kind, ref_id, name, detail, starts, wins,
              row_number() OVER (PARTITION BY kind ORDER BY starts DESC, wins DESC, name) AS n
         FROM ${DRIVER_USAGE_TABLE}
        WHERE cust_id = ? AND category = ? AND starts > 0) u
      WHERE n <= ${Math.trunc(limit)} ORDER BY kind, n`,
    [custId, parseCategory(category)],
    (rows) => {
      const out: Record<UsageKind, MostDrivenDto[]> = { series: [], car: [], track: [] };
      for (const r of rows) {
        out[r.kind]?.push({
          kind: r.kind,
          refId: r.ref_id,
          name: r.name,
          detail: r.detail,
          starts: r.starts,
          wins: r.wins,
        });
      }
      return out;
    },
  );
}

/** The most recent races a history chart shows (older ones are left off). */
export const HISTORY_RACES = 1000;

interface RacePointRow {
  cust_id: number;
  subsession_id: number;
  /** ISO 8601 in UTC, as Date#toISOString writes it (formatted by PostgreSQL: no Date per row). */
  start_time: string;
  series_name: string;
  track_name: string;
  new_irating: number | null;
  new_sub_level: number | null;
}

/**
 * iRating and safety rating after each of the drivers' races in the category, oldest first (the
 * latest HISTORY_RACES races of each; with `raceBefore`, only races that started before that
 * instant, a chart cut at a date). Per driver one walk of its races of the category
 * (racing_results_driver_category, which carries the ratings; a LATERAL subquery), so the cost is
 * the sum of the single reads without their round trips; only those races' subsessions are read,
 * for their series and track names. The category is named, or a comparison's choice
 * (./compared-category.ts: its default decided inside the statement).
 */
export function driverRatingHistoriesStatement(
  custIds: readonly number[],
  category: string | CategoryChoice,
  raceBefore: string | null = null,
): Statement<Map<number, RacePointDto[]>> {
  const ids = [...new Set(custIds)];
  const c = categorySql(
    typeof category === 'string' ? { named: parseCategory(category) } : category,
  );
  return statement<RacePointRow, Map<number, RacePointDto[]>>(
    `SELECT d.cust_id, h.subsession_id,
            to_char(h.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS start_time,
            h.series_name, h.track_name, h.new_irating, h.new_sub_level
       FROM (VALUES ${listBindings(ids.length, '(?::int4)')}) AS d(cust_id)
       CROSS JOIN LATERAL (
       SELECT r.subsession_id, r.start_time, s.series_name, s.track_name, r.new_irating,
              r.new_sub_level
         FROM ${RESULTS_TABLE} r JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
        WHERE r.cust_id = d.cust_id AND r.is_primary AND r.category = ${c.sql}
          AND (r.new_irating IS NOT NULL OR r.new_sub_level IS NOT NULL)
          ${raceBefore ? 'AND r.start_time < ?::timestamptz' : ''}
        ORDER BY r.start_time DESC, r.subsession_id DESC
        LIMIT ${HISTORY_RACES}) h
      ORDER BY d.cust_id, h.start_time, h.subsession_id`,
    [...ids, ...c.bindings, ...(raceBefore ? [raceBefore] : [])],
    (rows) => {
      const out = new Map<number, RacePointDto[]>(custIds.map((id) => [id, []]));
      for (const r of rows) {
        out.get(r.cust_id)?.push({
          subsessionId: r.subsession_id,
          startTime: r.start_time,
          seriesName: r.series_name,
          trackName: r.track_name,
          irating: r.new_irating !== null && r.new_irating > 0 ? r.new_irating : null,
          safetyRating:
            r.new_sub_level === null || r.new_sub_level < 0 ? null : r.new_sub_level / 100,
        });
      }
      return out;
    },
  );
}

/**
 * The career as it stood before `raceBefore` (a profile as of a date): per category the totals
 * (most starts first) and the years (newest first), counted like the driver career read model
 * counts them (race starts of race events; a team driver's start needs a lap). Read from the
 * driver's races through racing_results_driver_recent (cust_id, start_time DESC): a range of
 * the driver's own rows, not the whole table.
 */
export async function driverCareerBefore(
  db: Knex,
  custId: number,
  raceBefore: string,
): Promise<CareerBefore> {
  return run(db, driverCareerBeforeStatement(custId, raceBefore));
}

/** The career before a race time: totals per category and years per category. */
export interface CareerBefore {
  totals: CareerFiguresDto[];
  years: Map<RacingCategory, CareerYearDto[]>;
}

/** The statement of driverCareerBefore. */
export function driverCareerBeforeStatement(
  custId: number,
  raceBefore: string,
): Statement<CareerBefore> {
  return statement<CounterRow & { season_year: number }, CareerBefore>(
    `SELECT s.category, s.season_year,
            count(*)::int AS starts,
            count(*) FILTER (WHERE r.finish_position_in_class = 1)::int AS wins,
            count(*) FILTER (WHERE r.starting_position_in_class = 1)::int AS poles,
            count(*) FILTER (WHERE r.finish_position_in_class <= 5)::int AS top_fives,
            sum(r.laps_complete)::int AS laps, sum(r.laps_led)::int AS laps_led,
            sum(r.incidents)::int AS incidents, sum(r.finish_position_in_class)::int AS sum_finish,
            coalesce(sum(r.starting_position_in_class), 0)::int AS sum_start,
            count(r.starting_position_in_class)::int AS n_start
       FROM ${RESULTS_TABLE} r JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
      WHERE r.cust_id = ? AND r.is_primary AND r.start_time < ?::timestamptz
        AND s.event_type = 'race' AND r.simsession_type = 'race'
        AND (r.team_id IS NULL OR r.laps_complete > 0)
      GROUP BY s.category, s.season_year
      ORDER BY s.category, s.season_year DESC`,
    [custId, raceBefore],
    careerBefore,
  );
}

function careerBefore(rows: (CounterRow & { season_year: number })[]): CareerBefore {
  const sums = new Map<string, CounterRow>();
  const years = new Map<RacingCategory, CareerYearDto[]>();
  for (const r of rows) {
    const category = parseCategory(r.category);
    const list = years.get(category) ?? [];
    list.push({ year: r.season_year, ...figures(r) });
    years.set(category, list);
    const sum = sums.get(category);
    if (!sum) {
      sums.set(category, { ...r });
      continue;
    }
    for (const k of CAREER_COUNTERS) sum[k] += r[k];
  }
  const totals = [...sums.values()]
    .map((r) => ({ category: parseCategory(r.category), ...figures(r) }))
    .sort((a, b) => b.starts - a.starts || a.category.localeCompare(b.category));
  return { totals, years };
}
