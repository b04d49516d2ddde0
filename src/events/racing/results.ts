import { z } from 'zod';
import { defineEvent, type EventData } from '../../eventstore/event-types.ts';
import { count, id, isoTime, lapTime, position, racingCategory, trackRef } from './common.ts';

/**
 * The results of one subsession (one split of one session), stream `subsession-<id>`.
 *
 * `SubsessionResultsRecorded` is the first time Pitwall learns a result; when a re-ingest finds
 * different data it appends `SubsessionResultsCorrected` carrying the FULL corrected result, and
 * every projection replaces what the earlier event contributed (rows, leaderboard counts, lap
 * times). Identical data appends nothing (the ingest compares before appending).
 *
 * Team events: one row per driver who drove for a team, with `teamId`/`teamName` set and the
 * team's positions; drivers of solo events have `teamId: null`.
 */

export const SIMSESSION_TYPES = ['practice', 'qualify', 'warmup', 'race'] as const;
export type SimsessionType = (typeof SIMSESSION_TYPES)[number];
export const simsessionType = z.enum(SIMSESSION_TYPES);

export const EVENT_TYPES = ['practice', 'qualify', 'time_trial', 'race'] as const;
export type SubsessionEventType = (typeof EVENT_TYPES)[number];

export const driverResult = z.object({
  custId: id,
  /** Public iRacing display name (racing data, not a Pitwall user's personal data). */
  displayName: z.string(),
  countryCode: z.string().nullable(),
  clubName: z.string().nullable(),
  teamId: id.nullable(),
  teamName: z.string().nullable(),
  carId: id,
  carName: z.string(),
  carClassId: id,
  finishPosition: position,
  finishPositionInClass: position,
  /** null when the driver did not take the start of this simsession (practice, no grid). */
  startingPosition: position.nullable(),
  startingPositionInClass: position.nullable(),
  lapsComplete: count,
  lapsLed: count,
  incidents: count,
  bestLapTime: lapTime,
  bestLapNum: z.number().int().nullable(),
  averageLap: lapTime,
  qualLapTime: lapTime,
  /** Gap to the class leader in 1/10000 s; null when laps down or not classified. */
  interval: z.number().int().nullable(),
  oldIrating: z.number().int().nullable(),
  newIrating: z.number().int().nullable(),
  oldSubLevel: z.number().int().nullable(),
  newSubLevel: z.number().int().nullable(),
  oldLicenseLevel: z.number().int().nullable(),
  newLicenseLevel: z.number().int().nullable(),
  reasonOut: z.string(),
  champPoints: z.number().int().nullable(),
});
export type DriverResult = z.infer<typeof driverResult>;

export const simsessionResults = z.object({
  /** iRacing's simsession_number: 0 = the main event, negative = earlier sessions (practice, qualify, heats). */
  simsessionNumber: z.number().int(),
  type: simsessionType,
  /** As iRacing names it ("RACE", "QUALIFY", "HEAT 1"). */
  name: z.string(),
  results: z.array(driverResult),
});
export type SimsessionResults = z.infer<typeof simsessionResults>;

export const carClassSummary = z.object({
  carClassId: id,
  name: z.string(),
  shortName: z.string(),
  /** null where the source omits it (results/get dropped these per-class fields by 2024). */
  strengthOfField: z.number().int().nullable(),
  numEntries: count.nullable(),
  carIds: z.array(id),
});
export type CarClassSummary = z.infer<typeof carClassSummary>;

export const subsessionResultsData = z.object({
  subsessionId: id,
  sessionId: id,
  seriesId: id,
  seriesName: z.string(),
  seasonId: id,
  seasonName: z.string(),
  seasonYear: z.number().int(),
  seasonQuarter: z.number().int().min(1).max(4),
  raceWeekNum: z.number().int().nonnegative(),
  startTime: isoTime,
  endTime: isoTime.nullable(),
  track: trackRef,
  category: racingCategory,
  eventType: z.enum(EVENT_TYPES),
  official: z.boolean(),
  /** Team event: more than one driver may share a car (max_team_drivers > 1). */
  teamEvent: z.boolean(),
  eventStrengthOfField: z.number().int().nullable(),
  eventBestLapTime: lapTime,
  eventAverageLap: lapTime,
  eventLapsComplete: count,
  numCautions: count,
  numCautionLaps: count,
  numLeadChanges: count,
  carClasses: z.array(carClassSummary),
  simsessions: z.array(simsessionResults),
});
export type SubsessionResultsData = z.infer<typeof subsessionResultsData>;

export const SubsessionResultsRecorded = defineEvent({
  type: 'SubsessionResultsRecorded',
  version: 1,
  schema: subsessionResultsData,
});

/** The full corrected result: projections replace everything the subsession contributed before. */
export const SubsessionResultsCorrected = defineEvent({
  type: 'SubsessionResultsCorrected',
  version: 1,
  schema: subsessionResultsData,
});

export type SubsessionResultsRecordedEvent = {
  type: 'SubsessionResultsRecorded';
  data: EventData<typeof SubsessionResultsRecorded>;
};
export type SubsessionResultsCorrectedEvent = {
  type: 'SubsessionResultsCorrected';
  data: EventData<typeof SubsessionResultsCorrected>;
};
export type SubsessionEvent = SubsessionResultsRecordedEvent | SubsessionResultsCorrectedEvent;

export const subsessionEventTypes = [
  'SubsessionResultsRecorded',
  'SubsessionResultsCorrected',
] as const satisfies readonly SubsessionEvent['type'][];
