import type { Knex } from 'knex';
import { run, statement, type Statement } from '../../db/batch.ts';
import { preparedRows } from '../../db/prepared.ts';
import type { RacingCategory } from '../../events/racing/common.ts';
import { CAR_TIMES_TABLE, FASTEST_LAPS_TABLE } from '../../projections/lap-times/tables.ts';
import {
  PARTICIPATION_TABLE,
  PARTICIPATION_WEEKS_TABLE,
} from '../../projections/participation/tables.ts';
import { SEASON_WEEKS_TABLE, SEASONS_TABLE } from '../../projections/seasons/tables.ts';
import { SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import {
  decodeCursor,
  InvalidQueryError,
  iso,
  isTimeKey,
  keysetPage,
  offsetOf,
  offsetPage,
  pageLimit,
  type Page,
  type PageRequest,
} from './paging.ts';
import {
  seasonCarTimesAt,
  seasonFastestLapsAt,
  seasonFastestLapsAtStatement,
  type FastestLapRow,
} from './season-as-of.ts';
import {
  toTrack,
  toWinner,
  type CarDto,
  type DriverRefDto,
  type JsonText,
  type TrackDto,
} from './shapes.ts';

/**
 * A season's pages: header, schedule with participation, recent races, car times, fastest laps
 * and participation per time slot. Reads racing_seasons, racing_season_weeks,
 * racing_subsessions, racing_car_times, racing_fastest_laps and racing_participation.
 */

export interface SeasonDto {
  seasonId: number;
  seriesId: number;
  seriesName: string;
  seasonName: string;
  seasonShortName: string;
  seasonYear: number;
  seasonQuarter: number;
  category: RacingCategory | null;
  official: boolean;
  active: boolean;
  complete: boolean;
  multiclass: boolean;
  fixedSetup: boolean;
  maxWeeks: number;
  /** YYYY-MM-DD. */
  startDate: string;
  scheduleDescription: string | null;
}

interface SeasonRow {
  season_id: number;
  series_id: number;
  series_name: string;
  season_name: string;
  season_short_name: string;
  season_year: number;
  season_quarter: number;
  category: string | null;
  official: boolean;
  active: boolean;
  complete: boolean;
  multiclass: boolean;
  fixed_setup: boolean;
  max_weeks: number;
  start_date: Date;
  schedule_description: string | null;
}

const dateOnly = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A season row as `to_json` gives it (dates as "YYYY-MM-DD"). */
export type SeasonJsonRow = Omit<SeasonRow, 'start_date'> & { start_date: string };

export function shapeSeason(r: SeasonRow | SeasonJsonRow): SeasonDto {
  return {
    seasonId: r.season_id,
    seriesId: r.series_id,
    seriesName: r.series_name,
    seasonName: r.season_name,
    seasonShortName: r.season_short_name,
    seasonYear: r.season_year,
    seasonQuarter: r.season_quarter,
    category: r.category as RacingCategory | null,
    official: r.official,
    active: r.active,
    complete: r.complete,
    multiclass: r.multiclass,
    fixedSetup: r.fixed_setup,
    maxWeeks: r.max_weeks,
    startDate: typeof r.start_date === 'string' ? r.start_date : dateOnly(r.start_date),
    scheduleDescription: r.schedule_description,
  };
}

/** The season's header; null when the catalog does not know it. */
export async function getSeason(db: Knex, seasonId: number): Promise<SeasonDto | null> {
  const row = await db<SeasonRow>(SEASONS_TABLE).where({ season_id: seasonId }).first();
  return row ? shapeSeason(row) : null;
}

/** True when the season is catalogued or has at least one recorded subsession (for 404s). */
export async function seasonExists(db: Knex, seasonId: number): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { known: boolean }[] }>(
    `SELECT EXISTS (SELECT 1 FROM ${SEASONS_TABLE} WHERE season_id = ?)
         OR EXISTS (SELECT 1 FROM ${SUBSESSIONS_TABLE} WHERE season_id = ?) AS known`,
    [seasonId, seasonId],
  );
  return rows[0]?.known === true;
}

