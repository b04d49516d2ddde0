import { RATING_SPREAD } from './strength-of-field.ts';

/**
 * The community iRating formula (the "iRacing SOF iRating calculator" spreadsheet, also
 * implemented by Turbo87/irating-rs), restricted to iRacing's documented rules:
 *  - computed separately per car class: each class is its own race;
 *  - every listed entrant counts as a starter (there is no non-starter pool);
 *  - entrants that completed 0 laps share one position: the average of the positions they hold.
 *
 * For an entrant i in a class of n entrants with finishing rank rᵢ (1-based, ties averaged):
 *   P(i beats j) = ((1 − e^(−Rᵢ/BR)) · e^(−Rⱼ/BR)) / ((1 − e^(−Rⱼ/BR)) · e^(−Rᵢ/BR) + (1 − e^(−Rᵢ/BR)) · e^(−Rⱼ/BR))
 *   expectedᵢ  = Σⱼ P(i beats j) − 0.5                (j over the whole class, i included: P = ½)
 *   fudgeᵢ     = (n/2 − rᵢ) / 100
 *   K          = 200 / n
 *   Δᵢ         = (n − rᵢ − expectedᵢ − fudgeᵢ) · K
 * with BR = 1600 / ln 2. Verified within 1.5 points of `newi_rating − oldi_rating` for every
 * driver of the recorded single-class and multiclass results (strength-and-irating.unit.test.ts).
 */

export interface IratingEntrant {
  custId: number;
  oldIrating: number;
  /** Finishing position. Only the order within a car class matters: overall or in-class, 0- or 1-based. */
  finishPosition: number;
  lapsComplete: number;
  carClassId: number;
}

/** The probability that a driver rated `a` finishes ahead of a driver rated `b`. */
export function winProbability(a: number, b: number): number {
  const ea = Math.exp(-a / RATING_SPREAD);
  const eb = Math.exp(-b / RATING_SPREAD);
  const aAhead = (1 - ea) * eb;
  return aAhead / ((1 - eb) * ea + aAhead);
}

/** Expected number of entrants beaten (self-pairing excluded), i.e. the expected score. */
export function expectedScore(irating: number, fieldIratings: readonly number[]): number {
  let sum = 0;
  for (const other of fieldIratings) sum += winProbability(irating, other);
  return sum - 0.5;
}

/**
 * iRating change per entrant, unrounded (the API's `newi_rating` is `round(old + Δ)`).
 * Entrants of different car classes never affect each other.
 * @throws RangeError when a customer id appears twice.
 */
export function iratingChanges(entrants: readonly IratingEntrant[]): Map<number, number> {
  const changes = new Map<number, number>();
  const byClass = new Map<number, IratingEntrant[]>();
  for (const e of entrants) {
    if (changes.has(e.custId)) throw new RangeError(`iratingChanges: duplicate custId ${e.custId}`);
    changes.set(e.custId, 0);
    const list = byClass.get(e.carClassId);
    if (list) list.push(e);
    else byClass.set(e.carClassId, [e]);
  }
  for (const cls of byClass.values()) {
    for (const [custId, delta] of classChanges(cls)) changes.set(custId, delta);
  }
  return changes;
}

function classChanges(entrants: readonly IratingEntrant[]): Map<number, number> {
  const n = entrants.length;
  const ordered = [...entrants].sort((a, b) => a.finishPosition - b.finishPosition);
  const ranks = finishingRanks(ordered);
  const field = ordered.map((e) => e.oldIrating);
  const kFactor = 200 / n;
  const result = new Map<number, number>();
  ordered.forEach((e, i) => {
    const rank = ranks[i] ?? i + 1;
    const fudge = (n / 2 - rank) / 100;
    const expected = expectedScore(e.oldIrating, field);
    result.set(e.custId, (n - rank - expected - fudge) * kFactor);
  });
  return result;
}

/** 1-based ranks in finishing order; every 0-lap entrant gets the average rank of the 0-lap group. */
function finishingRanks(ordered: readonly IratingEntrant[]): number[] {
  const ranks = ordered.map((_, i) => i + 1);
  const zeroLap = ranks.filter((_, i) => ordered[i]?.lapsComplete === 0);
  if (zeroLap.length > 1) {
    const shared = zeroLap.reduce((s, r) => s + r, 0) / zeroLap.length;
    ordered.forEach((e, i) => {
      if (e.lapsComplete === 0) ranks[i] = shared;
    });
  }
  return ranks;
}
