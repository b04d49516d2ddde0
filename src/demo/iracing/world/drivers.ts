import { CATEGORY_COUNT } from '../catalog/categories.ts';
import { COUNTRIES } from '../catalog/clubs.ts';
import { cpiForSafetyRating } from '../catalog/licences.ts';
import { NAME_PARTS, displaySurname } from '../catalog/names.ts';
import { Random, Stream } from '../random.ts';
import { DAY_MS, dayNumber } from './calendar.ts';
import { subLevelFromSafetyRating } from '../../../domain/index.ts';

/** iRating every member starts a category with (and the API's value for "never raced"). */
export const STARTING_IRATING = 1350;
const STARTING_SUB_LEVEL = 250;

/**
 * Talent model. A member's latent skill in a category (on the iRating scale) is log-normal:
 * median ~1650 with σ 0.45, so about 0.5 % exceed 5000 and the best of 100,000 sit near 11,000.
 * The shown iRating moves from 1350 toward that skill as races accumulate, which puts the
 * median of shown iRatings near 1550 with a long right tail.
 */
const SKILL_MEDIAN = 1750;
const SKILL_SIGMA = 0.45;

const CATEGORY_SHARE = [0.24, 0.38, 0.16, 0.13, 0.09]; // oval, sports car, formula, dirt oval, dirt road

/**
 * All members, as columns (struct of arrays): 100,000 members fit in a few megabytes and the
 * simulation touches only numbers. Index order is seniority: lower index, older account,
 * smaller cust_id. Per-category columns hold CATEGORY_COUNT values per member, in
 * LICENCE_CATEGORIES order.
 */
export class DriverTable {
  readonly count: number;
  readonly custId: Int32Array;
  readonly displayName: string[];
  readonly country: Uint8Array;
  readonly memberSinceDay: Int32Array;
  readonly lastLoginMs: Float64Array;
  /** Mean official races a week. */
  readonly activity: Float32Array;
  /** Local hour (may exceed 24: past midnight) around which the member likes to race. */
  readonly preferredHour: Float32Array;
  /** Corners per incident the member drives at when nothing else interferes. */
  readonly naturalCpi: Float32Array;
  readonly ttRating: Int16Array;
  /** Weekly skill gain: new members improve, veterans plateau. */
  readonly skillGrowth: Float32Array;
  // Per member × category.
  readonly categoryWeight: Float32Array;
  readonly skill: Float32Array;
  readonly irating: Int32Array;
  readonly subLevel: Int16Array;
  readonly group: Uint8Array;
  readonly cpi: Float32Array;
  /** Career starts: 0 means the category has never been raced (member/get omits `irating`). */
  readonly starts: Int32Array;
  /** Starts in the current season (member/get `mpr_num_races`). */
  readonly seasonStarts: Int32Array;
  /** iRating and career starts as the world began (the end of the pre-world chart history). */
  initialIrating: Int32Array;
  initialStarts: Int32Array;
  private readonly byCustId: Map<number, number>;

  constructor(count: number) {
    this.count = count;
    this.custId = new Int32Array(count);
    this.displayName = new Array<string>(count).fill('');
    this.country = new Uint8Array(count);
    this.memberSinceDay = new Int32Array(count);
    this.lastLoginMs = new Float64Array(count);
    this.activity = new Float32Array(count);
    this.preferredHour = new Float32Array(count);
    this.naturalCpi = new Float32Array(count);
    this.ttRating = new Int16Array(count);
    this.skillGrowth = new Float32Array(count);
    const cells = count * CATEGORY_COUNT;
    this.categoryWeight = new Float32Array(cells);
    this.skill = new Float32Array(cells);
    this.irating = new Int32Array(cells);
    this.subLevel = new Int16Array(cells);
    this.group = new Uint8Array(cells);
    this.cpi = new Float32Array(cells);
    this.starts = new Int32Array(cells);
    this.seasonStarts = new Int32Array(cells);
    this.initialIrating = new Int32Array(0);
    this.initialStarts = new Int32Array(0);
    this.byCustId = new Map();
  }

  indexOf(custId: number): number | undefined {
    return this.byCustId.get(custId);
  }

  /** Registers the cust ids once they are all assigned. */
  indexCustIds(): void {
    this.byCustId.clear();
    for (let i = 0; i < this.count; i++) this.byCustId.set(this.custId[i] as number, i);
  }
}

/**
 * Generates the members as they stand when the first simulated season begins.
 * Deterministic: member i's draws come from its own stream, so adding members never changes
 * the ones before them (only cust ids, which depend on the seniority order).
 */
