import { listFavoriteDrivers } from '../../../queries/favorites.ts';
import { iratingStats, iratingsOf, percentBelow } from '../../../queries/racing/distribution.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { category } from '../shared/params.ts';
import { MAX_IRATING, iratingValue } from './schema.ts';

const LOOKUP_ERROR = `Enter an iRating: a whole number from 0 to ${MAX_IRATING.toLocaleString('en-US')}.`;

/** The page's URL: only what is set, in a fixed order. */
function statsUrl(q: { category?: string; irating?: string }): string {
  const params = new URLSearchParams();
  if (q.category) params.set('category', q.category);
  if (q.irating) params.set('irating', q.irating);
  const search = params.toString();
  return search ? `/stats/irating?${search}` : '/stats/irating';
}

/**
 * `/stats/irating?category=&irating=`: the iRating histogram of a category with the percentile
 * lookup (a GET form, so it works without JavaScript), licence classes and drivers per
 * category; the signed-in member's favorite drivers are marked on the histogram. An unknown
 * category (or a repeated parameter) goes to the canonical URL without it; an iRating that is
 * not a whole number in range comes back as a field error beside the typed value.
 */
export const showIratingStats: RouteHandler = async (req, res, deps) => {
  const rawCategory = req.query.category;
  const rawIrating = req.query.irating;
  const parsedCategory = rawCategory === undefined ? undefined : category.safeParse(rawCategory);
  const badCategory = parsedCategory !== undefined && !parsedCategory.success;
  const badIratingShape = rawIrating !== undefined && typeof rawIrating !== 'string';
  const emptyIrating = typeof rawIrating === 'string' && rawIrating.trim() === '';
  if (badCategory || badIratingShape || emptyIrating) {
    return res.inertia.redirect(
      statsUrl({
        category: parsedCategory?.success ? parsedCategory.data : undefined,
        irating: typeof rawIrating === 'string' && !emptyIrating ? rawIrating : undefined,
      }),
    );
  }
  const typed = typeof rawIrating === 'string' ? rawIrating.trim() : null;
  const irating = typed === null ? undefined : iratingValue.safeParse(typed);

  const stats = await iratingStats(deps.knex, {
    ...(parsedCategory?.success ? { category: parsedCategory.data } : {}),
    ...(irating?.success ? { irating: irating.data } : {}),
  });
  const favorites = req.user
    ? await listFavoriteDrivers(deps.knex, req.user.id).then((list) =>
        iratingsOf(
          deps.knex,
          stats.category,
          list.map((f) => Number(f.id)),
        ),
      )
    : null;

  await res.inertia.render('Stats/Irating', {
    category: stats.category,
    totalDrivers: stats.totalDrivers,
    buckets: stats.buckets,
    percentiles: stats.percentiles,
    licenceClasses: stats.licenceClasses.map((l) => ({
      licenceClass: l.licenceClass,
      drivers: l.drivers,
    })),
    categories: stats.categories,
    lookup: {
      typed,
      error: irating && !irating.success ? LOOKUP_ERROR : null,
      result: stats.lookup,
    },
    favorites:
      favorites?.map((f) => ({
        id: f.custId,
        name: f.displayName,
        irating: f.irating,
        percentBelow: percentBelow(stats, f.irating),
      })) ?? null,
  });
};
