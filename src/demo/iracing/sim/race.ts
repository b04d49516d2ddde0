import type { TrackCategoryKey } from '../catalog/categories.ts';
import type { TrackConfig } from '../catalog/tracks.ts';
import { Random, Stream } from '../random.ts';
import { TICKS_PER_SECOND } from '../../../domain/index.ts';
import { LapEvent, idealLapTicks, incidentPoints } from './lap-model.ts';

/** One entrant as the race sees it; `irating` is the pre-race value, `skill` the latent one. */
export interface RaceEntrant {
  driver: number;
  carId: number;
  /** Index into the series' car classes (0 = fastest). */
  classIndex: number;
  irating: number;
  skill: number;
  naturalCpi: number;
}

export interface RaceSetup {
  rootSeed: number;
  subsessionId: number;
  track: TrackConfig;
  laps: number;
  classPace: readonly number[];
  qualAttached: boolean;
  practiceShare: number;
  cautions: boolean;
  standingStart: boolean;
  /** Split order: iRating, highest first (also the order of car numbers). */
  entrants: readonly RaceEntrant[];
}

/** Times of a practice or qualifying simsession, indexed by entrant. */
export interface TimedSession {
  laps: Int16Array;
  best: Int32Array;
  bestNum: Int16Array;
  average: Int32Array;
  incidents: Int16Array;
  /** Entrant indices in the order the API lists them (fastest first, no-time by iRating). */
  order: Int32Array;
  interval: Int32Array;
  /** Offset (ms) into the session of each entrant's best lap; qualifying only. */
  bestAtMs: Float64Array;
}

export interface RaceSession {
  laps: Int16Array;
  lapsLed: Int16Array;
  best: Int32Array;
  bestNum: Int16Array;
  average: Int32Array;
  incidents: Int16Array;
  /** 0 Running, 32 Disconnected. */
  reasonOut: Uint8Array;
  /** Entrant indices in classification order. */
  order: Int32Array;
  position: Int16Array;
  positionInClass: Int16Array;
  interval: Int32Array;
  classInterval: Int32Array;
  /** Per entrant: every lap driven (ticks); only the first `laps[e]` count. */
  lapTimes: Int32Array[];
  /** Per entrant: LapEvent bits of every lap. */
  lapEvents: Uint8Array[];
  /** Race time of each entrant (ticks) over its counted laps. */
  time: Float64Array;
}

export interface RaceOutcome {
  practice: TimedSession;
  qualify: TimedSession | null;
  /** `qual_lap_time` of a separately run lone qualifier (series without attached qualifying). */
  separateQualTime: Int32Array | null;
  startPosition: Int16Array;
  startPositionInClass: Int16Array;
  race: RaceSession;
  winner: number;
  leaderLaps: number;
  numLeadChanges: number;
  numCautions: number;
  numCautionLaps: number;
  eventBestLap: number;
  /** Race duration of the winner (ticks). */
  winnerTime: number;
}

const NO_TIME = -1;
const EVENT_KINDS = [LapEvent.offTrack, LapEvent.lostControl, LapEvent.contact] as const;
const EVENT_KIND_WEIGHTS = [0.6, 0.25, 0.15];
/**
 * How incident-prone a corner is, by track kind: an oval's four corners are taken hundreds of
 * times a race, so per corner they are far safer than a road course's (oval CPIs run high).
 */
const CORNER_RISK: Record<TrackCategoryKey, number> = {
  road: 1,
  dirt_road: 1,
  dirt_oval: 0.6,
  oval: 0.45,
};
/** Average incident points of one event under the weights above. */
const POINTS_PER_EVENT = 0.6 * 1 + 0.25 * 2 + 0.15 * 4;

/**
 * Runs one subsession: attached practice, qualifying (or a separate qualifier's times), the grid
 * and the race, lap by lap. Pure: the outcome depends only on the setup, and the random stream
 * is the subsession's own, so regenerating a subsession on request repeats it exactly.
 */
