import type { Knex } from '../../../db/knex.ts';
import { knownJustBefore, type AsOf } from '../../../domain/as-of.ts';
import type { RacingCategory } from '../../../events/racing/common.ts';
import {
  driverCorrectionsAsOf,
  driverRatingsAsOf,
  type RatingFactDto,
} from '../../../queries/racing/as-of.ts';
import type { RatingCorrection, RatingFigures } from '../../../../web/pages/Drivers/Show.tsx';

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
 */
export async function ratingsAsOf(knex: Knex, custId: number, asOf: AsOf): Promise<RatingsAsOf> {
  const now = await driverRatingsAsOf(knex, custId, {
    raceBefore: asOf.raceBefore,
    knownBefore: null,
  });
  const corrections = new Map<RacingCategory, RatingCorrection>();
  if (asOf.knownBefore !== null) {
    const then = await driverRatingsAsOf(knex, custId, asOf);
    for (const category of new Set([...then.keys(), ...now.keys()])) {
      const shownThen = figures(then.get(category));
      const knownNow = figures(now.get(category));
      if (sameFigures(shownThen, knownNow)) continue;
      const correctedAt = then.get(category)?.supersededAt ?? null;
      corrections.set(category, { shownThen, knownNow, correctedAt, shownThenKnown: asOf.known });
    }
    return { shown: then, corrections };
  }
  for (const [category, old] of await driverCorrectionsAsOf(knex, custId, asOf.raceBefore, now)) {
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
