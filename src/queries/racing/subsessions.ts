import type { Knex } from 'knex';
import { preparedRows } from '../../db/prepared.ts';
import type { RacingCategory } from '../../events/racing/common.ts';
import {
  SIMSESSION_TYPES,
  type CarClassSummary,
  type SimsessionType,
} from '../../events/racing/results.ts';
import {
  RESULTS_TABLE,
  SESSIONS_TABLE,
  SUBSESSIONS_TABLE,
} from '../../projections/subsessions/tables.ts';
import { raceIratingChanges } from '../../domain/index.ts';
import { InvalidQueryError, iso } from './paging.ts';
import {
  toLicense,
  toTrack,
  toWinner,
  type CarDto,
  type DriverRefDto,
  type LicenseDto,
  type TrackDto,
} from './shapes.ts';

/** Sessions, subsessions and their results per simsession. Reads racing_sessions, racing_subsessions, racing_results. */

export interface SimsessionRefDto {
  simsessionNumber: number;
  type: SimsessionType;
  name: string;
  entries: number;
}

export interface SubsessionDto {
  subsessionId: number;
  sessionId: number;
  seriesId: number;
  seriesName: string;
  seasonId: number;
  seasonName: string;
  seasonYear: number;
  seasonQuarter: number;
  raceWeekNum: number;
  startTime: string;
  endTime: string | null;
  track: TrackDto;
  category: RacingCategory;
  eventType: string;
  official: boolean;
  teamEvent: boolean;
  strengthOfField: number | null;
  fieldSize: number;
  eventBestLapTime: number | null;
  eventAverageLap: number | null;
  eventLapsComplete: number;
  numCautions: number;
  numCautionLaps: number;
  numLeadChanges: number;
  carClasses: CarClassSummary[];
  simsessions: SimsessionRefDto[];
}

interface SubsessionRow {
  subsession_id: number;
  session_id: number;
  series_id: number;
  series_name: string;
  season_id: number;
  season_name: string;
  season_year: number;
  season_quarter: number;
  race_week_num: number;
  start_time: Date;
  end_time: Date | null;
  track_id: number;
  track_name: string;
  config_name: string | null;
  category: string;
  event_type: string;
  official: boolean;
  team_event: boolean;
  event_sof: number | null;
  num_drivers: number;
  event_best_lap_time: number | null;
  event_average_lap: number | null;
  event_laps_complete: number;
  num_cautions: number;
  num_caution_laps: number;
  num_lead_changes: number;
  car_classes: CarClassSummary[];
  simsessions: SimsessionRefDto[];
}

function shapeSubsession(r: SubsessionRow): SubsessionDto {
  return {
    subsessionId: r.subsession_id,
    sessionId: r.session_id,
    seriesId: r.series_id,
    seriesName: r.series_name,
    seasonId: r.season_id,
    seasonName: r.season_name,
    seasonYear: r.season_year,
    seasonQuarter: r.season_quarter,
    raceWeekNum: r.race_week_num,
    startTime: iso(r.start_time)!,
    endTime: iso(r.end_time),
    track: toTrack(r),
    category: r.category as RacingCategory,
    eventType: r.event_type,
    official: r.official,
    teamEvent: r.team_event,
    strengthOfField: r.event_sof,
    fieldSize: r.num_drivers,
    eventBestLapTime: r.event_best_lap_time,
    eventAverageLap: r.event_average_lap,
    eventLapsComplete: r.event_laps_complete,
    numCautions: r.num_cautions,
    numCautionLaps: r.num_caution_laps,
    numLeadChanges: r.num_lead_changes,
    carClasses: r.car_classes,
    simsessions: r.simsessions,
  };
}

