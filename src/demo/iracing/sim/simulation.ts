import { CATEGORY_COUNT, categoryIndex } from '../catalog/categories.ts';
import { carClassById } from '../catalog/cars.ts';
import { minRacesForPromotion, safetyRatingFromCpi } from '../catalog/licences.ts';
import { SERIES } from '../catalog/series.ts';
import { COUNTRIES } from '../catalog/clubs.ts';
import { Random, Stream, deriveSeed } from '../random.ts';
import { subLevelFromSafetyRating, strengthOfField } from '../../../domain/index.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, RACE_WEEKS, WEEK_MS, dayNumber } from '../world/calendar.ts';
import { slotTimes, type ScheduledWeek, type SeriesSeason } from '../world/schedules.ts';
import type { DriverTable } from '../world/drivers.ts';
import type { DemoWorldOptions } from '../options.ts';
import { simulateSubsession, type RaceEntrant, type RaceOutcome, type RaceSetup } from './race.ts';
import { ChartLog, type SessionRecord, type SubsessionRecord } from './records.ts';
import { settle, type Settlement } from './settlement.ts';

/** Registrations thin out over a season, as they do in iRacing. */
const WEEK_TURNOUT = [1.15, 1.08, 1.04, 1.02, 1.0, 0.99, 0.98, 0.97, 0.96, 0.95, 0.94, 0.92];
/** Tuesday … Monday: weekends are busier. */
const DAY_TURNOUT = [1, 1, 1.05, 1.1, 1.35, 1.35, 0.95];
/** Registrations of one member closer than this are one too many: the later is dropped. */
const MIN_GAP_MS = 100 * MINUTE_MS;

export interface WeekResult {
  seasonIndex: number;
  raceWeekNum: number;
  /** The week's subsessions in start order (splits of a session in split order). */
  subsessions: SubsessionRecord[];
}

/**
 * What the simulation reads of its world: the options, the members and the calendar. DemoWorld
 * provides it; the simulation never reaches back for anything else.
 */
export interface SimulatedWorld {
  readonly options: DemoWorldOptions;
  readonly drivers: DriverTable;
  /** Start of the first simulated race week. */
  readonly startMs: number;
  /** Race weeks simulated in total. */
  readonly totalWeeks: number;
  /** Start of the k-th simulated race week (0-based across seasons). */
  weekStart(week: number): number;
  seriesSeasonsOf(seasonIndex: number): readonly SeriesSeason[];
}

export type ProgressListener = (progress: {
  weeksDone: number;
  weeksTotal: number;
  subsessions: number;
  resultRows: number;
}) => void;

/**
 * The world's history, computed week by week on demand and never revised: the state of the
 * members after week k depends only on the seed, the options and weeks 0..k. Each simulated
 * subsession keeps a compact record (records.ts) from which any payload can be regenerated.
 */
export class WorldSimulation {
  readonly chart = new ChartLog();
  private readonly records: SubsessionRecord[] = [];
  private readonly byId = new Map<number, SubsessionRecord>();
  private readonly sessions = new Map<number, SessionRecord>();
  private weeksDone = 0;
  private resultRows = 0;
  private nextSubsessionId = 78_104_311;
  private nextSessionId = 281_906_117;
  private aggregatePoints = new Map<number, number>();
  private readonly seriesByCategory: number[][];

  constructor(private readonly world: SimulatedWorld) {
    this.seriesByCategory = Array.from({ length: CATEGORY_COUNT }, () => []);
    SERIES.forEach((s, index) => this.seriesByCategory[categoryIndex(s.category)]?.push(index));
  }

  get simulatedWeeks(): number {
    return this.weeksDone;
  }

  get subsessionCount(): number {
    return this.records.length;
  }

  /** Race rows so far (entrants summed over subsessions). */
  get raceRows(): number {
    return this.resultRows;
  }

  allRecords(): readonly SubsessionRecord[] {
    return this.records;
  }

  record(subsessionId: number): SubsessionRecord | undefined {
    return this.byId.get(subsessionId);
  }

  /**
   * A subsession by id, simulating further weeks while it may still lie ahead (ids grow with
   * time); undefined once the whole world is simulated without finding it.
   */
  findSubsession(subsessionId: number): SubsessionRecord | undefined {
    let found = this.byId.get(subsessionId);
    while (
      !found &&
      this.weeksDone < this.world.totalWeeks &&
      subsessionId >= this.nextSubsessionId
    ) {
      this.simulateWeek();
      found = this.byId.get(subsessionId);
    }
    return found;
  }

  session(sessionId: number): SessionRecord | undefined {
    return this.sessions.get(sessionId);
  }

