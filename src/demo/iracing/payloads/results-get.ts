import type { Helmet, Livery, SubsessionResult, Suit } from '../../../ingest/schemas/index.ts';
import { TRACK_CATEGORIES, licenceCategory } from '../catalog/categories.ts';
import { carById, carClassById } from '../catalog/cars.ts';
import type { RaceOutcome, TimedSession } from '../sim/race.ts';
import type { SubsessionRecord } from '../sim/records.ts';
import { licenceLevel, type Settlement } from '../sim/settlement.ts';
import { MINUTE_MS, isoSeconds } from '../world/calendar.ts';
import type { DemoWorld } from '../world/world.ts';
import { appearanceOf, countryOf, livery } from './identity.ts';
import {
  allowedLicences,
  divisionFor,
  divisionName,
  seasonName,
  seasonShortName,
  seriesLogo,
} from './naming.ts';
import { teamLineup, teamRows } from './teams.ts';
import { weatherBlock, weatherResult } from './weather.ts';

const EPOCH = '1970-01-01T00:00:00Z';

/** What every row of an entrant shares, whichever simsession it is in. */
interface EntrantContext {
  index: number;
  custId: number;
  displayName: string;
  aggregatePoints: number;
  carId: number;
  carName: string;
  classId: number;
  className: string;
  classShortName: string;
  clubId: number;
  clubName: string;
  countryCode: string;
  flairId: number;
  flairName: string;
  division: number;
  helmet: Helmet;
  suit: Suit;
  livery: Livery;
  oldIrating: number;
  newIrating: number;
  oldLevel: number;
  newLevel: number;
  oldSubLevel: number;
  newSubLevel: number;
  oldCpi: number;
  newCpi: number;
  ttRating: number;
  qualLapTime: number;
}

interface RowValues {
  averageLap: number;
  bestLapNum: number;
  bestLapTime: number;
  bestQualLapAt: string;
  bestQualLapNum: number;
  bestQualLapTime: number;
  champPoints: number;
  classInterval: number;
  clubPoints: number;
  finishPosition: number;
  finishPositionInClass: number;
  incidents: number;
  interval: number;
  lapsComplete: number;
  lapsLead: number;
  reasonOut: string;
  reasonOutId: number;
  startingPosition: number;
  startingPositionInClass: number;
  qualLapTime: number;
}

/**
 * results/get of a recorded subsession: replays the race (deterministic) and writes the payload
 * with the field names, units and order of the recorded 2022 results (plus the 2024 additions:
 * car classes' `relative_speed`, `weather_result`). Practice is simsession −2 (−1 without
 * attached qualifying), lone qualifying −1, the race 0; positions are 0-based; times 1/10000 s.
 */
