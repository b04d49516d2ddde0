import type { Knex } from 'knex';
import { batch, run, statement, type Statement } from '../../db/batch.ts';
import { CAR_TIMES_TABLE } from '../../projections/lap-times/tables.ts';
import { PACE_BAND_WIDTH, PACE_TABLE } from '../../projections/pace/tables.ts';
import {
  PARTICIPATION_TABLE,
  PARTICIPATION_WEEKS_TABLE,
} from '../../projections/participation/tables.ts';
import { SEASON_DRIVER_COUNTS_TABLE } from '../../projections/season-leaderboards/tables.ts';
import { SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import { InvalidQueryError } from './paging.ts';
import { carTimesAt } from './season-as-of.ts';
import {
  getSeason,
  seasonExists,
  seasonParticipationStatement,
  RECENT_RACE_COLUMNS,
  type SeasonDto,
  type TimeSlotParticipationDto,
  type WeekParticipationDto,
  shapeCarTime,
  shapeRecentRace,
  type CarTimeDto,
  type CarTimeRow,
  type RecentRaceDto,
  type RecentRaceRow,
} from './seasons.ts';
import { toTrack, type CarDto, type TrackDto } from './shapes.ts';

/**
 * What the series pages show about a season beyond its schedule and lists: the totals of the
 * overview, pace against iRating, the strongest races and the best lap of every car in every
 * week. Reads racing_participation(_weeks), racing_season_driver_stats, racing_pace,
 * racing_car_times and racing_subsessions, each through its key or a season index.
 */

export interface SeasonSummaryDto {
  /** Weeks with at least one race. */
  weeksRaced: number;
  sessions: number;
  /** Race splits (subsessions). */
  races: number;
  /** Driver starts. */
  entries: number;
  /** Distinct drivers who started in the season. */
  uniqueDrivers: number;
  averageStrengthOfField: number | null;
  maxStrengthOfField: number | null;
}

interface SummaryRow {
  weeks: number;
  sessions: number;
  races: number;
  entries: number;
  sof_sum: string | null;
  sof_count: number;
  max_sof: number | null;
  unique_drivers: number;
}

/** The season's totals (zeros for a season without races). */
export function seasonSummaryStatement(seasonId: number): Statement<SeasonSummaryDto> {
  return statement<SummaryRow, SeasonSummaryDto>(
    `SELECT count(DISTINCT race_week_num)::int AS weeks, coalesce(sum(sessions), 0)::int AS sessions,
            coalesce(sum(subsessions), 0)::int AS races, coalesce(sum(drivers), 0)::int AS entries,
            sum(sof_sum) AS sof_sum, coalesce(sum(sof_count), 0)::int AS sof_count, max(max_sof) AS max_sof,
            coalesce((SELECT drivers FROM ${SEASON_DRIVER_COUNTS_TABLE} WHERE season_id = ?), 0) AS unique_drivers
       FROM ${PARTICIPATION_TABLE} WHERE season_id = ?`,
    [seasonId, seasonId],
    (rows) => {
      const r = rows[0]!;
      return {
        weeksRaced: r.weeks,
        sessions: r.sessions,
        races: r.races,
        entries: r.entries,
        uniqueDrivers: r.unique_drivers,
        averageStrengthOfField:
          r.sof_count > 0 ? Math.round(Number(r.sof_sum) / r.sof_count) : null,
        maxStrengthOfField: r.max_sof,
      };
    },
  );
}

export interface SeasonOverviewDto {
  /** null when the catalog does not describe the season (known only from its races). */
  season: SeasonDto | null;
  summary: SeasonSummaryDto;
}

/** The season and its totals; null when the season is neither catalogued nor raced. */
export async function seasonOverview(
  db: Knex,
  seasonId: number,
): Promise<SeasonOverviewDto | null> {
  const [season, summary] = await Promise.all([
    getSeason(db, seasonId),
    run(db, seasonSummaryStatement(seasonId)),
  ]);
  if (!season && summary.races === 0 && !(await seasonExists(db, seasonId))) return null;
  return { season, summary };
}

export interface SeasonParticipationDto {
  /** Per week that has races: the sums of its slots and its distinct drivers. */
  weeks: (WeekParticipationDto & { raceWeekNum: number })[];
  /** Per week and time slot, by week then slot. */
  timeSlots: TimeSlotParticipationDto[];
}

/**
 * Entries, distinct drivers and strength of field per week and per time slot (the
 * participation and SoF pages), optionally of one week. Two reads by key prefix, one round trip.
 */
export async function seasonParticipationByWeek(
  db: Knex,
  seasonId: number,
  params: { raceWeekNum?: number } = {},
): Promise<SeasonParticipationDto> {
  const [weeks, timeSlots] = await batch(db, [
    seasonWeekParticipationStatement(seasonId, params),
    seasonParticipationStatement(seasonId, params),
  ]);
  return { weeks, timeSlots };
}

/** Per week that has races (optionally one week), by week: the sums of its time slots (its week row). */
export function seasonWeekParticipationStatement(
  seasonId: number,
  params: { raceWeekNum?: number } = {},
): Statement<SeasonParticipationDto['weeks']> {
  const week = params.raceWeekNum;
  return statement<
    ParticipationSumsRow & { race_week_num: number },
    SeasonParticipationDto['weeks']
  >(
    `SELECT race_week_num, sessions, subsessions, drivers, sof_sum, sof_count, max_sof, unique_drivers
       FROM ${PARTICIPATION_WEEKS_TABLE}
      WHERE season_id = ? ${week !== undefined ? 'AND race_week_num = ?' : ''}
      ORDER BY race_week_num`,
    week !== undefined ? [seasonId, week] : [seasonId],
    (rows) => rows.map((r) => ({ raceWeekNum: r.race_week_num, ...participationOf(r) })),
  );
}

interface ParticipationSumsRow {
  sessions: number;
  subsessions: number;
  drivers: number;
  unique_drivers: number;
  sof_sum: string | number | null;
  sof_count: number;
  max_sof: number | null;
}

function participationOf(r: ParticipationSumsRow): WeekParticipationDto {
  return {
    sessions: r.sessions,
    subsessions: r.subsessions,
    drivers: r.drivers,
    uniqueDrivers: r.unique_drivers,
    averageStrengthOfField: r.sof_count > 0 ? Math.round(Number(r.sof_sum) / r.sof_count) : null,
    maxStrengthOfField: r.max_sof,
  };
}

export interface PaceBandDto {
  /** Lower bound of the iRating band (the band is `bandWidth` wide). */
  irating: number;
  entries: number;
  /** Mean of the starts' best race laps, 1/10000 s. */
  averageBestLapTime: number | null;
  /** Mean of the starts' average laps (race pace), 1/10000 s. */
  averageLapTime: number | null;
}

export interface PaceCarDto {
  car: CarDto;
  entries: number;
  /** By iRating, low to high; bands without a start are left out. */
  bands: PaceBandDto[];
}

export interface SeasonPaceDto {
  bandWidth: number;
  /** The weeks that have pace data, with their track. */
  weeks: { raceWeekNum: number; track: TrackDto }[];
  /** The week shown: the one asked for, else the latest with data; null when none has any. */
  raceWeekNum: number | null;
  /** The cars raced that week, most starts first. */
  cars: PaceCarDto[];
}

/**
 * Lap time against iRating for one week (one track) of a season, per car. Without a week: the
 * latest week that has data. A week without data answers no cars.
 */
export async function seasonPace(
  db: Knex,
  seasonId: number,
  params: { raceWeekNum?: number } = {},
): Promise<SeasonPaceDto> {
  const weekRows = await db(CAR_TIMES_TABLE)
    .distinctOn('race_week_num')
    .select<
      { race_week_num: number; track_id: number; track_name: string; config_name: string | null }[]
    >('race_week_num', 'track_id', 'track_name', 'config_name')
    .where({ season_id: seasonId })
    .orderBy(['race_week_num', 'car_id']);
  const weeks = weekRows.map((w) => ({ raceWeekNum: w.race_week_num, track: toTrack(w) }));
  const week = params.raceWeekNum ?? weeks.at(-1)?.raceWeekNum ?? null;
  if (week === null) return { bandWidth: PACE_BAND_WIDTH, weeks, raceWeekNum: null, cars: [] };
  const { rows } = await db.raw<{
    rows: {
      car_id: number;
      car_name: string;
      irating_band: number;
      entries: number;
      sum_best_lap: string;
      n_best_lap: number;
      sum_average_lap: string;
      n_average_lap: number;
    }[];
  }>(
    `SELECT p.car_id, c.car_name, p.irating_band, p.entries, p.sum_best_lap, p.n_best_lap,
            p.sum_average_lap, p.n_average_lap
       FROM ${PACE_TABLE} p
       JOIN ${CAR_TIMES_TABLE} c
         ON c.season_id = p.season_id AND c.race_week_num = p.race_week_num AND c.car_id = p.car_id
      WHERE p.season_id = ? AND p.race_week_num = ?
      ORDER BY p.car_id, p.irating_band`,
    [seasonId, week],
  );
  const cars = new Map<number, PaceCarDto>();
  for (const r of rows) {
    let car = cars.get(r.car_id);
    if (!car) {
      car = { car: { carId: r.car_id, carName: r.car_name }, entries: 0, bands: [] };
      cars.set(r.car_id, car);
    }
    car.entries += r.entries;
    car.bands.push({
      irating: r.irating_band,
      entries: r.entries,
      averageBestLapTime:
        r.n_best_lap > 0 ? Math.round(Number(r.sum_best_lap) / r.n_best_lap) : null,
      averageLapTime:
        r.n_average_lap > 0 ? Math.round(Number(r.sum_average_lap) / r.n_average_lap) : null,
    });
  }
  return {
    bandWidth: PACE_BAND_WIDTH,
    weeks,
    raceWeekNum: week,
    cars: [...cars.values()].sort((a, b) => b.entries - a.entries || a.car.carId - b.car.carId),
  };
}

/** The most races a strongest-races list answers. */
export const MAX_STRONGEST_RACES = 50;

/**
 * The season's race splits by strength of field, strongest first (ties: lower subsession id); the
 * limit in the text (src/db/prepared.ts).
 */
export function seasonStrongestRacesStatement(
  seasonId: number,
  params: { limit?: number } = {},
): Statement<RecentRaceDto[]> {
  const limit = params.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_STRONGEST_RACES) {
    throw new InvalidQueryError(
      'limit',
      `limit must be an integer from 1 to ${MAX_STRONGEST_RACES}`,
    );
  }
  return statement<RecentRaceRow, RecentRaceDto[]>(
    `SELECT ${RECENT_RACE_COLUMNS} FROM ${SUBSESSIONS_TABLE}
      WHERE season_id = ? AND event_type = 'race' AND event_sof IS NOT NULL
      ORDER BY event_sof DESC, subsession_id
      LIMIT ${limit}`,
    [seasonId],
    (rows) => rows.map(shapeRecentRace),
  );
}