export interface WeekParticipationDto {
  sessions: number;
  subsessions: number;
  /** Driver starts (a driver racing twice counts twice). */
  drivers: number;
  /** Distinct drivers who started (in the week, or in the slot on any day of the week). */
  uniqueDrivers: number;
  averageStrengthOfField: number | null;
  maxStrengthOfField: number | null;
}

export interface SeasonWeekDto {
  /** 0-based, as iRacing numbers weeks; show it + 1. */
  raceWeekNum: number;
  startDate: string;
  track: TrackDto & { category: RacingCategory | null };
  raceLapLimit: number | null;
  raceTimeLimitMinutes: number | null;
  /** "HH:MM" UTC. */
  timeSlots: string[];
  startType: string | null;
}

export interface ScheduleWeekDto extends SeasonWeekDto {
  participation: WeekParticipationDto | null;
}

export interface SeasonScheduleDto {
  season: SeasonDto;
  weeks: ScheduleWeekDto[];
}

/** A week as JSON gives it (start_date "YYYY-MM-DD"). */
export interface SeasonWeekRow {
  race_week_num: number;
  start_date: string;
  track_id: number;
  track_name: string;
  config_name: string | null;
  category: string | null;
  race_lap_limit: number | null;
  race_time_limit_minutes: number | null;
  time_slots: string[];
  start_type: string | null;
}

/** The weeks of the season `seasonId` (an SQL expression) as a JSON array by week number. */
export const seasonWeeksJson = (seasonId: string): string =>
  `(SELECT coalesce(json_agg(json_build_object('race_week_num', w.race_week_num,
                      'start_date', w.start_date, 'track_id', w.track_id, 'track_name', w.track_name,
                      'config_name', w.config_name, 'category', w.category,
                      'race_lap_limit', w.race_lap_limit,
                      'race_time_limit_minutes', w.race_time_limit_minutes,
                      'time_slots', w.time_slots, 'start_type', w.start_type)
                    ORDER BY w.race_week_num), '[]'::json)
      FROM ${SEASON_WEEKS_TABLE} w WHERE w.season_id = ${seasonId})`;

export function shapeSeasonWeek(w: SeasonWeekRow): SeasonWeekDto {
  return {
    raceWeekNum: w.race_week_num,
    startDate: w.start_date,
    track: { ...toTrack(w), category: w.category as RacingCategory | null },
    raceLapLimit: w.race_lap_limit,
    raceTimeLimitMinutes: w.race_time_limit_minutes,
    timeSlots: w.time_slots,
    startType: w.start_type,
  };
}

interface ParticipationWeekRow {
  race_week_num: number;
  sessions: number;
  subsessions: number;
  drivers: number;
  unique_drivers: number;
  sof_sum: number;
  sof_count: number;
  max_sof: number | null;
}

/**
 * The season `s` (SQL alias of racing_seasons) as the JSON text of its SeasonDto: keys in the
 * DTO's order, `row_to_json` writing it as `JSON.stringify` does (no spaces; strings escaped
 * alike; a date as "YYYY-MM-DD").
 */
const SEASON_DTO_JSON = `(SELECT row_to_json(x)::text FROM (SELECT s.season_id AS "seasonId",
    s.series_id AS "seriesId", s.series_name AS "seriesName", s.season_name AS "seasonName",
    s.season_short_name AS "seasonShortName", s.season_year AS "seasonYear",
    s.season_quarter AS "seasonQuarter", s.category, s.official, s.active, s.complete,
    s.multiclass, s.fixed_setup AS "fixedSetup", s.max_weeks AS "maxWeeks",
    s.start_date AS "startDate", s.schedule_description AS "scheduleDescription") x)`;

/** A JSON value's text (SQL), `null` for SQL NULL. */
const orNull = (sql: string): string => `coalesce(${sql}, 'null')`;