export function buildSubsessionResult(
  world: DemoWorld,
  record: SubsessionRecord,
): SubsessionResult {
  const { outcome, settlement } = world.simulation.replay(record);
  const { session } = record;
  const ss = session.seriesSeason;
  const { series } = ss;
  const week = session.week;
  const track = week.track;
  const category = licenceCategory(series.category);
  const entrants = entrantContexts(world, record, outcome, settlement);
  const classIds = series.carClassIds;
  // Team events list teams with their drivers; single-driver events list the drivers.
  const lineup = teamLineup(world, series, record, outcome.race.order);
  const listed = (rows: ReturnType<typeof raceRows>, order: ArrayLike<number>) =>
    lineup ? teamRows(rows, order, lineup) : rows;

  const sessions: SubsessionResult['session_results'] = [];
  const practiceNumber = outcome.qualify ? -2 : -1;
  sessions.push({
    simsession_number: practiceNumber,
    simsession_name: 'PRACTICE',
    simsession_type: 3,
    simsession_type_name: 'Open Practice',
    simsession_subtype: 0,
    results: listed(timedRows(entrants, outcome.practice, record, false), outcome.practice.order),
    weather_result: weatherResult(week.weather, 0),
  });
  if (outcome.qualify) {
    sessions.push({
      simsession_number: -1,
      simsession_name: 'QUALIFY',
      simsession_type: 4,
      simsession_type_name: 'Lone Qualifying',
      simsession_subtype: 0,
      results: listed(
        timedRows(
          entrants,
          outcome.qualify,
          record,
          true,
          session.startMs + ss.practiceMinutes * MINUTE_MS,
        ),
        outcome.qualify.order,
      ),
      weather_result: weatherResult(week.weather, ss.practiceMinutes),
    });
  }
  sessions.push({
    simsession_number: 0,
    simsession_name: 'RACE',
    simsession_type: 6,
    simsession_type_name: 'Race',
    simsession_subtype: 0,
    results: listed(raceRows(entrants, outcome, settlement), outcome.race.order),
    weather_result: weatherResult(week.weather, ss.practiceMinutes + ss.qualifyMinutes),
  });

  const classEntries = new Map<number, Set<number>>();
  record.carIds.forEach((carId, i) => {
    const classId = classIds[record.classIndex[i] as number] as number;
    const set = classEntries.get(classId) ?? new Set<number>();
    set.add(carId);
    classEntries.set(classId, set);
  });
  const summary = record.summary;
  return {
    subsession_id: record.subsessionId,
    allowed_licenses: allowedLicences(series),
    associated_subsession_ids: session.subsessionIds,
    can_protest: false,
    car_classes: classIds
      .map((classId, classIndex) => ({ classId, classIndex }))
      .filter(({ classId }) => classEntries.has(classId))
      .map(({ classId, classIndex }) => {
        const cls = carClassById(classId);
        const cars = [...(classEntries.get(classId) ?? [])].sort((a, b) => a - b);
        return {
          car_class_id: classId,
          short_name: cls.shortName,
          name: cls.name,
          strength_of_field: settlement.classSof[classIndex] ?? -1,
          num_entries: Array.from(record.classIndex).filter((c) => c === classIndex).length,
          relative_speed: cls.relativeSpeed,
          cars_in_class: cars.map((car_id) => ({ car_id })),
        };
      }),
    caution_type: series.cautions ? 1 : 2,
    cooldown_minutes: 30,
    corners_per_lap: track.corners,
    damage_model: 0,
    driver_change_param1: -1,
    driver_change_param2: -1,
    driver_change_rule: 0,
    driver_changes: lineup !== null,
    end_time: isoSeconds(summary.endMs),
    event_average_lap: summary.eventAverageLap,
    event_best_lap_time: summary.eventBestLap,
    event_laps_complete: summary.lapsComplete,
    event_strength_of_field: summary.eventSof,
    event_type: 5,
    event_type_name: 'Race',
    heat_info_id: -1,
    license_category: category.resultsName,
    license_category_id: category.id,
    limit_minutes: 10080,
    max_team_drivers: series.teamDrivers,
    max_weeks: 12,
    min_team_drivers: 1,
    num_caution_laps: summary.numCautionLaps,
    num_cautions: summary.numCautions,
    num_drivers: record.entrants.length,
    num_laps_for_qual_average: 2,
    num_laps_for_solo_average: 1,
    num_lead_changes: summary.numLeadChanges,
    official_session: true,
    points_type: 'race',
    private_session_id: -1,
    race_summary: {
      subsession_id: record.subsessionId,
      average_lap: summary.eventAverageLap,
      laps_complete: summary.lapsComplete,
      num_cautions: summary.numCautions,
      num_caution_laps: summary.numCautionLaps,
      num_lead_changes: summary.numLeadChanges,
      field_strength: summary.eventSof,
      num_opt_laps: 0,
      has_opt_path: false,
      special_event_type: 0,
      special_event_type_text: 'Not a special event',
    },
    race_week_num: week.raceWeekNum,
    results_restricted: false,
    season_id: ss.seasonId,
    season_name: seasonName(ss),
    season_quarter: ss.season.quarter,
    season_short_name: seasonShortName(ss),
    season_year: ss.season.year,
    series_id: series.seriesId,
    series_logo: seriesLogo(series),
    series_name: series.name,
    series_short_name: series.shortName,
    session_id: session.sessionId,
    session_results: sessions,
    session_splits: session.subsessionIds.map((subsession_id, i) => ({
      subsession_id,
      event_strength_of_field: session.sofs[i] ?? -1,
    })),
    special_event_type: -1,
    start_time: isoSeconds(session.startMs),
    track: {
      category: TRACK_CATEGORIES[track.category].resultsName,
      category_id: TRACK_CATEGORIES[track.category].id,
      config_name: track.config,
      track_id: track.trackId,
      track_name: track.name,
    },
    track_state: {
      leave_marbles: false,
      practice_grip_compound: -1,
      practice_rubber: -1,
      qualify_grip_compound: -1,
      qualify_rubber: -1,
      race_grip_compound: -1,
      race_rubber: -1,
      warmup_grip_compound: -1,
      warmup_rubber: -1,
    },
    weather: weatherBlock(week.weather),
  };
}