export interface ResultRowDto {
  driver: DriverRefDto & { countryCode: string | null; clubName: string | null };
  team: { teamId: number; teamName: string | null } | null;
  car: CarDto & { carClassId: number; carClassName: string | null };
  finishPosition: number;
  finishPositionInClass: number;
  startingPosition: number | null;
  startingPositionInClass: number | null;
  lapsComplete: number;
  lapsLed: number;
  incidents: number;
  bestLapTime: number | null;
  bestLapNum: number | null;
  averageLap: number | null;
  qualLapTime: number | null;
  /** Gap to the class leader, 1/10000 s; null when laps down or unclassified. */
  gapToLeader: number | null;
  oldIrating: number | null;
  newIrating: number | null;
  iratingChange: number | null;
  oldLicense: LicenseDto | null;
  newLicense: LicenseDto | null;
  reasonOut: string;
  champPoints: number | null;
}

/**
 * A result row as PostgreSQL sends it: its values as a JSON array in the order of
 * RESULT_COLUMNS. Arrays rather than objects keep the column names out of every row, which
 * PostgreSQL would write and Node parse again for each one (`json_agg` of the rows as objects
 * cost both sides more per row than the values themselves).
 */
type ResultRow = [
  custId: number,
  displayName: string,
  countryCode: string | null,
  clubName: string | null,
  teamId: number | null,
  teamName: string | null,
  carId: number,
  carName: string,
  carClassId: number,
  finishPosition: number,
  finishPositionInClass: number,
  startingPosition: number | null,
  startingPositionInClass: number | null,
  lapsComplete: number,
  lapsLed: number,
  incidents: number,
  bestLapTime: number | null,
  bestLapNum: number | null,
  averageLap: number | null,
  qualLapTime: number | null,
  gapToLeader: number | null,
  oldIrating: number | null,
  newIrating: number | null,
  oldSubLevel: number | null,
  newSubLevel: number | null,
  oldLicenseLevel: number | null,
  newLicenseLevel: number | null,
  reasonOut: string,
  champPoints: number | null,
];

/** The columns of ResultRow, in its order, as racing_results names them. */
const RESULT_COLUMNS = `cust_id, display_name, country_code, club_name, team_id, team_name, car_id,
  car_name, car_class_id, finish_position, finish_position_in_class, starting_position,
  starting_position_in_class, laps_complete, laps_led, incidents, best_lap_time, best_lap_num,
  average_lap, qual_lap_time, gap_to_leader, old_irating, new_irating, old_sub_level,
  new_sub_level, old_license_level, new_license_level, reason_out, champ_points`;

export interface SubsessionResultsDto {
  subsession: SubsessionDto;
  /** null when the subsession has no simsession of the requested type. */
  simsession: SimsessionRefDto | null;
  /** Every row of the simsession by finishing position (a grid is bounded, so no paging). */
  results: ResultRowDto[];
}

export function parseSimsessionType(value: string): SimsessionType {
  if ((SIMSESSION_TYPES as readonly string[]).includes(value)) return value as SimsessionType;
  throw new InvalidQueryError('type', `type must be one of ${SIMSESSION_TYPES.join(', ')}`);
}

/**
 * The results of one simsession type of a subsession (the main one when there are several, e.g.
 * heats and the feature: the highest simsession number). null for an unknown subsession.
 */
