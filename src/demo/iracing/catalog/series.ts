import type { LicenceCategoryKey } from './categories.ts';

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
}

function slots(
  everyHours: SlotPattern['everyHours'],
  firstHour: number,
  minute: SlotPattern['minute'],
): SlotPattern {
  return { everyHours, firstHour, minute };
}

type Defaulted = 'shortName' | 'timed' | 'fixedSetup' | 'cautions' | 'incidentLimit';
type SeriesInput = Omit<SeriesDefinition, Defaulted> & Partial<Pick<SeriesDefinition, Defaulted>>;

function series(def: SeriesInput): SeriesDefinition {
  return {
    ...def,
    shortName: def.shortName ?? def.name,
    timed: def.timed ?? false,
    fixedSetup: def.fixedSetup ?? false,
    cautions: def.cautions ?? (def.category === 'oval' || def.category === 'dirt_oval'),
    incidentLimit: def.incidentLimit ?? (def.minGroup <= 2 ? 17 : 25),
  };
}

/**
 * The official series of the demo world: realistic names and structure (rookie series with
 * hourly races, fixed-setup series, a multiclass GTP/GT3 championship and a two-class touring
 * car series), ids in iRacing's range. The same list serves every season.
 */
export const SERIES: readonly SeriesDefinition[] = [
  // Sports car
  series({
    seriesId: 139,
    name: 'Global Mazda MX-5 Fanatec Cup',
    category: 'sports_car',
    minGroup: 1,
    carClassIds: [74],
    fieldCap: 25,
    raceMinutes: 25,
    slots: slots(1, 0, 15),
    qualAttached: true,
    fixedSetup: true,
    popularity: 10,
  }),
  series({
    seriesId: 553,
    name: 'Toyota GR86 Cup',
    category: 'sports_car',
    minGroup: 1,
    carClassIds: [4012],
    fieldCap: 24,
    raceMinutes: 25,
    slots: slots(2, 1, 30),
    qualAttached: true,
    fixedSetup: true,
    popularity: 4,
  }),
  series({
    seriesId: 210,
    name: 'Global Fanatec Challenge',
    category: 'sports_car',
    minGroup: 2,
    carClassIds: [45, 48],
    fieldCap: 30,
    raceMinutes: 30,
    slots: slots(2, 1, 30),
    qualAttached: false,
    fixedSetup: true,
    popularity: 3,
  }),
  series({
    seriesId: 519,
    name: 'GT4 Falken Tyre Challenge',
    category: 'sports_car',
    minGroup: 2,
    carClassIds: [4084],
    fieldCap: 30,
    raceMinutes: 30,
    slots: slots(2, 0, 45),
    qualAttached: true,
    fixedSetup: true,
    popularity: 4,
  }),
  series({
    seriesId: 403,
    name: 'Porsche Mobil 1 Supercup',
    shortName: 'Porsche Supercup',
    category: 'sports_car',
    minGroup: 3,
    carClassIds: [3104],
    fieldCap: 30,
    raceMinutes: 30,
    slots: slots(2, 1, 0),
    qualAttached: true,
    fixedSetup: true,
    popularity: 4,
  }),
  series({
    seriesId: 444,
    name: 'GT3 Fanatec Challenge',
    shortName: 'GT3 Challenge',
    category: 'sports_car',
    minGroup: 2,
    carClassIds: [2708],
    fieldCap: 35,
    raceMinutes: 40,
    timed: true,
    slots: slots(1, 0, 45),
    qualAttached: true,
    fixedSetup: true,
    popularity: 9,
  }),
  series({
    seriesId: 447,
    name: 'IMSA Sportscar Championship',
    shortName: 'IMSA',
    category: 'sports_car',
    minGroup: 3,
    carClassIds: [4029, 2708],
    fieldCap: 40,
    raceMinutes: 45,
    timed: true,
    slots: slots(2, 0, 0),
    qualAttached: true,
    popularity: 6,
    incidentLimit: 30,
  }),
  series({
    seriesId: 457,
    name: 'LMP2 Prototype Challenge',
    category: 'sports_car',
    minGroup: 3,
    carClassIds: [2523],
    fieldCap: 30,
    raceMinutes: 40,
    timed: true,
    slots: slots(2, 0, 15),
    qualAttached: true,
    fixedSetup: true,
    popularity: 2,
  }),
  series({
    seriesId: 74,
    name: 'Radical Esports Cup',
    category: 'sports_car',
    minGroup: 3,
    carClassIds: [15],
    fieldCap: 28,
    raceMinutes: 30,
    slots: slots(2, 1, 0),
    qualAttached: true,
    fixedSetup: true,
    popularity: 1.5,
  }),
  // Formula car
  series({
    seriesId: 455,
    name: 'Formula Vee SIMAGIC Series',
    shortName: 'Formula Vee',
    category: 'formula_car',
    minGroup: 1,
    carClassIds: [3002],
    fieldCap: 25,
    raceMinutes: 20,
    slots: slots(1, 0, 30),
    qualAttached: true,
    fixedSetup: true,
    popularity: 4,
  }),
  series({
    seriesId: 536,
    name: 'Ray FF1600 Thrustmaster Cup',
    shortName: 'FF1600 Cup',
    category: 'formula_car',
    minGroup: 1,
    carClassIds: [4015],
    fieldCap: 25,
    raceMinutes: 20,
    slots: slots(2, 0, 15),
    qualAttached: true,
    fixedSetup: true,
    popularity: 3,
  }),
  series({
    seriesId: 542,
    name: 'FIA F4 Challenge',
    category: 'formula_car',
    minGroup: 1,
    carClassIds: [4017],
    fieldCap: 25,
    raceMinutes: 25,
    slots: slots(1, 0, 0),
    qualAttached: true,
    fixedSetup: true,
    popularity: 6,
  }),
  series({
    seriesId: 34,
    name: 'Skip Barber Race Series',
    category: 'formula_car',
    minGroup: 2,
    carClassIds: [1],
    fieldCap: 25,
    raceMinutes: 25,
    slots: slots(2, 1, 15),
    qualAttached: true,
    popularity: 2,
  }),
  series({
    seriesId: 443,
    name: 'USF 2000 Championship',
    category: 'formula_car',
    minGroup: 2,
    carClassIds: [2266],
    fieldCap: 25,
    raceMinutes: 25,
    slots: slots(2, 0, 0),
    qualAttached: true,
    fixedSetup: true,
    popularity: 2,
  }),
  series({
    seriesId: 358,
    name: 'Formula C - Dallara F3 Series',
    shortName: 'Dallara F3',
    category: 'formula_car',
    minGroup: 3,
    carClassIds: [3003],
    fieldCap: 30,
    raceMinutes: 30,
    slots: slots(2, 0, 15),
    qualAttached: true,
    fixedSetup: true,
    popularity: 4,
  }),
  series({
    seriesId: 556,
    name: 'Super Formula Lights',
    category: 'formula_car',
    minGroup: 3,
    carClassIds: [4034],
    fieldCap: 24,
    raceMinutes: 30,
    slots: slots(2, 1, 45),
    qualAttached: true,
    fixedSetup: true,
    popularity: 2,
  }),
  series({
    seriesId: 537,
    name: 'Formula B - Super Formula IMSIM Series',
    shortName: 'Super Formula',
    category: 'formula_car',
    minGroup: 4,
    carClassIds: [4033],
    fieldCap: 22,
    raceMinutes: 30,
    slots: slots(2, 1, 30),
    qualAttached: true,
    fixedSetup: true,
    popularity: 2,
  }),
  series({
    seriesId: 260,
    name: 'Formula A - Grand Prix Series',
    shortName: 'Grand Prix Series',
    category: 'formula_car',
    minGroup: 4,
    carClassIds: [4013],
    fieldCap: 20,
    raceMinutes: 40,
    slots: slots(2, 0, 0),
    qualAttached: true,
    popularity: 2.5,
  }),
  series({
    seriesId: 374,
    name: 'IndyCar Series - Road',
    shortName: 'IndyCar Road',
    category: 'formula_car',
    minGroup: 3,
    carClassIds: [117],
    fieldCap: 26,
    raceMinutes: 35,
    slots: slots(2, 1, 15),
    qualAttached: true,
    popularity: 1.5,
  }),
  // Oval
  series({
    seriesId: 182,
    name: 'Street Stock Fanatec Series - R',
    shortName: 'Street Stock Series',
    category: 'oval',
    minGroup: 1,
    carClassIds: [34],
    fieldCap: 24,
    raceMinutes: 20,
    slots: slots(1, 0, 0),
    qualAttached: true,
    fixedSetup: true,
    popularity: 6,
  }),
  series({
    seriesId: 32,
    name: 'Rookie Legends VRS Cup',
    shortName: 'Rookie Legends',
    category: 'oval',
    minGroup: 1,
    carClassIds: [5],
    fieldCap: 24,
    raceMinutes: 15,
    slots: slots(1, 0, 30),
    qualAttached: true,
    fixedSetup: true,
    popularity: 3,
  }),
  series({
    seriesId: 440,
    name: 'CARS Late Model Stock Tour',
    shortName: 'Late Model Stock Tour',
    category: 'oval',
    minGroup: 2,
    carClassIds: [14],
    fieldCap: 30,
    raceMinutes: 30,
    slots: slots(2, 1, 15),
    qualAttached: true,
    fixedSetup: true,
    popularity: 5,
  }),
  series({
    seriesId: 45,
    name: 'SK Modified Weekly Series',
    category: 'oval',
    minGroup: 2,
    carClassIds: [2],
    fieldCap: 26,
    raceMinutes: 25,
    slots: slots(2, 1, 0),
    qualAttached: true,
    popularity: 2,
  }),
  series({
    seriesId: 167,
    name: 'ARCA Menards Series',
    category: 'oval',
    minGroup: 2,
    carClassIds: [21],
    fieldCap: 36,
    raceMinutes: 35,
    slots: slots(1, 0, 45),
    qualAttached: true,
    fixedSetup: true,
    popularity: 4,
  }),
  series({
    seriesId: 47,
    name: 'NASCAR Craftsman Truck Series',
    shortName: 'NASCAR Trucks',
    category: 'oval',
    minGroup: 3,
    carClassIds: [71],
    fieldCap: 36,
    raceMinutes: 40,
    slots: slots(2, 0, 45),
    qualAttached: true,
    fixedSetup: true,
    popularity: 4,
  }),
  series({
    seriesId: 223,
    name: 'Super Late Model Series',
    category: 'oval',
    minGroup: 3,
    carClassIds: [60],
    fieldCap: 30,
    raceMinutes: 30,
    slots: slots(2, 1, 15),
    qualAttached: true,
    popularity: 2,
  }),
  series({
    seriesId: 102,
    name: 'NASCAR Whelen Tour Modified Series',
    shortName: 'Tour Modified',
    category: 'oval',
    minGroup: 3,
    carClassIds: [29],
    fieldCap: 30,
    raceMinutes: 30,
    slots: slots(2, 0, 0),
    qualAttached: true,
    popularity: 1.5,
  }),
  series({
    seriesId: 62,
    name: 'NASCAR Xfinity Class B Series',
    shortName: 'NASCAR Class B',
    category: 'oval',
    minGroup: 4,
    carClassIds: [1455],
    fieldCap: 36,
    raceMinutes: 45,
    slots: slots(2, 1, 0),
    qualAttached: true,
    popularity: 2.5,
  }),
  series({
    seriesId: 229,
    name: 'NASCAR Cup Series - Open',
    shortName: 'NASCAR Cup Open',
    category: 'oval',
    minGroup: 4,
    carClassIds: [2978],
    fieldCap: 40,
    raceMinutes: 50,
    slots: slots(3, 1, 0),
    qualAttached: true,
    popularity: 3,
  }),
  // Dirt oval
  series({
    seriesId: 572,
    name: 'Dirt Mini Stock Series',
    category: 'dirt_oval',
    minGroup: 1,
    carClassIds: [4040],
    fieldCap: 20,
    raceMinutes: 15,
    slots: slots(1, 0, 15),
    qualAttached: true,
    fixedSetup: true,
    popularity: 3,
  }),
  series({
    seriesId: 341,
    name: 'Dirt Street Stock Fanatec Cup',
    shortName: 'Dirt Street Stock',
    category: 'dirt_oval',
    minGroup: 1,
    carClassIds: [4041],
    fieldCap: 20,
    raceMinutes: 15,
    slots: slots(1, 0, 45),
    qualAttached: true,
    fixedSetup: true,
    popularity: 4,
  }),
  series({
    seriesId: 317,
    name: 'DIRTcar UMP Modified Series',
    shortName: 'UMP Modified',
    category: 'dirt_oval',
    minGroup: 2,
    carClassIds: [4042],
    fieldCap: 22,
    raceMinutes: 20,
    slots: slots(2, 0, 30),
    qualAttached: true,
    fixedSetup: true,
    popularity: 3,
  }),
  series({
    seriesId: 325,
    name: 'DIRTcar 360 Sprint Car Series',
    shortName: '360 Sprint Car',
    category: 'dirt_oval',
    minGroup: 2,
    carClassIds: [4045],
    fieldCap: 22,
    raceMinutes: 20,
    slots: slots(2, 1, 0),
    qualAttached: true,
    popularity: 2,
  }),
  series({
    seriesId: 331,
    name: 'Dirt Midget Cup',
    category: 'dirt_oval',
    minGroup: 2,
    carClassIds: [4047],
    fieldCap: 22,
    raceMinutes: 15,
    slots: slots(2, 0, 15),
    qualAttached: true,
    fixedSetup: true,
    popularity: 1.5,
  }),
  series({
    seriesId: 326,
    name: 'Pro Late Model Series',
    category: 'dirt_oval',
    minGroup: 3,
    carClassIds: [4044],
    fieldCap: 24,
    raceMinutes: 20,
    slots: slots(2, 1, 30),
    qualAttached: true,
    popularity: 2,
  }),
  series({
    seriesId: 327,
    name: 'World of Outlaws Late Model Series',
    shortName: 'WoO Late Model',
    category: 'dirt_oval',
    minGroup: 4,
    carClassIds: [4043],
    fieldCap: 24,
    raceMinutes: 25,
    slots: slots(3, 2, 0),
    qualAttached: true,
    popularity: 2,
  }),
  series({
    seriesId: 328,
    name: 'World of Outlaws Sprint Car Series',
    shortName: 'WoO Sprint Car',
    category: 'dirt_oval',
    minGroup: 3,
    carClassIds: [4046],
    fieldCap: 24,
    raceMinutes: 25,
    slots: slots(3, 0, 30),
    qualAttached: true,
    popularity: 2,
  }),
  // Dirt road
  series({
    seriesId: 303,
    name: 'Rallycross Beetle Lites Cup',
    shortName: 'Beetle Lites',
    category: 'dirt_road',
    minGroup: 1,
    carClassIds: [4050],
    fieldCap: 12,
    raceMinutes: 12,
    slots: slots(1, 0, 0),
    qualAttached: true,
    fixedSetup: true,
    popularity: 3,
  }),
  series({
    seriesId: 304,
    name: 'Pro 2 Lite Off-Road Racing Series',
    shortName: 'Pro 2 Lite',
    category: 'dirt_road',
    minGroup: 1,
    carClassIds: [4052],
    fieldCap: 16,
    raceMinutes: 15,
    slots: slots(2, 1, 30),
    qualAttached: true,
    fixedSetup: true,
    popularity: 1.5,
  }),
  series({
    seriesId: 305,
    name: 'iRacing Rallycross Series',
    shortName: 'Rallycross Series',
    category: 'dirt_road',
    minGroup: 2,
    carClassIds: [4051],
    fieldCap: 12,
    raceMinutes: 12,
    slots: slots(2, 0, 15),
    qualAttached: true,
    popularity: 2,
  }),
  series({
    seriesId: 306,
    name: 'Pro 4 Off-Road Series',
    category: 'dirt_road',
    minGroup: 3,
    carClassIds: [4053],
    fieldCap: 16,
    raceMinutes: 15,
    slots: slots(2, 1, 45),
    qualAttached: true,
    popularity: 1,
  }),
];

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