  /** Simulates every week that starts before `ms` (all weeks for +Infinity). */
  advanceUntil(ms: number, onProgress?: ProgressListener): void {
    while (this.weeksDone < this.world.totalWeeks && this.world.weekStart(this.weeksDone) < ms) {
      this.simulateWeek(onProgress);
    }
  }

  advanceAll(onProgress?: ProgressListener): void {
    this.advanceUntil(Number.POSITIVE_INFINITY, onProgress);
  }

  /** Iterates the weeks in order, simulating each when first reached (earlier ones are replayed from memory). */
  *weeks(onProgress?: ProgressListener): Generator<WeekResult> {
    let cursor = 0;
    for (let week = 0; week < this.world.totalWeeks; week++) {
      if (this.weeksDone <= week) this.simulateWeek(onProgress);
      const end = this.world.weekStart(week) + WEEK_MS;
      const from = cursor;
      while (cursor < this.records.length && (this.records[cursor]?.session.startMs ?? end) < end)
        cursor++;
      yield {
        seasonIndex: Math.floor(week / RACE_WEEKS),
        raceWeekNum: week % RACE_WEEKS,
        subsessions: this.records.slice(from, cursor),
      };
    }
  }

  /** The race setup of a recorded subsession: what `simulateSubsession` replays. */
  raceSetup(record: SubsessionRecord): RaceSetup {
    const { series } = record.session.seriesSeason;
    const weeksIn = (record.session.startMs - this.world.startMs) / WEEK_MS;
    const drivers = this.world.drivers;
    const column = categoryIndex(series.category);
    const entrants: RaceEntrant[] = Array.from(record.entrants, (driver, i) => {
      const cell = driver * CATEGORY_COUNT + column;
      return {
        driver,
        carId: record.carIds[i] as number,
        classIndex: record.classIndex[i] as number,
        irating: record.preIrating[i] as number,
        skill: (drivers.skill[cell] as number) + (drivers.skillGrowth[driver] as number) * weeksIn,
        naturalCpi: drivers.naturalCpi[driver] as number,
      };
    });
    return {
      rootSeed: this.world.options.seed,
      subsessionId: record.subsessionId,
      track: record.session.week.track,
      laps: record.session.week.laps,
      classPace: series.carClassIds.map((id) => carClassById(id).paceFactor),
      qualAttached: series.qualAttached,
      practiceShare: this.world.options.practiceShare,
      cautions: series.cautions,
      standingStart: series.category === 'formula_car',
      entrants,
    };
  }

  /** Replays a recorded subsession: outcome and settlement, exactly as simulated. */
  replay(record: SubsessionRecord): { outcome: RaceOutcome; settlement: Settlement } {
    const outcome = simulateSubsession(this.raceSetup(record));
    return { outcome, settlement: settle(this.settlementInput(record), outcome) };
  }

  private settlementInput(record: SubsessionRecord) {
    const series = record.session.seriesSeason.series;
    return {
      classIndex: record.classIndex,
      classCount: series.carClassIds.length,
      preIrating: record.preIrating,
      preGroup: record.preGroup,
      preCpi: record.preCpi,
      preSeasonStarts: record.preSeasonStarts,
      cornersPerLap: record.session.week.track.corners,
    };
  }

  private simulateWeek(onProgress?: ProgressListener): void {
    const week = this.weeksDone;
    const seasonIndex = Math.floor(week / RACE_WEEKS);
    const raceWeekNum = week % RACE_WEEKS;
    if (raceWeekNum === 0 && seasonIndex > 0) this.closeSeason();
    const rng = Random.derive(this.world.options.seed, Stream.week, week);
    const weekStart = this.world.weekStart(week);
    const seriesSeasons = this.world.seriesSeasonsOf(seasonIndex);
    const buckets = this.register(rng, seriesSeasons, raceWeekNum, weekStart);
    const sessions = this.formSessions(seriesSeasons, raceWeekNum, weekStart, buckets);
    // A running last week races only what starts before the cut-off (sessions in start order).
    const cutoff = week === this.world.totalWeeks - 1 ? this.world.options.cutoffMs : null;
    for (const planned of sessions) {
      if (cutoff !== null && planned.startMs >= cutoff) break;
      this.runSession(rng, planned);
    }
    this.weeksDone++;
    onProgress?.({
      weeksDone: this.weeksDone,
      weeksTotal: this.world.totalWeeks,
      subsessions: this.records.length,
      resultRows: this.resultRows,
    });
  }

