/**
 * Strength of field (SOF) as iRacing computes it: the iRating of a single driver who would be
 * expected to finish exactly mid-field against these entrants.
 *
 *   BR  = 1600 / ln 2                       (the rating spread of the iRating system)
 *   SOF = BR · ln( n / Σ exp(−iRᵢ / BR) )
 *
 * Verified against the recorded results/get payloads (strength-and-irating.unit.test.ts): the API's
 * `event_strength_of_field` is this formula over EVERY entrant of the subsession, all car classes
 * together (within 3 points). The per-class `car_classes[].strength_of_field` of multiclass
 * results deviates from the same formula over the class's entrants by up to ~9 points, so it is
 * reproduced only approximately (see docs/iracing-api.md).
 */

/** The rating spread of the iRating system, 1600/ln 2 ≈ 2308.3. */
export const RATING_SPREAD = 1600 / Math.LN2;

/**
 * SOF of a field, unrounded (the API reports `Math.round` of it).
 * @throws RangeError on an empty field (the API reports −1 there).
 */
export function strengthOfField(iratings: readonly number[]): number {
  if (iratings.length === 0) throw new RangeError('strengthOfField: the field is empty');
  let sum = 0;
  for (const ir of iratings) sum += Math.exp(-ir / RATING_SPREAD);
  return RATING_SPREAD * Math.log(iratings.length / sum);
}

/** SOF per car class, keyed by car class id. */
export function strengthOfFieldByClass(
  entrants: readonly { carClassId: number; irating: number }[],
): Map<number, number> {
  const byClass = new Map<number, number[]>();
  for (const e of entrants) {
    const list = byClass.get(e.carClassId);
    if (list) list.push(e.irating);
    else byClass.set(e.carClassId, [e.irating]);
  }
  return new Map([...byClass].map(([classId, irs]) => [classId, strengthOfField(irs)]));
}

/**
 * The iRating of a team in a team event: the SOF formula over its drivers' iRatings.
 * Verified on the recorded team event: the event SOF over team ratings computed this way is within
 * 2 points of the API's `event_strength_of_field` (team rows themselves carry `oldi_rating: -1`).
 */
export function teamIrating(driverIratings: readonly number[]): number {
  return strengthOfField(driverIratings);
}
