import { RATING_SPREAD, teamIrating } from './strength-of-field.ts';

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
 * with BR = 1600 / ln 2.
 *
 * Team events rate teams: a team's rating is the SOF formula over its drivers (teamIrating), the
 * team's change Δₜ is the formula above over the teams of its class, and each driver gets the share
 * of it they drove: Δₜ · (driver laps / team laps).
 *
 * Validated against the recorded results/get payloads (irating-validation.unit.test.ts prints the
 * figures and the worst case; docs/irating-and-prediction.md).
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

export interface TeamEntrant {
  finishPosition: number;
  /** The team's laps (the sum of its drivers'). */
  lapsComplete: number;
  carClassId: number;
  drivers: readonly { custId: number; oldIrating: number; lapsComplete: number }[];
}

/**
 * A team event's iRating change per driver, unrounded: teams rated by the SOF formula over their
 * drivers, the class formula over teams, each driver's share by laps driven. A team without a
 * lap changes nobody's rating beyond its tied position (its drivers share Δₜ equally).
 */
export function teamIratingChanges(teams: readonly TeamEntrant[]): Map<number, number> {
  const rated = teams.filter((t) => t.drivers.length > 0);
  // Keyed by index: the model needs no team id (a loose driver of a team event has none).
  const teamChanges = iratingChanges(
    rated.map((t, i) => ({
      custId: i,
      oldIrating: teamIrating(t.drivers.map((d) => d.oldIrating)),
      finishPosition: t.finishPosition,
      lapsComplete: t.lapsComplete,
      carClassId: t.carClassId,
    })),
  );
  const changes = new Map<number, number>();
  rated.forEach((t, i) => {
    const delta = teamChanges.get(i) ?? 0;
    for (const d of t.drivers) {
      const share = t.lapsComplete > 0 ? d.lapsComplete / t.lapsComplete : 1 / t.drivers.length;
      changes.set(d.custId, delta * share);
    }
  });
  return changes;
}

/**
 * The expected change of a driver rated `irating` at each finishing position (index 0 = P1) of a
 * one-class race of `fieldSize` entrants whose strength of field is `sof`: the other entrants are
 * all rated so that the field's SOF, the driver included, is `sof`.
 * @throws RangeError for a field of fewer than 2 or more than 100 entrants, or a non-finite rating.
 */
export function changesByPosition(irating: number, sof: number, fieldSize: number): number[] {
  if (!Number.isInteger(fieldSize) || fieldSize < 2 || fieldSize > MAX_FIELD) {
    throw new RangeError(`changesByPosition: field size must be 2–${MAX_FIELD}`);
  }
  if (!Number.isFinite(irating) || !Number.isFinite(sof)) {
    throw new RangeError('changesByPosition: ratings must be finite');
  }
  const others = othersRatingFor(irating, sof, fieldSize);
  const field = [irating, ...Array<number>(fieldSize - 1).fill(others)];
  const expected = expectedScore(irating, field);
  const kFactor = 200 / fieldSize;
  return Array.from({ length: fieldSize }, (_, i) => {
    const rank = i + 1;
    return (fieldSize - rank - expected - (fieldSize / 2 - rank) / 100) * kFactor;
  });
}

/** The largest field the calculator models (iRacing's grids are at most 60-some cars). */
export const MAX_FIELD = 100;

/**
 * The rating R of n − 1 equal opponents such that SOF(irating, R × (n − 1)) = sof:
 * n·e^(−sof/BR) = e^(−irating/BR) + (n − 1)·e^(−R/BR). When the driver alone outweighs the
 * SOF (a very low driver in a strong field cannot make it lower), the opponents are rated at the SOF.
 */
function othersRatingFor(irating: number, sof: number, n: number): number {
  const rest = n * Math.exp(-sof / RATING_SPREAD) - Math.exp(-irating / RATING_SPREAD);
  if (!(rest > 0)) return sof;
  return -RATING_SPREAD * Math.log(rest / (n - 1));
}

/** One row of a race's results as the model reads it (a team event lists one row per driver). */
export interface ResultForModel {
  custId: number;
  /** The team of a team event's row; null in a driver event. */
  teamId: number | null;
  carClassId: number;
  /** Overall or in-class, 0- or 1-based: only the order within a class matters. */
  finishPosition: number;
  lapsComplete: number;
  /** null when the driver had no rating (such rows are left out of the field). */
  oldIrating: number | null;
}

/**
 * The modelled change of every rated row of a race (a driver event by iratingChanges, a team
 * event by teamIratingChanges, its teams' laps summed over their drivers). Rows without a rating
 * are not in the map.
 */
export function raceIratingChanges(
  rows: readonly ResultForModel[],
  teamEvent: boolean,
): Map<number, number> {
  const rated = rows.filter(
    (r): r is ResultForModel & { oldIrating: number } => r.oldIrating !== null,
  );
  if (!teamEvent) {
    return iratingChanges(
      rated.map((r) => ({
        custId: r.custId,
        oldIrating: r.oldIrating,
        finishPosition: r.finishPosition,
        lapsComplete: r.lapsComplete,
        carClassId: r.carClassId,
      })),
    );
  }
  const teams = new Map<string, TeamEntrant & { drivers: TeamEntrant['drivers'][number][] }>();
  for (const r of rated) {
    const key = r.teamId === null ? `d${r.custId}` : `t${r.teamId}`;
    let team = teams.get(key);
    if (!team) {
      team = {
        finishPosition: r.finishPosition,
        lapsComplete: 0,
        carClassId: r.carClassId,
        drivers: [],
      };
      teams.set(key, team);
    }
    team.finishPosition = Math.min(team.finishPosition, r.finishPosition);
    team.lapsComplete += r.lapsComplete;
    team.drivers.push({ custId: r.custId, oldIrating: r.oldIrating, lapsComplete: r.lapsComplete });
  }
  return teamIratingChanges([...teams.values()]);
}