export async function subsessionResults(
  db: Knex,
  subsessionId: number,
  type: string,
): Promise<SubsessionResultsDto | null> {
  const simsessionType = parseSimsessionType(type);
  // One statement (prepared: planning it cost as much as running it): the subsession, the number
  // of its main simsession of that type (the highest, from the subsession's own list; null when
  // it has none) and that simsession's rows in finishing order, each as an array (ResultRow).
  const found = await preparedRows<
    SubsessionRow & { main_simsession: number | null; results: ResultRow[] }
  >(
    db,
    `SELECT s.*, m.main_simsession,
            (SELECT coalesce(json_agg(json_build_array(${RESULT_COLUMNS})
                                      ORDER BY finish_position, cust_id), '[]'::json)
               FROM ${RESULTS_TABLE}
              WHERE subsession_id = s.subsession_id
                AND simsession_number = m.main_simsession) AS results
       FROM ${SUBSESSIONS_TABLE} s
       CROSS JOIN LATERAL (SELECT max((e->>'simsessionNumber')::int) AS main_simsession
                             FROM jsonb_array_elements(s.simsessions) e
                            WHERE e->>'type' = ?) m
      WHERE s.subsession_id = ?`,
    [simsessionType, subsessionId],
  );
  const row = found[0];
  if (!row) return null;
  const subsession = shapeSubsession(row);
  const simsession =
    subsession.simsessions.find(
      (s) => s.type === simsessionType && s.simsessionNumber === row.main_simsession,
    ) ?? null;
  if (!simsession) return { subsession, simsession: null, results: [] };
  const rows = row.results;
  const classNames = new Map(row.car_classes.map((c) => [c.carClassId, c.shortName]));
  const licence = (level: number | null, subLevel: number | null) =>
    level === null && subLevel === null
      ? null
      : toLicense({
          category: row.category,
          irating: null,
          sub_level: subLevel,
          license_level: level,
          license_group: null,
          tt_rating: null,
        });
  return {
    subsession,
    simsession,
    results: rows.map(
      ([
        custId,
        displayName,
        countryCode,
        clubName,
        teamId,
        teamName,
        carId,
        carName,
        carClassId,
        finishPosition,
        finishPositionInClass,
        startingPosition,
        startingPositionInClass,
        lapsComplete,
        lapsLed,
        incidents,
        bestLapTime,
        bestLapNum,
        averageLap,
        qualLapTime,
        gapToLeader,
        oldIrating,
        newIrating,
        oldSubLevel,
        newSubLevel,
        oldLicenseLevel,
        newLicenseLevel,
        reasonOut,
        champPoints,
      ]) => ({
        driver: { custId, displayName, countryCode, clubName },
        team: teamId === null ? null : { teamId, teamName },
        car: { carId, carName, carClassId, carClassName: classNames.get(carClassId) ?? null },
        finishPosition,
        finishPositionInClass,
        startingPosition,
        startingPositionInClass,
        lapsComplete,
        lapsLed,
        incidents,
        bestLapTime,
        bestLapNum,
        averageLap,
        qualLapTime,
        gapToLeader,
        oldIrating,
        newIrating,
        iratingChange: oldIrating !== null && newIrating !== null ? newIrating - oldIrating : null,
        oldLicense: licence(oldLicenseLevel, oldSubLevel),
        newLicense: licence(newLicenseLevel, newSubLevel),
        reasonOut,
        champPoints,
      }),
    ),
  };
}

export interface SessionSplitDto {
  subsessionId: number;
  strengthOfField: number | null;
  fieldSize: number;
  winner: (DriverRefDto & { teamName: string | null }) | null;
  eventBestLapTime: number | null;
  official: boolean;
}

export interface SessionDto {
  sessionId: number;
  seriesId: number;
  seriesName: string;
  seasonId: number;
  seasonName: string;
  raceWeekNum: number;
  startTime: string;
  /** "HH:MM" UTC. */
  timeSlot: string;
  track: TrackDto;
  category: RacingCategory;
  eventType: string;
  numSubsessions: number;
  numDrivers: number;
  maxStrengthOfField: number | null;
  minStrengthOfField: number | null;
  /** The splits, strongest first. */
  subsessions: SessionSplitDto[];
}

interface SessionSplitRow {
  subsession_id: number;
  season_name: string;
  time_slot: string;
  category: string;
  event_type: string;
  official: boolean;
  event_sof: number | null;
  num_drivers: number;
  winner_cust_id: number | null;
  winner_name: string | null;
  winner_team_name: string | null;
  event_best_lap_time: number | null;
}

