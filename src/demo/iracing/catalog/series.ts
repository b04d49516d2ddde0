import { z } from 'zod';
import { carClassById } from './cars.ts';
import { LICENCE_CATEGORY_KEYS, type LicenceCategoryKey } from './categories.ts';
import { assertUnique, cell, loadCsv } from './data.ts';

/** When a series' races start: every `everyHours` hours at `minute` past, from `firstHour` (UTC). */
export interface SlotPattern {
  everyHours: 1 | 2 | 3 | 4;
  /** 0..everyHours-1: the first hour of the day with a race (0 = even hours when everyHours is 2). */
  firstHour: number;
  minute: 0 | 15 | 30 | 45;
}

export interface SeriesDefinition {
  seriesId: number;
  name: string;
  shortName: string;
  category: LicenceCategoryKey;
  /** The lowest licence group (1 Rookie … 5 A) allowed to race. */
  minGroup: number;
  /** More than one class makes a multiclass series (classes graded by speed, fastest first). */
  carClassIds: readonly number[];
  /** Maximum entrants per split. */
  fieldCap: number;
  /** Target race length; the lap count of a week follows from the track. */
  raceMinutes: number;
  /** Races to a time limit (`race_time_limit`) rather than a lap count (`race_lap_limit`). */
  timed: boolean;
  slots: SlotPattern;
  /** Lone qualifying attached to the race session (simsession −1), else a separate qualifier. */
  qualAttached: boolean;
  fixedSetup: boolean;
  /** Relative share of registrations the series draws within its category. */
  popularity: number;
  /** Full-course cautions (ovals). */
  cautions: boolean;
  incidentLimit: number;
  /**
   * Drivers a car: more than one makes a team event (results list teams, each with its drivers
   * in `driver_results`; see payloads/teams.ts).
   */
  teamDrivers: number;
}

const SeriesRow = z
  .object({
    seriesId: cell.int,
    category: z.enum(LICENCE_CATEGORY_KEYS),
    name: cell.text,
    shortName: cell.text,
    minGroup: cell.int.pipe(z.number().min(1).max(5)),
    carClassIds: cell.ints,
    fieldCap: cell.int.pipe(z.number().min(2)),
    raceMinutes: cell.int.pipe(z.number().positive()),
    timed: cell.bool,
    everyHours: cell.int.pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
    firstHour: cell.int,
    minute: cell.int.pipe(z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(45)])),
    qualAttached: cell.bool,
    fixedSetup: cell.bool,
    popularity: cell.number.pipe(z.number().positive()),
    cautions: cell.bool,
    incidentLimit: cell.int.pipe(z.number().positive()),
    teamDrivers: cell.int.pipe(z.number().min(1).max(4)),
  })
  .refine((row) => row.firstHour >= 0 && row.firstHour < row.everyHours, {
    message: 'firstHour must be in 0..everyHours-1',
    path: ['firstHour'],
  });

/**
 * The official series of the demo world (data/series.csv): realistic names and structure (rookie
 * series with hourly races, fixed-setup series, a multiclass GTP/GT3 championship and a two-class
 * touring car series), ids in iRacing's range. The same list serves every season.
 */
export const SERIES: readonly SeriesDefinition[] = (() => {
  const series = loadCsv('series.csv', SeriesRow).map((row): SeriesDefinition => ({
    seriesId: row.seriesId,
    name: row.name,
    shortName: row.shortName,
    category: row.category,
    minGroup: row.minGroup,
    carClassIds: row.carClassIds,
    fieldCap: row.fieldCap,
    raceMinutes: row.raceMinutes,
    timed: row.timed,
    slots: { everyHours: row.everyHours, firstHour: row.firstHour, minute: row.minute },
    qualAttached: row.qualAttached,
    fixedSetup: row.fixedSetup,
    popularity: row.popularity,
    cautions: row.cautions,
    incidentLimit: row.incidentLimit,
    teamDrivers: row.teamDrivers,
  }));
  assertUnique('series.csv', series, (s) => s.seriesId);
  for (const s of series) for (const id of s.carClassIds) carClassById(id);
  return series;
})();

const BY_ID = new Map(SERIES.map((s) => [s.seriesId, s]));

export function seriesById(seriesId: number): SeriesDefinition {
  const found = BY_ID.get(seriesId);
  if (!found) throw new RangeError(`unknown demo series ${seriesId}`);
  return found;
}

/** "Races every odd 2 hours at :30 past", in the style of the API's `schedule_description`. */
export function scheduleDescription(pattern: SlotPattern): string {
  const at =
    pattern.minute === 0 ? 'on the hour' : `at :${String(pattern.minute).padStart(2, '0')} past`;
  switch (pattern.everyHours) {
    case 1:
      return `Races every hour ${at}`;
    case 2:
      return `Races every ${pattern.firstHour % 2 === 0 ? 'even' : 'odd'} 2 hours ${at}`;
    case 3:
    case 4:
      return `Races every ${pattern.everyHours} hours ${at}, starting ${String(pattern.firstHour).padStart(2, '0')}:00 GMT`;
    default: {
      const never: never = pattern.everyHours;
      return never;
    }
  }
}