export function simulateSubsession(setup: RaceSetup): RaceOutcome {
  const rng = Random.derive(setup.rootSeed, Stream.subsession, setup.subsessionId);
  const n = setup.entrants.length;
  const ideal = new Float64Array(n);
  const eventChance = new Float64Array(n);
  setup.entrants.forEach((e, i) => {
    ideal[i] = idealLapTicks(setup.track.referenceLap, setup.classPace[e.classIndex] ?? 1, e.skill);
    eventChance[i] = Math.min(
      0.6,
      (setup.track.corners * CORNER_RISK[setup.track.category]) / (e.naturalCpi * POINTS_PER_EVENT),
    );
  });

  const practice = runTimedSession(rng, setup, ideal, eventChance, 'practice');
  const qualify = setup.qualAttached
    ? runTimedSession(rng, setup, ideal, eventChance, 'qualify')
    : null;
  let separateQualTime: Int32Array | null = null;
  if (!setup.qualAttached) {
    separateQualTime = new Int32Array(n).fill(NO_TIME);
    for (let i = 0; i < n; i++) {
      if (rng.chance(0.4))
        separateQualTime[i] = Math.round(
          (ideal[i] as number) * (0.997 + 0.002 * Math.abs(rng.normal())),
        );
    }
  }
  const gridTimes = qualify ? qualify.best : (separateQualTime as Int32Array);
  const { startPosition, startPositionInClass } = buildGrid(setup, gridTimes);
  return {
    practice,
    qualify,
    separateQualTime,
    startPosition,
    startPositionInClass,
    ...runRace(rng, setup, ideal, eventChance, startPosition),
  };
}

function runTimedSession(
  rng: Random,
  setup: RaceSetup,
  ideal: Float64Array,
  eventChance: Float64Array,
  kind: 'practice' | 'qualify',
): TimedSession {
  const n = setup.entrants.length;
  const session: TimedSession = {
    laps: new Int16Array(n),
    best: new Int32Array(n).fill(NO_TIME),
    bestNum: new Int16Array(n).fill(-1),
    average: new Int32Array(n),
    incidents: new Int16Array(n),
    order: new Int32Array(n),
    interval: new Int32Array(n),
    bestAtMs: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const runs = kind === 'practice' ? rng.chance(setup.practiceShare) : rng.chance(0.88);
    if (!runs) continue;
    const laps = kind === 'practice' ? rng.between(1, 8) : rng.chance(0.85) ? 2 : 1;
    let total = 0;
    let clock = rng.uniform(30_000, 120_000);
    for (let lap = 1; lap <= laps; lap++) {
      const trim = kind === 'qualify' ? 0.997 : 1.004;
      let time =
        (ideal[i] as number) * (trim + 0.0015 * rng.normal() + 0.002 * Math.abs(rng.normal()));
      let clean = true;
      if (rng.chance((eventChance[i] as number) * (kind === 'qualify' ? 0.8 : 0.5))) {
        const event = EVENT_KINDS[rng.weightedIndex(EVENT_KIND_WEIGHTS)] ?? LapEvent.offTrack;
        session.incidents[i] = (session.incidents[i] as number) + incidentPoints(event);
        time += TICKS_PER_SECOND * rng.uniform(1, 6);
        clean = false;
      }
      const ticks = Math.round(time);
      total += ticks;
      clock += ticks / 10;
      if (clean && (session.best[i] === NO_TIME || ticks < (session.best[i] as number))) {
        session.best[i] = ticks;
        session.bestNum[i] = lap;
        session.bestAtMs[i] = clock;
      }
    }
    session.laps[i] = laps;
    session.average[i] = Math.round(total / laps);
  }
  orderByBestTime(session.best, session.order);
  const poleTime = session.best[session.order[0] as number] as number;
  session.order.forEach((entrant, rank) => {
    const best = session.best[entrant] as number;
    session.interval[entrant] =
      rank === 0 ? 0 : best === NO_TIME || poleTime === NO_TIME ? -1 : best - poleTime;
  });
  return session;
}