/** A session and its splits; null for an unknown session. One statement. */
export async function getSession(db: Knex, sessionId: number): Promise<SessionDto | null> {
  const { rows } = await db.raw<{
    rows: {
      session_id: number;
      series_id: number;
      series_name: string;
      season_id: number;
      race_week_num: number;
      start_time: Date;
      track_id: number;
      track_name: string;
      config_name: string | null;
      num_subsessions: number;
      num_drivers: number;
      max_sof: number | null;
      min_sof: number | null;
      splits: SessionSplitRow[];
    }[];
  }>(
    `SELECT x.*,
            (SELECT coalesce(json_agg(s ORDER BY s.event_sof DESC NULLS LAST, s.subsession_id), '[]'::json)
               FROM (SELECT subsession_id, season_name, time_slot, category, event_type, official, event_sof,
                            num_drivers, winner_cust_id, winner_name, winner_team_name, event_best_lap_time
                       FROM ${SUBSESSIONS_TABLE} WHERE session_id = x.session_id) s) AS splits
       FROM ${SESSIONS_TABLE} x WHERE x.session_id = ?`,
    [sessionId],
  );
  const s = rows[0];
  const first = s?.splits[0];
  if (!s || !first) return null;
  return {
    sessionId: s.session_id,
    seriesId: s.series_id,
    seriesName: s.series_name,
    seasonId: s.season_id,
    seasonName: first.season_name,
    raceWeekNum: s.race_week_num,
    startTime: iso(s.start_time)!,
    timeSlot: first.time_slot,
    track: toTrack(s),
    category: first.category as RacingCategory,
    eventType: first.event_type,
    numSubsessions: s.num_subsessions,
    numDrivers: s.num_drivers,
    maxStrengthOfField: s.max_sof,
    minStrengthOfField: s.min_sof,
    subsessions: s.splits.map((x) => ({
      subsessionId: x.subsession_id,
      strengthOfField: x.event_sof,
      fieldSize: x.num_drivers,
      winner: toWinner(x),
      eventBestLapTime: x.event_best_lap_time,
      official: x.official,
    })),
  };
}

/**
 * Which split of its session a subsession is: 1 = the strongest (iRacing numbers splits by
 * strength of field, highest first), with the number of splits. null for an unknown pair.
 */
export async function subsessionSplit(
  db: Knex,
  sessionId: number,
  subsessionId: number,
): Promise<{ number: number; of: number } | null> {
  const { rows } = await db.raw<{ rows: { n: string; total: string }[] }>(
    `SELECT n, total FROM (
       SELECT subsession_id,
              row_number() OVER (ORDER BY event_sof DESC NULLS LAST, subsession_id) AS n,
              count(*) OVER () AS total
         FROM ${SUBSESSIONS_TABLE} WHERE session_id = ?) x
      WHERE subsession_id = ?`,
    [sessionId, subsessionId],
  );
  const row = rows[0];
  return row ? { number: Number(row.n), of: Number(row.total) } : null;
}

export interface IratingModelRowDto {
  custId: number;
  displayName: string;
  carClassId: number;
  finishPosition: number;
  finishPositionInClass: number;
  /** The change iRacing recorded; null for a driver without a rating before or after. */
  recordedChange: number | null;
  /** The change the model computes (one decimal); null for a driver without a rating before. */
  computedChange: number | null;
}

/**
 * Every driver of the race (the main race simsession) with the recorded iRating change and the
 * one the domain model computes from the same field (src/domain raceIratingChanges). An empty
 * list for a subsession without a race; null for an unknown subsession.
 */
export async function subsessionIratingModel(
  db: Knex,
  subsessionId: number,
): Promise<IratingModelRowDto[] | null> {
  const results = await subsessionResults(db, subsessionId, 'race');
  if (!results) return null;
  const changes = raceIratingChanges(
    results.results.map((r) => ({
      custId: r.driver.custId,
      teamId: r.team?.teamId ?? null,
      carClassId: r.car.carClassId,
      finishPosition: r.finishPosition,
      lapsComplete: r.lapsComplete,
      oldIrating: r.oldIrating,
    })),
    results.subsession.teamEvent,
  );
  return results.results.map((r) => {
    const computed = changes.get(r.driver.custId);
    return {
      custId: r.driver.custId,
      displayName: r.driver.displayName,
      carClassId: r.car.carClassId,
      finishPosition: r.finishPosition,
      finishPositionInClass: r.finishPositionInClass,
      recordedChange: r.iratingChange,
      computedChange: computed === undefined ? null : Math.round(computed * 10) / 10,
    };
  });
}