/**
 * Week `w` (racing_season_weeks) with its participation row `p` (racing_participation_weeks,
 * left-joined: NULL for a week without races) as the JSON text of its ScheduleWeekDto, keys in
 * its order, written as `JSON.stringify` writes them: strings by `to_json` (escaped alike), a
 * date by `to_json` ("YYYY-MM-DD"), integers as they print. The stored time slots are a jsonb
 * array of "HH:MM" texts (src/events/racing/catalog.ts: timeOfDay), whose text differs from
 * JSON.stringify's only by the space after each comma. The average strength of field is
 * rounded half up, as Math.round rounds a positive quotient. Concatenated rather than built by
 * `row_to_json` over nested subqueries, which cost PostgreSQL half as much again per week.
 */
const SCHEDULE_WEEK_JSON = `'{"raceWeekNum":' || w.race_week_num
  || ',"startDate":' || to_json(w.start_date)::text
  || ',"track":{"trackId":' || w.track_id || ',"trackName":' || to_json(w.track_name)::text
  || ',"configName":' || ${orNull('to_json(w.config_name)::text')}
  || ',"category":' || ${orNull('to_json(w.category)::text')}
  || '},"raceLapLimit":' || ${orNull('w.race_lap_limit::text')}
  || ',"raceTimeLimitMinutes":' || ${orNull('w.race_time_limit_minutes::text')}
  || ',"timeSlots":' || replace(w.time_slots::text, '", "', '","')
  || ',"startType":' || ${orNull('to_json(w.start_type)::text')}
  || ',"participation":' || CASE WHEN p.season_id IS NULL THEN 'null'
       ELSE '{"sessions":' || p.sessions || ',"subsessions":' || p.subsessions
         || ',"drivers":' || p.drivers || ',"uniqueDrivers":' || p.unique_drivers
         || ',"averageStrengthOfField":'
         || CASE WHEN p.sof_count > 0 THEN round(p.sof_sum::numeric / p.sof_count)::text ELSE 'null' END
         || ',"maxStrengthOfField":' || ${orNull('p.max_sof::text')} || '}' END
  || '}'`;

/**
 * The weekly schedule with each week's participation (its slots' sums) as the JSON text of its
 * SeasonScheduleDto, written by PostgreSQL (the API sends it as it is: nothing parsed, shaped or
 * serialized in Node); null for an unknown season. One statement, prepared (planning it cost
 * more than running it): the season's text and its weeks' texts by week number, each week with
 * its participation row.
 */
export async function seasonScheduleJson(
  db: Knex,
  seasonId: number,
): Promise<JsonText<SeasonScheduleDto> | null> {
  const rows = await preparedRows<{ season: string; weeks: string | null }>(
    db,
    `SELECT ${SEASON_DTO_JSON} AS season,
            (SELECT string_agg(${SCHEDULE_WEEK_JSON}, ',' ORDER BY w.race_week_num)
               FROM ${SEASON_WEEKS_TABLE} w
               LEFT JOIN ${PARTICIPATION_WEEKS_TABLE} p
                      ON p.season_id = w.season_id AND p.race_week_num = w.race_week_num
              WHERE w.season_id = s.season_id) AS weeks
       FROM ${SEASONS_TABLE} s WHERE s.season_id = ?`,
    [seasonId],
  );
  const row = rows[0];
  return row ? `{"season":${row.season},"weeks":[${row.weeks ?? ''}]}` : null;
}

/** The weekly schedule with each week's participation (its slots' sums); null for an unknown season. */
export async function seasonSchedule(
  db: Knex,
  seasonId: number,
): Promise<SeasonScheduleDto | null> {
  const text = await seasonScheduleJson(db, seasonId);
  return text === null ? null : (JSON.parse(text) as SeasonScheduleDto);
}

function weekParticipation(p: Omit<ParticipationWeekRow, 'race_week_num'>): WeekParticipationDto {
  return {
    sessions: p.sessions,
    subsessions: p.subsessions,
    drivers: p.drivers,
    uniqueDrivers: p.unique_drivers,
    averageStrengthOfField: p.sof_count > 0 ? Math.round(Number(p.sof_sum) / p.sof_count) : null,
    maxStrengthOfField: p.max_sof,
  };
}

