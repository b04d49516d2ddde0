import { known, type Statement } from '../../../db/batch.ts';
import { knownJustBefore, type AsOf } from '../../../domain/as-of.ts';
import type { RacingCategory } from '../../../events/racing/common.ts';
import {
  driverCorrectionsAsOfStatement,
  driverRatingsAsOfStatement,
  type RatingFactDto,
} from '../../../queries/racing/as-of.ts';
import type { RatingCorrection, RatingFigures } from '../../../../web/pages/Drivers/Show.tsx';

type RatingFacts = Map<RacingCategory, RatingFactDto>;

/** A driver's ratings per category at the page's as-of state, with the corrections that touch them. */
export interface RatingsAsOf {
  /** The ratings the page shows (as known now, or as known at `known`). */
  shown: Map<RacingCategory, RatingFactDto>;
  corrections: Map<RacingCategory, RatingCorrection>;
}

const figures = (f: RatingFactDto | undefined): RatingFigures => ({
  irating: f?.license.irating ?? null,
  safetyRating: f?.license.safetyRating ?? null,
  licenceClass: f?.license.licenseClass ?? null,
});

const sameFigures = (a: RatingFigures, b: RatingFigures): boolean =>
  a.irating === b.irating && a.safetyRating === b.safetyRating && a.licenceClass === b.licenceClass;

/**
 * The ratings at `asOf` and, per category, "as shown then" next to "as known now" where they
 * differ (docs/as-of.md):
 *  - with `known`: the page shows what Pitwall knew then; "as known now" is today's knowledge of
 *    the same race time (it differs after a correction, or when facts were learned later);
 *  - without: the page shows today's knowledge; "as shown then" is the value the latest
 *    correction touching that race time replaced, with the learned time to see it again.
 *
 * Read in two steps so a page can send each with its other reads (src/db/batch.ts):
 * `ratingsAsOfReads` (today's knowledge, and with `known` the knowledge then), then
 * `correctionsRead` of what the first step found, then `ratingsAsOfFrom` puts them together.
 */
export function ratingsAsOfReads(
  custId: number,
  asOf: AsOf,
): [Statement<RatingFacts>, Statement<RatingFacts | null>] {
  return [
    driverRatingsAsOfStatement(custId, { raceBefore: asOf.raceBefore, knownBefore: null }),
    asOf.knownBefore === null ? known(null) : driverRatingsAsOfStatement(custId, asOf),
  ];
}

/** The second step: the values corrections replaced (only without `known`). */
export function correctionsRead(
  custId: number,
  asOf: AsOf,
  now: RatingFacts,
): Statement<RatingFacts | null> {
  return asOf.knownBefore === null
    ? driverCorrectionsAsOfStatement(custId, asOf.raceBefore, now)
    : known(null);
}

/** The ratings the page shows and the corrections, from the reads' answers. */
export function ratingsAsOfFrom(
  asOf: AsOf,
  now: RatingFacts,
  then: RatingFacts | null,
  replaced: RatingFacts | null,
): RatingsAsOf {
  const corrections = new Map<RacingCategory, RatingCorrection>();
  if (then !== null) {
    for (const category of new Set([...then.keys(), ...now.keys()])) {
      const shownThen = figures(then.get(category));
      const knownNow = figures(now.get(category));
      if (sameFigures(shownThen, knownNow)) continue;
      const correctedAt = then.get(category)?.supersededAt ?? null;
      corrections.set(category, { shownThen, knownNow, correctedAt, shownThenKnown: asOf.known });
    }
    return { shown: then, corrections };
  }
  for (const [category, old] of replaced ?? []) {
    const shownThen = figures(old);
    const knownNow = figures(now.get(category));
    if (sameFigures(shownThen, knownNow) || old.supersededAt === null) continue;
    corrections.set(category, {
      shownThen,
      knownNow,
      correctedAt: old.supersededAt,
      shownThenKnown: knownJustBefore(old.supersededAt),
    });
  }
  return { shown: now, corrections };
}