  /** Registrations of the week: bucket per series, per slot, of (driver · 8 + class index). */
  private register(
    rng: Random,
    seriesSeasons: readonly SeriesSeason[],
    raceWeekNum: number,
    weekStart: number,
  ): Map<number, number[][]> {
    const { drivers } = this.world;
    const buckets = new Map<number, number[][]>();
    const turnout = WEEK_TURNOUT[raceWeekNum] ?? 1;
    const chosen: number[] = [];
    const weights = new Float64Array(CATEGORY_COUNT);
    const slotsOf = seriesSeasons.map((ss) => slotTimes(ss.series, weekStart));
    for (let driver = 0; driver < drivers.count; driver++) {
      const races = rng.poisson((drivers.activity[driver] as number) * turnout);
      if (races === 0) continue;
      chosen.length = 0;
      for (let c = 0; c < CATEGORY_COUNT; c++)
        weights[c] = drivers.categoryWeight[driver * CATEGORY_COUNT + c] as number;
      const offset = COUNTRIES[drivers.country[driver] as number]?.utcOffsetHours ?? 0;
      for (let r = 0; r < races; r++) {
        const column = rng.weightedIndex(weights);
        const group = drivers.group[driver * CATEGORY_COUNT + column] as number;
        const seriesIndex = this.pickSeries(rng, driver, column, group);
        if (seriesIndex < 0) continue;
        const seriesSeason = seriesSeasons[seriesIndex] as SeriesSeason;
        const day = rng.weightedIndex(DAY_TURNOUT);
        const hourUtc = (drivers.preferredHour[driver] as number) + 1.2 * rng.normal() - offset;
        const target = weekStart + day * DAY_MS + hourUtc * HOUR_MS;
        const slot = nearestSlot(seriesSeason, target);
        const times = slotsOf[seriesIndex] as number[];
        const startMs = times[slot] as number;
        if (chosen.some((t) => Math.abs(t - startMs) < MIN_GAP_MS)) continue;
        chosen.push(startMs);
        const classIndex = pickClass(
          rng,
          seriesSeason,
          drivers.irating[driver * CATEGORY_COUNT + column] as number,
        );
        let slots = buckets.get(seriesIndex);
        if (!slots) {
          slots = Array.from({ length: times.length }, () => []);
          buckets.set(seriesIndex, slots);
        }
        slots[slot]?.push(driver * 8 + classIndex);
      }
    }
    return buckets;
  }

  /** A series the member may race (licence class), by popularity and the member's own taste. */
  private pickSeries(rng: Random, driver: number, column: number, group: number): number {
    const candidates = this.seriesByCategory[column] ?? [];
    let total = 0;
    const weights: number[] = [];
    for (const index of candidates) {
      const series = SERIES[index];
      if (!series || series.minGroup > group) {
        weights.push(0);
        continue;
      }
      const taste =
        deriveSeed(this.world.options.seed, Stream.driverHabits, driver, series.seriesId) /
        4294967296;
      // Members favour series near their licence class: an A-licence GT3 driver rarely runs MX-5.
      const weight =
        series.popularity *
        (0.25 + 3 * taste * taste) *
        Math.exp(-0.35 * Math.min(4, group - series.minGroup));
      weights.push(weight);
      total += weight;
    }
    if (total === 0) return -1;
    return candidates[rng.weightedIndex(weights)] ?? -1;
  }

  /**
   * Turns the week's registrations into sessions. A series fills as many time slots as its
   * registrations can populate at the target field size, choosing the slots most members asked
   * for; every registrant races in the chosen slot nearest the one they picked. Big worlds fill
   * every slot and split the busy ones; small worlds race at the popular times only.
   */
  private formSessions(
    seriesSeasons: readonly SeriesSeason[],
    raceWeekNum: number,
    weekStart: number,
    buckets: Map<number, number[][]>,
  ) {
    const planned: {
      seriesSeason: SeriesSeason;
      week: ScheduledWeek;
      startMs: number;
      entries: number[];
    }[] = [];
    const target = this.world.options.targetFieldSize;
    for (const [seriesIndex, slots] of [...buckets].sort((a, b) => a[0] - b[0])) {
      const seriesSeason = seriesSeasons[seriesIndex] as SeriesSeason;
      const week = seriesSeason.weeks[raceWeekNum] as ScheduledWeek;
      const times = slotTimes(seriesSeason.series, weekStart);
      const total = slots.reduce((sum, entries) => sum + entries.length, 0);
      if (total < 2) continue;
      const sessions = Math.max(1, Math.min(slots.length, Math.round(total / target)));
      const chosen = slots
        .map((entries, slot) => ({ slot, demand: entries.length }))
        .sort((a, b) => b.demand - a.demand || a.slot - b.slot)
        .slice(0, sessions)
        .map((c) => c.slot)
        .sort((a, b) => a - b);
      const assigned: number[][] = chosen.map(() => []);
      slots.forEach((entries, slot) => {
        if (entries.length === 0) return;
        assigned[nearestChosen(chosen, slot)]?.push(...entries);
      });
      chosen.forEach((slot, k) => {
        const entries = uniqueDrivers(assigned[k] ?? []);
        if (entries.length >= 2)
          planned.push({ seriesSeason, week, startMs: times[slot] as number, entries });
      });
    }
    planned.sort(
      (a, b) =>
        a.startMs - b.startMs || a.seriesSeason.series.seriesId - b.seriesSeason.series.seriesId,
    );
    return planned;
  }