/** A season has at most 13 weeks; this bounds the cars a lap-time grid can hold per week. */
const MAX_GRID_ROWS = 2_000;
const GRID_ORDER = `ORDER BY race_week_num, best_lap_time NULLS LAST, car_id LIMIT ${MAX_GRID_ROWS}`;

/**
 * Every car's best lap, holder and averages in every week of the season, by week then fastest
 * car (the lap times page), as it stood at `asOf` when given. `lastWeek`: only the week whose
 * fastest laps the season shows without a week asked (the stats page): today the latest week
 * with car times, at `asOf` the cut week (the week of the last race before it). Bounded by
 * weeks × cars, so not paged. Prepared like every batched statement: planning the weeks and the
 * cut week's steps of a past day costs more than reading them.
 */
export function seasonLapTimeGridStatement(
  seasonId: number,
  options: { asOf?: Date; lastWeek?: boolean } = {},
): Statement<CarTimeDto[]> {
  const { asOf, lastWeek = false } = options;
  const latest = `AND race_week_num = (SELECT max(race_week_num) FROM ${CAR_TIMES_TABLE} WHERE season_id = ?)`;
  const from =
    asOf !== undefined
      ? carTimesAt(seasonId, asOf, 'c', lastWeek)
      : lastWeek
        ? {
            sql: `${CAR_TIMES_TABLE} WHERE season_id = ? ${latest}`,
            bindings: [seasonId, seasonId],
          }
        : { sql: `${CAR_TIMES_TABLE} WHERE season_id = ?`, bindings: [seasonId] };
  return statement<CarTimeRow, CarTimeDto[]>(
    `SELECT * FROM ${from.sql} ${GRID_ORDER}`,
    from.bindings,
    (rows) => rows.map(shapeCarTime),
  );
}
