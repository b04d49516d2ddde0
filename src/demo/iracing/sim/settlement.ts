import {
  iratingChanges,
  licenceLevelFor,
  strengthOfField,
  subLevelFromSafetyRating,
} from '../../../domain/index.ts';
import { minRacesForPromotion, safetyRatingFromCpi } from '../catalog/licences.ts';
import type { RaceOutcome } from './race.ts';

/** Everything a subsession changes about its entrants, indexed like the entrants. */
export interface Settlement {
  newIrating: Int32Array;
  newGroup: Uint8Array;
  newSubLevel: Int16Array;
  newCpi: Float32Array;
  champPoints: Int32Array;
  clubPoints: Int32Array;
  /** Event SOF over every entrant (`event_strength_of_field`), rounded. */
  eventSof: number;
  /** SOF per class index, rounded. */
  classSof: number[];
}

export interface SettlementInput {
  classIndex: ArrayLike<number>;
  classCount: number;
  preIrating: Int32Array;
  preGroup: Uint8Array;
  preCpi: Float32Array;
  /** Starts in this licence this season before the race (for fast-track promotion). */
  preSeasonStarts: Int32Array;
  cornersPerLap: number;
}

/** CPI memory: a race of `c` corners weighs c / (c + 1300) against the history. */
const CPI_MEMORY_CORNERS = 1300;
const MAX_CPI = 999;

/**
 * Settles a subsession: iRating by the community formula (src/domain), per car class;
 * safety rating from the corners-per-incident average; champ and club points. Pure, so the
 * payload builder and the simulation compute the very same numbers.
 */
export function settle(input: SettlementInput, outcome: RaceOutcome): Settlement {
  const n = input.preIrating.length;
  const race = outcome.race;
  const entrants = Array.from({ length: n }, (_, i) => ({
    custId: i,
    oldIrating: input.preIrating[i] as number,
    finishPosition: race.position[i] as number,
    lapsComplete: race.laps[i] as number,
    carClassId: input.classIndex[i] as number,
  }));
  const deltas = iratingChanges(entrants);
  const settlement: Settlement = {
    newIrating: new Int32Array(n),
    newGroup: new Uint8Array(n),
    newSubLevel: new Int16Array(n),
    newCpi: new Float32Array(n),
    champPoints: new Int32Array(n),
    clubPoints: new Int32Array(n),
    eventSof: Math.round(strengthOfField(Array.from(input.preIrating))),
    classSof: [],
  };
  const classIratings: number[][] = Array.from({ length: input.classCount }, () => []);
  const classSize = new Int32Array(input.classCount);
  for (let i = 0; i < n; i++) {
    const cls = input.classIndex[i] as number;
    classIratings[cls]?.push(input.preIrating[i] as number);
    classSize[cls] = (classSize[cls] as number) + 1;
  }
  settlement.classSof = classIratings.map((irs) =>
    irs.length > 0 ? Math.round(strengthOfField(irs)) : -1,
  );

  for (let i = 0; i < n; i++) {
    settlement.newIrating[i] = Math.max(
      1,
      Math.round((input.preIrating[i] as number) + (deltas.get(i) ?? 0)),
    );
    const corners = input.cornersPerLap * (race.laps[i] as number);
    const preCpi = input.preCpi[i] as number;
    let cpi = preCpi;
    if (corners > 0) {
      const weight = corners / (corners + CPI_MEMORY_CORNERS);
      const rate = (1 - weight) / preCpi + (weight * (race.incidents[i] as number)) / corners;
      cpi = rate > 0 ? Math.min(MAX_CPI, 1 / rate) : MAX_CPI;
    }
    let group = input.preGroup[i] as number;
    let safety = safetyRatingFromCpi(group, cpi);
    const startsThisSeason = (input.preSeasonStarts[i] as number) + 1;
    // Fast track: 4.00 or better with the minimum races promotes at once (up to Class A).
    if (safety >= 4 && group < 5 && startsThisSeason >= minRacesForPromotion(group)) {
      group += 1;
      safety = safetyRatingFromCpi(group, cpi);
    }
    settlement.newCpi[i] = Math.fround(cpi);
    settlement.newGroup[i] = group;
    settlement.newSubLevel[i] = subLevelFromSafetyRating(safety);

    const cls = input.classIndex[i] as number;
    const size = classSize[cls] as number;
    const inClass = race.positionInClass[i] as number;
    const winnerPoints = Math.max(1, (settlement.classSof[cls] as number) * 0.0617);
    settlement.champPoints[i] = Math.max(1, Math.floor((winnerPoints * (size - inClass)) / size));
    settlement.clubPoints[i] = Math.max(0, size - 1 - 2 * inClass);
  }
  return settlement;
}

/** The `license_level` a group and sub level encode (src/domain). */
export function licenceLevel(group: number, subLevel: number): number {
  return licenceLevelFor(group, subLevel / 100);
}