/** Fastest valid time first; entrants without a time after, in split (iRating) order. */
function orderByBestTime(best: Int32Array, out: Int32Array): void {
  const indices = Array.from({ length: best.length }, (_, i) => i);
  indices.sort((a, b) => {
    const ta = best[a] as number;
    const tb = best[b] as number;
    if (ta === NO_TIME && tb === NO_TIME) return a - b;
    if (ta === NO_TIME) return 1;
    if (tb === NO_TIME) return -1;
    return ta - tb || a - b;
  });
  out.set(indices);
}

/** Grid by class (fastest class first), within a class by qualifying time, then by iRating. */
function buildGrid(
  setup: RaceSetup,
  times: Int32Array,
): { startPosition: Int16Array; startPositionInClass: Int16Array } {
  const n = setup.entrants.length;
  const order = new Int32Array(n);
  orderByBestTime(times, order);
  const byClass = Array.from(order).sort(
    (a, b) => (setup.entrants[a]?.classIndex ?? 0) - (setup.entrants[b]?.classIndex ?? 0),
  );
  const startPosition = new Int16Array(n);
  const startPositionInClass = new Int16Array(n);
  const classCount = new Map<number, number>();
  byClass.forEach((entrant, position) => {
    const cls = setup.entrants[entrant]?.classIndex ?? 0;
    const inClass = classCount.get(cls) ?? 0;
    classCount.set(cls, inClass + 1);
    startPosition[entrant] = position;
    startPositionInClass[entrant] = inClass;
  });
  return { startPosition, startPositionInClass };
}

function runRace(
  rng: Random,
  setup: RaceSetup,
  ideal: Float64Array,
  eventChance: Float64Array,
  startPosition: Int16Array,
): Omit<
  RaceOutcome,
  'practice' | 'qualify' | 'separateQualTime' | 'startPosition' | 'startPositionInClass'