export interface TimeSlotParticipationDto extends WeekParticipationDto {
  raceWeekNum: number;
  /** "HH:MM" UTC. */
  timeSlot: string;
}

/** Participation and strength of field per week and time slot (the /participation and /sof pages). */
export function seasonParticipationStatement(
  seasonId: number,
  params: { raceWeekNum?: number } = {},
): Statement<TimeSlotParticipationDto[]> {
  const week = params.raceWeekNum;
  return statement<ParticipationWeekRow & { time_slot: string }, TimeSlotParticipationDto[]>(
    `SELECT race_week_num, time_slot, sessions, subsessions, drivers, unique_drivers, sof_sum,
            sof_count, max_sof
       FROM ${PARTICIPATION_TABLE}
      WHERE season_id = ? ${week !== undefined ? 'AND race_week_num = ?' : ''}
      ORDER BY race_week_num, time_slot`,
    week !== undefined ? [seasonId, week] : [seasonId],
    (rows) =>
      rows.map((r) => ({
        raceWeekNum: r.race_week_num,
        timeSlot: r.time_slot,
        ...weekParticipation(r),
      })),
  );
}

export interface RecentRaceDto {
  subsessionId: number;
  sessionId: number;
  startTime: string;
  raceWeekNum: number;
  track: TrackDto;
  official: boolean;
  strengthOfField: number | null;
  fieldSize: number;
  winner: (DriverRefDto & { teamName: string | null }) | null;
  eventBestLapTime: number | null;
  numCautions: number;
  numLeadChanges: number;
}

export interface RecentRaceRow {
  subsession_id: number;
  session_id: number;
  start_time: Date;
  race_week_num: number;
  track_id: number;
  track_name: string;
  config_name: string | null;
  official: boolean;
  event_sof: number | null;
  num_drivers: number;
  winner_cust_id: number | null;
  winner_name: string | null;
  winner_team_name: string | null;
  event_best_lap_time: number | null;
  num_cautions: number;
  num_lead_changes: number;
}

/** The season's race subsessions, newest first (keyset), optionally of one week. */
export async function seasonRecentRaces(
  db: Knex,
  seasonId: number,
  params: PageRequest & { raceWeekNum?: number } = {},
): Promise<Page<RecentRaceDto>> {
  return run(db, seasonRecentRacesStatement(seasonId, params));
}

/** The statement of seasonRecentRaces (its page size in the text: src/db/prepared.ts). */
export function seasonRecentRacesStatement(
  seasonId: number,
  params: PageRequest & { raceWeekNum?: number } = {},
): Statement<Page<RecentRaceDto>> {
  const limit = pageLimit(params.limit);
  const after = params.cursor ? decodeCursor(params.cursor, isTimeKey) : null;
  const week = params.raceWeekNum;
  return statement<RecentRaceRow, Page<RecentRaceDto>>(
    `SELECT ${RECENT_RACE_COLUMNS}
       FROM ${SUBSESSIONS_TABLE}
      WHERE season_id = ? AND event_type = 'race'
        ${week !== undefined ? 'AND race_week_num = ?' : ''}
        ${after ? 'AND (start_time, subsession_id) < (?::timestamptz, ?::int)' : ''}
      ORDER BY start_time DESC, subsession_id DESC
      LIMIT ${limit + 1}`,
    [seasonId, ...(week !== undefined ? [week] : []), ...(after ? [after.t, after.s] : [])],
    (rows) =>
      keysetPage(
        rows,
        limit,
        (r) => ({ t: r.start_time.toISOString(), s: r.subsession_id }),
        shapeRecentRace,
      ),
  );
}

/** The columns of RecentRaceRow in racing_subsessions. */
export const RECENT_RACE_COLUMNS = `subsession_id, session_id, start_time, race_week_num, track_id, track_name,
  config_name, official, event_sof, num_drivers, winner_cust_id, winner_name, winner_team_name,
  event_best_lap_time, num_cautions, num_lead_changes`;