export function generateDrivers(
  rootSeed: number,
  count: number,
  worldStartMs: number,
  racesPerWeek: number,
): DriverTable {
  const table = new DriverTable(count);
  const worldStartDay = dayNumber(worldStartMs);
  const oldestDay = dayNumber(Date.UTC(2008, 0, 15));

  // Seniority first: the sorted join days decide index order and cust ids.
  const joinDays = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const rng = Random.derive(rootSeed, Stream.driverIdentity, i);
    const yearsAgo = Math.min(17.5, rng.exponential(3.2) + rng.next() * 0.05);
    joinDays[i] = Math.max(oldestDay, worldStartDay - Math.round(yearsAgo * 365.25));
  }
  joinDays.sort();
  assignCustIds(table, joinDays, oldestDay, worldStartDay, rootSeed);

  const countryWeights = COUNTRIES.map((c) => c.share);
  const nameUses = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const rng = Random.derive(rootSeed, Stream.driverRatings, i);
    const countryIndex = rng.weightedIndex(countryWeights);
    const country = COUNTRIES[countryIndex] ?? COUNTRIES[0];
    table.country[i] = countryIndex;
    table.displayName[i] = uniqueName(rng, country?.names ?? 'en', nameUses);
    const joined = table.memberSinceDay[i] as number;
    const yearsMember = (worldStartDay - joined) / 365.25;
    table.lastLoginMs[i] = worldStartMs + rng.uniform(-20, 200) * DAY_MS;
    table.preferredHour[i] = Math.min(26, Math.max(8, rng.gaussian(20.3, 1.8)));
    table.activity[i] = Math.max(
      0.12 * racesPerWeek,
      (racesPerWeek * rng.logNormal(1, 0.7)) / Math.exp(0.245),
    );
    table.ttRating[i] = rng.chance(0.9) ? STARTING_IRATING : Math.round(rng.logNormal(1500, 0.3));
    table.skillGrowth[i] =
      yearsMember < 1
        ? rng.uniform(5, 25)
        : yearsMember < 3
          ? rng.uniform(0, 8)
          : rng.uniform(-2, 3);
    const talent = rng.normal();
    table.naturalCpi[i] = rng.logNormal(45, 0.45) * Math.exp(0.12 * talent);
    seedCategories(table, i, rng, talent, yearsMember);
  }
  table.indexCustIds();
  table.initialIrating = table.irating.slice();
  table.initialStarts = table.starts.slice();
  return table;
}

function assignCustIds(
  table: DriverTable,
  joinDays: Int32Array,
  oldestDay: number,
  lastDay: number,
  rootSeed: number,
): void {
  const rng = Random.derive(rootSeed, Stream.driverIdentity, -1);
  const span = Math.max(1, lastDay - oldestDay);
  let previous = 0;
  for (let i = 0; i < joinDays.length; i++) {
    const day = joinDays[i] as number;
    const curve = 12_000 + 1_230_000 * Math.pow((day - oldestDay) / span, 1.6);
    const id = Math.max(previous + 1 + rng.int(4), Math.round(curve));
    table.custId[i] = id;
    table.memberSinceDay[i] = day;
    previous = id;
  }
}

function uniqueName(
  rng: Random,
  group: keyof typeof NAME_PARTS,
  uses: Map<string, number>,
): string {
  const parts = NAME_PARTS[group];
  const base = `${rng.pick(parts.first)} ${displaySurname(rng.pick(parts.last))}`;
  const seen = (uses.get(base) ?? 0) + 1;
  uses.set(base, seen);
  // iRacing tells namesakes apart by a number after the name ("John Smith2").
  return seen === 1 ? base : `${base}${seen}`;
}

function seedCategories(
  table: DriverTable,
  i: number,
  rng: Random,
  talent: number,
  yearsMember: number,
): void {
  const primary = rng.weightedIndex(CATEGORY_SHARE);
  for (let c = 0; c < CATEGORY_COUNT; c++) {
    const cell = i * CATEGORY_COUNT + c;
    const weight = c === primary ? 1 : rng.chance(0.3) ? rng.uniform(0.05, 0.45) : 0;
    table.categoryWeight[cell] = weight;
    const z = 0.8 * talent + 0.6 * rng.normal();
    table.skill[cell] = SKILL_MEDIAN * Math.exp(SKILL_SIGMA * z);
    const pastActivity = weight > 0 ? weight : rng.chance(0.2) ? 0.05 : 0;
    const pastStarts = rng.poisson(pastActivity * yearsMember * 15 * rng.logNormal(1, 0.8));
    table.starts[cell] = pastStarts;
    if (pastStarts === 0) {
      table.irating[cell] = STARTING_IRATING;
      table.group[cell] = 1;
      table.subLevel[cell] = STARTING_SUB_LEVEL;
      table.cpi[cell] = cpiForSafetyRating(1, 2.5);
      continue;
    }
    const converged = 1 - Math.exp(-pastStarts / 12);
    const shown =
      STARTING_IRATING +
      (table.skill[cell] - STARTING_IRATING) * converged +
      rng.gaussian(0, 60 + 120 * (1 - converged));
    table.irating[cell] = Math.max(150, Math.round(shown));
    const group = initialGroup(rng, pastStarts, table.irating[cell]);
    const safety =
      group === 1 ? rng.uniform(1.5, 3.9) : Math.min(4.99, Math.max(1.0, rng.gaussian(3.0, 0.75)));
    table.group[cell] = group;
    table.subLevel[cell] = subLevelFromSafetyRating(safety);
    table.cpi[cell] = cpiForSafetyRating(group, safety);
  }
}

/** Licence class from experience: about R 20 %, D 30 %, C 20 %, B 14 %, A 16 % of raced licences. */
function initialGroup(rng: Random, pastStarts: number, irating: number): number {
  const progress = (pastStarts / 10) * rng.uniform(0.5, 1.6);
  let group = 1 + Math.min(4, Math.floor(progress));
  if (group === 5 && irating > 6000 && rng.chance(0.25))
    group = irating > 7500 && rng.chance(0.5) ? 7 : 6;
  return group;
}