function entrantContexts(
  world: DemoWorld,
  record: SubsessionRecord,
  outcome: RaceOutcome,
  settlement: Settlement,
): EntrantContext[] {
  const { drivers } = world;
  const series = record.session.seriesSeason.series;
  return Array.from(record.entrants, (driver, i) => {
    const { car } = carById(record.carIds[i] as number);
    const cls = carClassById(series.carClassIds[record.classIndex[i] as number] as number);
    const country = countryOf(world, driver);
    const appearance = appearanceOf(world, driver);
    const oldGroup = record.preGroup[i] as number;
    const oldSubLevel = record.preSubLevel[i] as number;
    const newGroup = settlement.newGroup[i] as number;
    const newSubLevel = settlement.newSubLevel[i] as number;
    const oldIrating = record.preIrating[i] as number;
    return {
      index: i,
      custId: drivers.custId[driver] as number,
      displayName: drivers.displayName[driver] as string,
      aggregatePoints:
        (record.preAggregatePoints[i] as number) + (settlement.champPoints[i] as number),
      carId: car.carId,
      carName: car.name,
      classId: cls.carClassId,
      className: cls.name,
      classShortName: cls.shortName,
      clubId: country.clubId,
      clubName: country.clubName,
      countryCode: country.code,
      flairId: country.flairId,
      flairName: country.flairName,
      division: divisionFor(oldIrating, oldGroup),
      helmet: appearance.helmet,
      suit: appearance.suit,
      livery: livery(appearance, car.carId, String(i + 1)),
      oldIrating,
      newIrating: settlement.newIrating[i] as number,
      oldLevel: licenceLevel(oldGroup, oldSubLevel),
      newLevel: licenceLevel(newGroup, newSubLevel),
      oldSubLevel,
      newSubLevel,
      oldCpi: round6(record.preCpi[i] as number),
      newCpi: round6(settlement.newCpi[i] as number),
      ttRating: drivers.ttRating[driver] as number,
      qualLapTime: outcome.separateQualTime ? (outcome.separateQualTime[i] as number) : -1,
    };
  });
}

function timedRows(
  entrants: readonly EntrantContext[],
  session: TimedSession,
  record: SubsessionRecord,
  qualifying: boolean,
  startMs = 0,
) {
  const inClassRank = classRanks(session.order, record.classIndex);
  const classLeadBest = new Map<number, number>();
  return Array.from(session.order, (entrant, position) => {
    const e = entrants[entrant] as EntrantContext;
    const cls = record.classIndex[entrant] as number;
    const best = session.best[entrant] as number;
    if (!classLeadBest.has(cls)) classLeadBest.set(cls, best);
    const classBest = classLeadBest.get(cls) as number;
    const inClass = inClassRank[entrant] as number;
    const hasBest = best > 0;
    return row(e, {
      averageLap: session.average[entrant] as number,
      bestLapNum: session.bestNum[entrant] as number,
      bestLapTime: best,
      bestQualLapAt:
        qualifying && hasBest ? isoSeconds(startMs + (session.bestAtMs[entrant] as number)) : EPOCH,
      bestQualLapNum: qualifying && hasBest ? (session.bestNum[entrant] as number) : -1,
      bestQualLapTime: qualifying && hasBest ? best : -1,
      champPoints: 0,
      classInterval: inClass === 0 ? 0 : hasBest && classBest > 0 ? best - classBest : -1,
      clubPoints: 0,
      finishPosition: position,
      finishPositionInClass: inClass,
      incidents: session.incidents[entrant] as number,
      interval: session.interval[entrant] as number,
      lapsComplete: session.laps[entrant] as number,
      lapsLead: 0,
      reasonOut: 'Running',
      reasonOutId: 0,
      startingPosition: -1,
      startingPositionInClass: -1,
      qualLapTime: e.qualLapTime,
    });
  });
}