> {
  const n = setup.entrants.length;
  const totalLaps = setup.laps;
  const race: RaceSession = {
    laps: new Int16Array(n),
    lapsLed: new Int16Array(n),
    best: new Int32Array(n).fill(NO_TIME),
    bestNum: new Int16Array(n).fill(-1),
    average: new Int32Array(n),
    incidents: new Int16Array(n),
    reasonOut: new Uint8Array(n),
    order: new Int32Array(n),
    position: new Int16Array(n),
    positionInClass: new Int16Array(n),
    interval: new Int32Array(n),
    classInterval: new Int32Array(n),
    lapTimes: Array.from({ length: n }, () => new Int32Array(totalLaps)),
    lapEvents: Array.from({ length: n }, () => new Uint8Array(totalLaps)),
    time: new Float64Array(n),
  };
  const pace = new Float64Array(n);
  const retireAfter = new Int32Array(n);
  const lapsRun = new Int32Array(n);
  const cumulative = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    pace[i] = (ideal[i] as number) * (1 + 0.0035 * rng.normal());
    retireAfter[i] = rng.chance(0.02)
      ? 0
      : rng.chance(0.05)
        ? rng.between(1, Math.max(1, totalLaps - 1))
        : totalLaps + 1;
  }
  const cautionLap = setup.track.referenceLap * 1.8 * TICKS_PER_SECOND;
  let cautionUntil = 0;
  let numCautions = 0;
  let numCautionLaps = 0;
  let numLeadChanges = 0;
  let leader = -1;

  for (let lap = 1; lap <= totalLaps; lap++) {
    const underCaution = lap <= cautionUntil;
    if (underCaution) numCautionLaps++;
    for (let i = 0; i < n; i++) {
      if ((lapsRun[i] as number) < lap - 1 || (retireAfter[i] as number) < lap) continue;
      let time: number;
      let events = 0;
      if (underCaution) {
        time = cautionLap * (1 + 0.01 * Math.abs(rng.normal()));
        events = LapEvent.caution;
      } else {
        const p = pace[i] as number;
        time = p * (1 + 0.0025 * rng.normal() + 0.003 * Math.abs(rng.normal()));
        if (lap === 1)
          time +=
            p * (0.04 + 0.0015 * (startPosition[i] as number)) +
            (setup.standingStart ? 2 * TICKS_PER_SECOND : 0);
        if (rng.chance((eventChance[i] as number) * (lap === 1 ? 1.5 : 1))) {
          events = EVENT_KINDS[rng.weightedIndex(EVENT_KIND_WEIGHTS)] ?? LapEvent.offTrack;
          time += TICKS_PER_SECOND * timeLost(rng, events);
          if (events === LapEvent.contact) {
            if (rng.chance(0.4)) pace[i] = p * 1.003;
            if (rng.chance(0.12)) retireAfter[i] = lap;
          }
          if (
            setup.cautions &&
            events !== LapEvent.offTrack &&
            lap < totalLaps - 1 &&
            cautionUntil < lap &&
            rng.chance(0.25)
          ) {
            cautionUntil = lap + rng.between(3, 5);
            numCautions++;
          }
        }
      }
      const ticks = Math.round(time);
      (race.lapTimes[i] as Int32Array)[lap - 1] = ticks;
      (race.lapEvents[i] as Uint8Array)[lap - 1] = events;
      race.incidents[i] = (race.incidents[i] as number) + incidentPoints(events);
      cumulative[i] = (cumulative[i] as number) + ticks;
      lapsRun[i] = lap;
    }
    if (underCaution && lap === cautionUntil)
      bunchUpField(race, cumulative, lapsRun, lap, cautionLap / 1.8);
    let lapLeader = -1;
    for (let i = 0; i < n; i++) {
      if (lapsRun[i] !== lap) continue;
      if (lapLeader < 0 || (cumulative[i] as number) < (cumulative[lapLeader] as number))
        lapLeader = i;
    }
    if (lapLeader >= 0) {
      race.lapsLed[lapLeader] = (race.lapsLed[lapLeader] as number) + 1;
      if (leader >= 0 && lapLeader !== leader) numLeadChanges++;
      leader = lapLeader;
    }
  }

  const winnerTime = classify(setup, race, lapsRun, totalLaps);
  let eventBestLap = NO_TIME;
  for (let i = 0; i < n; i++) {
    const best = race.best[i] as number;
    if (best !== NO_TIME && (eventBestLap === NO_TIME || best < eventBestLap)) eventBestLap = best;
  }
  const winner = race.order[0] as number;
  return {
    race,
    winner,
    leaderLaps: race.laps[winner] as number,
    numLeadChanges,
    numCautions,
    numCautionLaps,
    eventBestLap,
    winnerTime,
  };
}

function timeLost(rng: Random, event: number): number {
  switch (event) {
    case LapEvent.offTrack:
      return rng.uniform(0.5, 2.5);
    case LapEvent.lostControl:
      return rng.uniform(4, 12);
    default:
      return rng.uniform(2, 8);
  }
}

/**
 * The field lines up behind the pace car: gaps shrink towards 0.35 s, order kept. A car closes
 * at most what its last caution lap allows (never faster than a green lap), so a car far behind
 * stays behind.
 */
function bunchUpField(
  race: RaceSession,
  cumulative: Float64Array,
  lapsRun: Int32Array,
  lap: number,
  greenLap: number,
): void {
  const running: number[] = [];
  for (let i = 0; i < cumulative.length; i++) if (lapsRun[i] === lap) running.push(i);
  running.sort((a, b) => (cumulative[a] as number) - (cumulative[b] as number));
  const head = running[0];
  if (head === undefined) return;
  const base = cumulative[head] as number;
  running.forEach((i, rank) => {
    const times = race.lapTimes[i] as Int32Array;
    const last = times[lap - 1] as number;
    const target = base + rank * 0.35 * TICKS_PER_SECOND;
    const delta = Math.max(target - (cumulative[i] as number), greenLap * 1.02 - last);
    if (delta >= 0) return;
    const closed = Math.round(delta);
    cumulative[i] = (cumulative[i] as number) + closed;
    times[lap - 1] = last + closed;
  });
}