  private runSession(
    rng: Random,
    planned: {
      seriesSeason: SeriesSeason;
      week: ScheduledWeek;
      startMs: number;
      entries: number[];
    },
  ): void {
    const { drivers } = this.world;
    const { series } = planned.seriesSeason;
    const column = categoryIndex(series.category);
    const irOf = (entry: number) =>
      drivers.irating[(entry >> 3) * CATEGORY_COUNT + column] as number;
    const ordered = [...planned.entries].sort(
      (a, b) =>
        irOf(b) - irOf(a) ||
        (drivers.custId[a >> 3] as number) - (drivers.custId[b >> 3] as number),
    );
    const splits = Math.ceil(ordered.length / series.fieldCap);
    const base = Math.floor(ordered.length / splits);
    const extra = ordered.length % splits;
    const session: SessionRecord = {
      sessionId: this.nextSessionId,
      seriesSeason: planned.seriesSeason,
      week: planned.week,
      startMs: planned.startMs,
      subsessionIds: [],
      sofs: [],
    };
    this.nextSessionId += 1 + rng.int(40);
    this.sessions.set(session.sessionId, session);
    const groups: number[][] = [];
    let from = 0;
    for (let s = 0; s < splits; s++) {
      const size = base + (s < extra ? 1 : 0);
      const group = ordered.slice(from, from + size);
      from += size;
      groups.push(group);
      session.subsessionIds.push(this.nextSubsessionId);
      this.nextSubsessionId += 1;
      session.sofs.push(Math.round(strengthOfField(group.map(irOf))));
    }
    this.nextSubsessionId += rng.int(25);
    groups.forEach((group, splitIndex) => this.runSplit(session, splitIndex, group, column));
  }

  private runSplit(
    session: SessionRecord,
    splitIndex: number,
    entries: number[],
    column: number,
  ): void {
    const { drivers, options } = this.world;
    const series = session.seriesSeason.series;
    const n = entries.length;
    const record: SubsessionRecord = {
      subsessionId: session.subsessionIds[splitIndex] as number,
      session,
      splitIndex,
      entrants: new Int32Array(n),
      carIds: new Int16Array(n),
      classIndex: new Uint8Array(n),
      preIrating: new Int32Array(n),
      preSubLevel: new Int16Array(n),
      preGroup: new Uint8Array(n),
      preCpi: new Float32Array(n),
      preSeasonStarts: new Int32Array(n),
      preAggregatePoints: new Int32Array(n),
      summary: {
        endMs: 0,
        winner: 0,
        lapsComplete: 0,
        numCautions: 0,
        numCautionLaps: 0,
        numLeadChanges: 0,
        eventBestLap: -1,
        eventAverageLap: 0,
        eventSof: 0,
      },
    };
    entries.forEach((entry, i) => {
      const driver = entry >> 3;
      const classIndex = entry & 7;
      const cell = driver * CATEGORY_COUNT + column;
      const cls = carClassById(series.carClassIds[classIndex] as number);
      const pick =
        deriveSeed(options.seed, Stream.livery, driver, cls.carClassId) % cls.cars.length;
      record.entrants[i] = driver;
      record.classIndex[i] = classIndex;
      record.carIds[i] = cls.cars[pick]?.carId ?? 0;
      record.preIrating[i] = drivers.irating[cell] as number;
      record.preSubLevel[i] = drivers.subLevel[cell] as number;
      record.preGroup[i] = drivers.group[cell] as number;
      record.preCpi[i] = drivers.cpi[cell] as number;
      record.preSeasonStarts[i] = drivers.seasonStarts[cell] as number;
      record.preAggregatePoints[i] =
        this.aggregatePoints.get(driver * 64 + session.seriesSeason.seriesIndex) ?? 0;
    });
    const { outcome, settlement } = this.replay(record);
    const prelude =
      (session.seriesSeason.practiceMinutes + session.seriesSeason.qualifyMinutes) * MINUTE_MS;
    record.summary = {
      endMs: session.startMs + prelude + Math.round(outcome.winnerTime / 10) + 2 * MINUTE_MS,
      winner: outcome.winner,
      lapsComplete: outcome.leaderLaps,
      numCautions: outcome.numCautions,
      numCautionLaps: outcome.numCautionLaps,
      numLeadChanges: outcome.numLeadChanges,
      eventBestLap: outcome.eventBestLap,
      eventAverageLap: outcome.race.average[outcome.winner] as number,
      eventSof: settlement.eventSof,
    };
    const day = dayNumber(record.summary.endMs);
    for (let i = 0; i < n; i++) {
      const driver = record.entrants[i] as number;
      const cell = driver * CATEGORY_COUNT + column;
      drivers.irating[cell] = settlement.newIrating[i] as number;
      drivers.group[cell] = settlement.newGroup[i] as number;
      drivers.subLevel[cell] = settlement.newSubLevel[i] as number;
      drivers.cpi[cell] = settlement.newCpi[i] as number;
      drivers.starts[cell] = (drivers.starts[cell] as number) + 1;
      drivers.seasonStarts[cell] = (drivers.seasonStarts[cell] as number) + 1;
      this.aggregatePoints.set(
        driver * 64 + session.seriesSeason.seriesIndex,
        (record.preAggregatePoints[i] as number) + (settlement.champPoints[i] as number),
      );
      this.chart.append(driver, column, day, settlement.newIrating[i] as number);
    }
    this.records.push(record);
    this.byId.set(record.subsessionId, record);
    this.resultRows += n;
  }