export function shapeRecentRace(r: RecentRaceRow): RecentRaceDto {
  return {
    subsessionId: r.subsession_id,
    sessionId: r.session_id,
    startTime: iso(r.start_time)!,
    raceWeekNum: r.race_week_num,
    track: toTrack(r),
    official: r.official,
    strengthOfField: r.event_sof,
    fieldSize: r.num_drivers,
    winner: toWinner(r),
    eventBestLapTime: r.event_best_lap_time,
    numCautions: r.num_cautions,
    numLeadChanges: r.num_lead_changes,
  };
}

export interface CarTimeDto {
  raceWeekNum: number;
  track: TrackDto;
  car: CarDto;
  /** Drivers with a valid race lap in this car that week. */
  drivers: number;
  /** Race starts in this car that week. */
  entries: number;
  bestLap: { lapTime: number; driver: DriverRefDto; subsessionId: number; setAt: string } | null;
  /** Mean of the entries' best laps, 1/10000 s. */
  averageBestLapTime: number | null;
  /** Mean of the entries' average laps (race pace), 1/10000 s. */
  averageLapTime: number | null;
}

export interface CarTimeRow {
  race_week_num: number;
  track_id: number;
  track_name: string;
  config_name: string | null;
  car_id: number;
  car_name: string;
  drivers: number;
  entries: number;
  best_lap_time: number | null;
  best_cust_id: number | null;
  best_display_name: string | null;
  best_subsession_id: number | null;
  best_set_at: Date | null;
  sum_best_lap: number;
  n_best_lap: number;
  sum_average_lap: number;
  n_average_lap: number;
}

export type CarTimeSort = 'week' | 'bestLap' | 'averageLap' | 'entries';

/**
 * Per week and car: best lap and holder, averages, drivers and entries. Default order: week,
 * then fastest car; `sort=bestLap|averageLap|entries` orders across weeks. Offset-paged.
 */
export async function seasonCarTimes(
  db: Knex,
  seasonId: number,
  params: PageRequest & {
    raceWeekNum?: number;
    carId?: number;
    sort?: CarTimeSort;
    /** The season as it stood at this instant (season-as-of.ts). */
    asOf?: Date;
  } = {},
): Promise<Page<CarTimeDto>> {
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  const order: Record<CarTimeSort, string> = {
    week: 'race_week_num, best_lap_time NULLS LAST, car_id',
    bestLap: 'best_lap_time NULLS LAST, race_week_num, car_id',
    averageLap:
      'sum_average_lap::float8 / NULLIF(n_average_lap, 0) NULLS LAST, race_week_num, car_id',
    entries: 'entries DESC, race_week_num, car_id',
  };
  const sort = params.sort ?? 'week';
  if (!(sort in order))
    throw new InvalidQueryError('sort', 'sort must be week, bestLap, averageLap or entries');
  const q = db.from<CarTimeRow>(
    params.asOf === undefined
      ? db.raw('?? AS c', [CAR_TIMES_TABLE])
      : seasonCarTimesAt(db, seasonId, params.asOf, 'c'),
  );
  if (params.asOf === undefined) void q.where('season_id', seasonId);
  if (params.raceWeekNum !== undefined) void q.andWhere('race_week_num', params.raceWeekNum);
  if (params.carId !== undefined) void q.andWhere('car_id', params.carId);
  const rows = await q
    .orderByRaw(order[sort])
    .offset(offset)
    .limit(limit + 1);
  return offsetPage(rows, limit, offset, shapeCarTime);
}

export function shapeCarTime(r: CarTimeRow): CarTimeDto {
  return {
    raceWeekNum: r.race_week_num,
    track: toTrack(r),
    car: { carId: r.car_id, carName: r.car_name },
    drivers: r.drivers,
    entries: r.entries,
    bestLap:
      r.best_lap_time === null || r.best_cust_id === null
        ? null
        : {
            lapTime: r.best_lap_time,
            driver: { custId: r.best_cust_id, displayName: r.best_display_name ?? '' },
            subsessionId: r.best_subsession_id ?? 0,
            setAt: iso(r.best_set_at) ?? '',
          },
    averageBestLapTime: r.n_best_lap > 0 ? Math.round(Number(r.sum_best_lap) / r.n_best_lap) : null,
    averageLapTime:
      r.n_average_lap > 0 ? Math.round(Number(r.sum_average_lap) / r.n_average_lap) : null,
  };
}