/**
 * Chequered flag and classification. The winner is the fastest entrant over the full distance;
 * every other entrant takes the flag on the first lap it completes after the winner finished, so
 * lapped cars end with fewer laps. Classification is by laps, then time (as in iRacing, a
 * disconnected driver with more laps ranks above a running one with fewer).
 * @returns the winner's race time (ticks).
 */
function classify(
  setup: RaceSetup,
  race: RaceSession,
  lapsRun: Int32Array,
  totalLaps: number,
): number {
  const n = setup.entrants.length;
  let winnerTime = Number.POSITIVE_INFINITY;
  const prefix = (i: number, laps: number): number => {
    let sum = 0;
    const times = race.lapTimes[i] as Int32Array;
    for (let k = 0; k < laps; k++) sum += times[k] as number;
    return sum;
  };
  for (let i = 0; i < n; i++) {
    if (lapsRun[i] === totalLaps) winnerTime = Math.min(winnerTime, prefix(i, totalLaps));
  }
  for (let i = 0; i < n; i++) {
    const times = race.lapTimes[i] as Int32Array;
    const run = lapsRun[i] as number;
    let counted = run;
    let sum = 0;
    for (let k = 0; k < run; k++) {
      sum += times[k] as number;
      if (sum >= winnerTime) {
        counted = k + 1;
        break;
      }
    }
    race.laps[i] = counted;
    race.time[i] = sum;
    // Crossing the line at or after the winner means taking the flag; anyone else retired.
    race.reasonOut[i] = sum >= winnerTime ? 0 : 32;
    race.average[i] = counted > 0 ? Math.round((race.time[i] as number) / counted) : 0;
    const events = race.lapEvents[i] as Uint8Array;
    for (let k = 0; k < counted; k++) {
      if (events[k] !== 0) continue;
      const t = times[k] as number;
      if (race.best[i] === NO_TIME || t < (race.best[i] as number)) {
        race.best[i] = t;
        race.bestNum[i] = k + 1;
      }
    }
    if (counted < run) {
      // Laps after the flag were never driven: forget them so lap data and counts agree.
      times.fill(0, counted);
      events.fill(0, counted);
      race.lapsLed[i] = Math.min(race.lapsLed[i] as number, counted);
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) =>
      (race.laps[b] as number) - (race.laps[a] as number) ||
      (race.time[a] as number) - (race.time[b] as number) ||
      a - b,
  );
  race.order.set(order);
  const head = order[0] as number;
  const classLeader = new Map<number, number>();
  const classCount = new Map<number, number>();
  order.forEach((entrant, position) => {
    const cls = setup.entrants[entrant]?.classIndex ?? 0;
    race.position[entrant] = position;
    const inClass = classCount.get(cls) ?? 0;
    classCount.set(cls, inClass + 1);
    race.positionInClass[entrant] = inClass;
    if (!classLeader.has(cls)) classLeader.set(cls, entrant);
    const leadOfClass = classLeader.get(cls) as number;
    race.interval[entrant] = gap(race, entrant, head, position === 0);
    race.classInterval[entrant] = gap(race, entrant, leadOfClass, inClass === 0);
  });
  return Number.isFinite(winnerTime) ? winnerTime : (race.time[head] as number);
}

/** Time behind `reference` on the same lap; −1 when a lap or more down or out of the race. */
function gap(race: RaceSession, entrant: number, reference: number, isReference: boolean): number {
  if (isReference) return 0;
  if (race.reasonOut[entrant] !== 0 || race.laps[entrant] !== race.laps[reference]) return -1;
  return Math.round((race.time[entrant] as number) - (race.time[reference] as number));
}