  /**
   * Season end: 3.00 or better with the minimum races promotes one class (up to A); below 1.00
   * demotes one (never below D for a held licence). Season counters restart.
   */
  private closeSeason(): void {
    const { drivers } = this.world;
    for (let cell = 0; cell < drivers.count * CATEGORY_COUNT; cell++) {
      const group = drivers.group[cell] as number;
      const safety = (drivers.subLevel[cell] as number) / 100;
      const starts = drivers.seasonStarts[cell] as number;
      let next = group;
      if (safety >= 3 && group < 5 && starts >= minRacesForPromotion(group)) next = group + 1;
      else if (safety < 1 && group > 2) next = group - 1;
      if (next !== group) {
        drivers.group[cell] = next;
        drivers.subLevel[cell] = subLevelFromSafetyRating(
          safetyRatingFromCpi(next, drivers.cpi[cell] as number),
        );
      }
      drivers.seasonStarts[cell] = 0;
    }
    this.aggregatePoints = new Map();
  }
}

function nearestSlot(seriesSeason: SeriesSeason, target: number): number {
  const { everyHours, firstHour, minute } = seriesSeason.series.slots;
  const weekStart = seriesSeason.weeks[0] ? seriesSeason.weeks[0].startMs : 0;
  const period = everyHours * HOUR_MS;
  const first = (firstHour % everyHours) * HOUR_MS + minute * MINUTE_MS;
  const perDay = Math.floor((24 - (firstHour % everyHours) - 1) / everyHours) + 1;
  const count = perDay * 7;
  // Position relative to the week's first slot (weekStart here is any week's start: only the phase matters).
  const phase = (((target - weekStart - first) % WEEK_MS) + WEEK_MS) % WEEK_MS;
  const day = Math.floor(phase / DAY_MS);
  const inDay = Math.round((phase - day * DAY_MS) / period);
  return (day * perDay + inDay) % count;
}

/** Multiclass: stronger members lean to the faster class (GTP over GT3 in IMSA). */
function pickClass(rng: Random, seriesSeason: SeriesSeason, irating: number): number {
  const classes = seriesSeason.series.carClassIds.length;
  if (classes === 1) return 0;
  const fast = 0.15 + 0.7 / (1 + Math.exp(-(irating - 2300) / 450));
  return rng.chance(fast) ? 0 : 1 + rng.int(classes - 1);
}

/** Index in `chosen` (sorted slot numbers) of the slot closest to `slot`; earlier wins ties. */
function nearestChosen(chosen: readonly number[], slot: number): number {
  let best = 0;
  for (let k = 1; k < chosen.length; k++) {
    if (Math.abs((chosen[k] as number) - slot) < Math.abs((chosen[best] as number) - slot))
      best = k;
  }
  return best;
}

function uniqueDrivers(entries: readonly number[]): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const entry of entries) {
    const driver = entry >> 3;
    if (seen.has(driver)) continue;
    seen.add(driver);
    out.push(entry);
  }
  return out;
}