function raceRows(
  entrants: readonly EntrantContext[],
  outcome: RaceOutcome,
  settlement: Settlement,
) {
  const race = outcome.race;
  return Array.from(race.order, (entrant) => {
    const e = entrants[entrant] as EntrantContext;
    const reasonOutId = race.reasonOut[entrant] as number;
    return row(e, {
      averageLap: race.average[entrant] as number,
      bestLapNum: race.bestNum[entrant] as number,
      bestLapTime: race.best[entrant] as number,
      bestQualLapAt: EPOCH,
      bestQualLapNum: -1,
      bestQualLapTime: -1,
      champPoints: settlement.champPoints[entrant] as number,
      classInterval: race.classInterval[entrant] as number,
      clubPoints: settlement.clubPoints[entrant] as number,
      finishPosition: race.position[entrant] as number,
      finishPositionInClass: race.positionInClass[entrant] as number,
      incidents: race.incidents[entrant] as number,
      interval: race.interval[entrant] as number,
      lapsComplete: race.laps[entrant] as number,
      lapsLead: race.lapsLed[entrant] as number,
      reasonOut: reasonOutId === 0 ? 'Running' : 'Disconnected',
      reasonOutId,
      startingPosition: outcome.startPosition[entrant] as number,
      startingPositionInClass: outcome.startPositionInClass[entrant] as number,
      qualLapTime: e.qualLapTime,
    });
  });
}

/** A results row, keys in the recorded order. */
function row(e: EntrantContext, v: RowValues) {
  return {
    cust_id: e.custId,
    display_name: e.displayName,
    aggregate_champ_points: e.aggregatePoints,
    ai: false,
    average_lap: v.averageLap,
    best_lap_num: v.bestLapNum,
    best_lap_time: v.bestLapTime,
    best_nlaps_num: -1,
    best_nlaps_time: -1,
    best_qual_lap_at: v.bestQualLapAt,
    best_qual_lap_num: v.bestQualLapNum,
    best_qual_lap_time: v.bestQualLapTime,
    car_class_id: e.classId,
    car_class_name: e.className,
    car_class_short_name: e.classShortName,
    car_id: e.carId,
    car_name: e.carName,
    champ_points: v.champPoints,
    class_interval: v.classInterval,
    club_id: e.clubId,
    club_name: e.clubName,
    club_points: v.clubPoints,
    club_shortname: e.clubName,
    country_code: e.countryCode,
    division: e.division,
    division_name: divisionName(e.division),
    drop_race: false,
    finish_position: v.finishPosition,
    finish_position_in_class: v.finishPositionInClass,
    flair_id: e.flairId,
    flair_name: e.flairName,
    friend: false,
    helmet: e.helmet,
    incidents: v.incidents,
    interval: v.interval,
    laps_complete: v.lapsComplete,
    laps_lead: v.lapsLead,
    league_agg_points: 0,
    league_points: 0,
    license_change_oval: -1,
    license_change_road: -1,
    livery: e.livery,
    max_pct_fuel_fill: -1,
    multiplier: 1,
    new_cpi: e.newCpi,
    new_license_level: e.newLevel,
    new_sub_level: e.newSubLevel,
    new_ttrating: e.ttRating,
    newi_rating: e.newIrating,
    old_cpi: e.oldCpi,
    old_license_level: e.oldLevel,
    old_sub_level: e.oldSubLevel,
    old_ttrating: e.ttRating,
    oldi_rating: e.oldIrating,
    opt_laps_complete: 0,
    position: v.finishPosition,
    qual_lap_time: v.qualLapTime,
    reason_out: v.reasonOut,
    reason_out_id: v.reasonOutId,
    starting_position: v.startingPosition,
    starting_position_in_class: v.startingPositionInClass,
    suit: e.suit,
    watched: false,
    weight_penalty_kg: -1,
  };
}

/** 0-based rank of each entrant within its class, in the given order. */
function classRanks(order: Int32Array, classIndex: Uint8Array): Int16Array {
  const ranks = new Int16Array(order.length);
  const seen = new Map<number, number>();
  for (const entrant of order) {
    const cls = classIndex[entrant] as number;
    const rank = seen.get(cls) ?? 0;
    ranks[entrant] = rank;
    seen.set(cls, rank + 1);
  }
  return ranks;
}

/** CPI with the API's precision (float32 printed to ~6 decimals). */
function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