export interface FastestLapDto {
  rank: number;
  driver: DriverRefDto & { countryCode: string | null };
  car: CarDto;
  raceWeekNum: number;
  trackId: number;
  lapTime: number;
  subsessionId: number;
  setAt: string;
}

/**
 * Each driver's best race lap of one week (one track), fastest first, optionally of one car.
 * Without `raceWeekNum`: the latest week that has laps. Offset-paged.
 */
export async function seasonFastestLaps(
  db: Knex,
  seasonId: number,
  params: PageRequest & {
    raceWeekNum?: number;
    carId?: number;
    /** The season as it stood at this instant (season-as-of.ts). */
    asOf?: Date;
  } = {},
): Promise<Page<FastestLapDto>> {
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  const asOf = params.asOf;
  if (asOf === undefined) {
    return run(db, seasonFastestLapsStatement(seasonId, params));
  }
  // Without a week: the week of the last race before the instant (laps or not).
  const laps = await seasonFastestLapsAt(
    db,
    seasonId,
    asOf,
    params.raceWeekNum,
    offset + limit + 1,
    params.carId,
  );
  return fastestLapsPage(laps.slice(offset), limit, offset);
}

/**
 * seasonFastestLaps at `asOf` without a week (the week of the last race before it) as a statement
 * for a batch (src/db/batch.ts); its value reads further only when the first walk falls short.
 */
export function seasonFastestLapsAsOfStatement(
  seasonId: number,
  asOf: Date,
  params: PageRequest & { carId?: number } = {},
): Statement<(db: Knex) => Promise<Page<FastestLapDto>>> {
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  const first = seasonFastestLapsAtStatement(seasonId, asOf, offset + limit + 1, params.carId);
  return {
    ...first,
    shape: (rows) => {
      const rest = first.shape(rows);
      return async (db) => fastestLapsPage((await rest(db)).slice(offset), limit, offset);
    },
  };
}

/**
 * The statement of seasonFastestLaps today (without `asOf`); without a week, the latest week
 * that has laps is found in the same statement.
 */
export function seasonFastestLapsStatement(
  seasonId: number,
  params: PageRequest & { raceWeekNum?: number; carId?: number } = {},
): Statement<Page<FastestLapDto>> {
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  const week = params.raceWeekNum;
  return statement<FastestLapRow, Page<FastestLapDto>>(
    `SELECT * FROM ${FASTEST_LAPS_TABLE}
      WHERE season_id = ?
        AND race_week_num = ${week !== undefined ? '?' : `(SELECT max(race_week_num) FROM ${CAR_TIMES_TABLE} WHERE season_id = ?)`}
        ${params.carId !== undefined ? 'AND car_id = ?' : ''}
      ORDER BY best_lap_time, cust_id
      LIMIT ${limit + 1} ${offset > 0 ? 'OFFSET ?' : ''}`,
    [
      seasonId,
      week !== undefined ? week : seasonId,
      ...(params.carId !== undefined ? [params.carId] : []),
      ...(offset > 0 ? [offset] : []),
    ],
    (rows) => fastestLapsPage(rows, limit, offset),
  );
}

function fastestLapsPage(
  rows: FastestLapRow[],
  limit: number,
  offset: number,
): Page<FastestLapDto> {
  return offsetPage(rows, limit, offset, (r, index) => ({
    rank: index + 1,
    driver: { custId: r.cust_id, displayName: r.display_name, countryCode: r.country_code },
    car: { carId: r.car_id, carName: r.car_name },
    raceWeekNum: r.race_week_num,
    trackId: r.track_id,
    lapTime: r.best_lap_time,
    subsessionId: r.subsession_id,
    setAt: iso(r.set_at)!,
  }));
}
