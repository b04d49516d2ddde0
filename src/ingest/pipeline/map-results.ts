import {
  subsessionResultsData,
  type DriverResult,
  type SimsessionType,
  type SubsessionEventType,
  type SubsessionResultsData,
} from '../../events/racing/results.ts';
import {
  EVENT_TYPE,
  SIMSESSION_TYPE,
  isTeamResultRow,
  type DriverResultRow,
  type SessionResult,
  type SubsessionResult,
  type TeamResultRow,
} from '../schemas/index.ts';
import { IngestMappingError } from './mapping-error.ts';
import {
  categoryOf,
  countOrNull,
  countOrZero,
  isoTime,
  lapTimeOrNull,
  levelOrNull,
  placeOrNull,
  ratingOrNull,
  trackRefOf,
} from './values.ts';

const EVENT_TYPES: Record<number, SubsessionEventType> = {
  [EVENT_TYPE.practice]: 'practice',
  [EVENT_TYPE.qualify]: 'qualify',
  [EVENT_TYPE.timeTrial]: 'time_trial',
  [EVENT_TYPE.race]: 'race',
};

/**
 * results/get → the data of SubsessionResultsRecorded (or of a correction: the same shape).
 * Pure. Every simsession is kept (practice, qualifying, heats, the race). In team events each
 * team row becomes one row per driver in its `driver_results`, carrying the team's positions,
 * interval and name and the driver's own laps, incidents, ratings and lap times; a team that
 * has no drivers contributes no row. Throws IngestMappingError when the payload cannot be
 * expressed as the event (checked against the event's own schema).
 */
export function mapSubsessionResult(result: SubsessionResult): SubsessionResultsData {
  const subject = `results/get subsession ${result.subsession_id}`;
  const eventType = EVENT_TYPES[result.event_type];
  if (!eventType) throw new IngestMappingError(subject, `unknown event_type ${result.event_type}`);
  if (result.season_quarter < 1 || result.season_quarter > 4) {
    throw new IngestMappingError(subject, `season_quarter ${result.season_quarter} is not 1..4`);
  }
  const teamEvent =
    result.max_team_drivers > 1 ||
    result.session_results.some((s) => s.results.some((r) => isTeamResultRow(r)));
  const data: SubsessionResultsData = {
    subsessionId: result.subsession_id,
    sessionId: result.session_id,
    seriesId: result.series_id,
    seriesName: result.series_name,
    seasonId: result.season_id,
    seasonName: result.season_name,
    seasonYear: result.season_year,
    seasonQuarter: result.season_quarter,
    raceWeekNum: Math.max(0, result.race_week_num),
    startTime: isoTime(result.start_time, subject),
    endTime: result.end_time ? isoTime(result.end_time, subject) : null,
    track: trackRefOf(result.track),
    category: categoryOf(result.license_category_id, subject),
    eventType,
    official: result.official_session,
    teamEvent,
    eventStrengthOfField:
      result.event_strength_of_field >= 0 ? result.event_strength_of_field : null,
    eventBestLapTime: lapTimeOrNull(result.event_best_lap_time),
    eventAverageLap: lapTimeOrNull(result.event_average_lap),
    eventLapsComplete: countOrZero(result.event_laps_complete),
    numCautions: countOrZero(result.num_cautions),
    numCautionLaps: countOrZero(result.num_caution_laps),
    numLeadChanges: countOrZero(result.num_lead_changes),
    carClasses: result.car_classes.map((c) => ({
      carClassId: c.car_class_id,
      name: c.name,
      shortName: c.short_name,
      strengthOfField:
        c.strength_of_field !== undefined && c.strength_of_field >= 0 ? c.strength_of_field : null,
      numEntries: countOrNull(c.num_entries),
      carIds: c.cars_in_class.map((car) => car.car_id),
    })),
    simsessions: [...result.session_results]
      .sort((a, b) => a.simsession_number - b.simsession_number)
      .map((s) => ({
        simsessionNumber: s.simsession_number,
        type: simsessionTypeOf(s),
        name: s.simsession_name,
        results: s.results.flatMap((row) =>
          isTeamResultRow(row)
            ? row.driver_results.map((driver) => driverRow(driver, row))
            : [driverRow(row, null)],
        ),
      })),
  };
  const checked = subsessionResultsData.safeParse(data);
  if (!checked.success) {
    throw new IngestMappingError(
      subject,
      'does not fit SubsessionResultsRecorded',
      checked.error.issues,
    );
  }
  return checked.data;
}

/** By the API's simsession_type, falling back to the name ("HEAT 1", "WARMUP") for others. */
export function simsessionTypeOf(
  s: Pick<SessionResult, 'simsession_type' | 'simsession_name' | 'simsession_type_name'>,
): SimsessionType {
  const name = `${s.simsession_name} ${s.simsession_type_name}`;
  if (/warm/i.test(name)) return 'warmup';
  switch (s.simsession_type) {
    case SIMSESSION_TYPE.race:
      return 'race';
    case SIMSESSION_TYPE.loneQualifying:
    case SIMSESSION_TYPE.openQualifying:
      return 'qualify';
    case SIMSESSION_TYPE.openPractice:
      return 'practice';
    default:
      if (/race|heat|feature|consolation/i.test(name)) return 'race';
      if (/qual/i.test(name)) return 'qualify';
      return 'practice';
  }
}

/** A driver's row; `team` (a team event) supplies the team's identity and positions. */
function driverRow(r: DriverResultRow, team: TeamResultRow | null): DriverResult {
  const placed = team ?? r;
  const finish = placeOrNull(placed.finish_position) ?? 1;
  return {
    custId: r.cust_id,
    displayName: r.display_name,
    countryCode: r.country_code ?? null,
    clubName: r.club_name ?? null,
    teamId: team ? team.team_id : null,
    teamName: team ? team.display_name : null,
    carId: r.car_id,
    carName: r.car_name ?? team?.car_name ?? `Car ${r.car_id}`,
    carClassId: r.car_class_id,
    finishPosition: finish,
    finishPositionInClass: placeOrNull(placed.finish_position_in_class) ?? finish,
    startingPosition: placeOrNull(placed.starting_position),
    startingPositionInClass: placeOrNull(placed.starting_position_in_class),
    lapsComplete: countOrZero(r.laps_complete),
    lapsLed: countOrZero(r.laps_lead),
    incidents: countOrZero(r.incidents),
    bestLapTime: lapTimeOrNull(r.best_lap_time),
    bestLapNum: r.best_lap_num >= 0 ? r.best_lap_num : null,
    averageLap: lapTimeOrNull(r.average_lap),
    qualLapTime: lapTimeOrNull(r.qual_lap_time),
    interval: placed.interval >= 0 ? placed.interval : null,
    oldIrating: ratingOrNull(r.oldi_rating),
    newIrating: ratingOrNull(r.newi_rating),
    oldSubLevel: ratingOrNull(r.old_sub_level),
    newSubLevel: ratingOrNull(r.new_sub_level),
    oldLicenseLevel: levelOrNull(r.old_license_level),
    newLicenseLevel: levelOrNull(r.new_license_level),
    reasonOut: r.reason_out,
    champPoints: r.champ_points >= 0 ? r.champ_points : null,
  };
}

/** Rows over every simsession (what "result rows" counts) and rows of the main event. */
export function countResultRows(data: SubsessionResultsData): { all: number; mainEvent: number } {
  let all = 0;
  let mainEvent = 0;
  for (const s of data.simsessions) {
    all += s.results.length;
    if (s.simsessionNumber === 0) mainEvent += s.results.length;
  }
  return { all, mainEvent };
}
