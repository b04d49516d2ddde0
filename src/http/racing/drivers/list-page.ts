import { searchDrivers } from '../../../queries/racing/driver-search.ts';
import { listDrivers, DRIVER_SORT_DEFAULT_DIRECTION } from '../../../queries/racing/drivers.ts';
import { InvalidQueryError } from '../../../queries/racing/paging.ts';
import { favoriteDriverIdsAmong } from '../../../queries/favorites.ts';
import type { RouteHandler } from '../../routing/types.ts';
import type { DriverListRow } from '../../../../web/pages/Drivers/Index.tsx';
import { DRIVER_LIST_PER_PAGE, driverListPageQuery } from './schema.ts';

/** The query string of `query` without the parameters named in `drop`. */
function withoutParameters(query: Record<string, unknown>, drop: ReadonlySet<string>): string {
  const kept = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (drop.has(key) || typeof value !== 'string') continue;
    kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/**
 * `/drivers`: every driver of a category, sorted on the server (iRating, safety rating,
 * licence, starts, wins or name, either direction), filtered by licence class, keyset-paged by
 * `cursor`; with `q` the name search instead (ranked, one page). A parameter that does not parse
 * (or a cursor the list did not issue) is dropped by a redirect, so the URL stays canonical.
 */
export const listDriversPage: RouteHandler = async (req, res, deps) => {
  const raw = req.query as Record<string, unknown>;
  const parsed = driverListPageQuery.safeParse(raw);
  if (!parsed.success) {
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')));
    return res.inertia.redirect(`/drivers${withoutParameters(raw, bad)}`);
  }
  const query = parsed.data;
  const direction = query.direction ?? DRIVER_SORT_DEFAULT_DIRECTION[query.sort];

  let rows: DriverListRow[];
  let nextCursor: string | null = null;
  if (query.q !== undefined && query.q.length >= 2) {
    const hits = await searchDrivers(deps.knex, { q: query.q, limit: DRIVER_LIST_PER_PAGE });
    rows = hits.map((h) => {
      const licence = h.licenses.find((l) => l.category === query.category) ?? null;
      return {
        id: h.custId,
        name: h.displayName,
        countryCode: h.countryCode,
        licenceClass: licence?.licenseClass ?? null,
        safetyRating: licence?.safetyRating ?? null,
        irating: licence?.irating ?? null,
        starts: null,
        wins: null,
        isFavorite: false,
      };
    });
  } else {
    let page;
    try {
      page = await listDrivers(deps.knex, {
        category: query.category,
        sort: query.sort,
        direction,
        ...(query.licenceClass ? { licenceClass: query.licenceClass } : {}),
        limit: DRIVER_LIST_PER_PAGE,
        cursor: query.cursor ?? null,
      });
    } catch (error) {
      if (error instanceof InvalidQueryError) {
        return res.inertia.redirect(`/drivers${withoutParameters(raw, new Set(['cursor']))}`);
      }
      throw error;
    }
    nextCursor = page.nextCursor;
    rows = page.items.map((d) => ({
      id: d.custId,
      name: d.displayName,
      countryCode: d.countryCode,
      licenceClass: d.license?.licenseClass ?? null,
      safetyRating: d.license?.safetyRating ?? null,
      irating: d.license?.irating ?? null,
      starts: d.starts,
      wins: d.wins,
      isFavorite: false,
    }));
  }

  if (req.user && rows.length > 0) {
    const favorites = await favoriteDriverIdsAmong(
      deps.knex,
      req.user.id,
      rows.map((r) => r.id),
    );
    for (const r of rows) r.isFavorite = favorites.has(r.id);
  }

  await res.inertia.render('Drivers/Index', {
    drivers: rows,
    filters: {
      category: query.category,
      sort: query.sort,
      direction,
      licenceClass: query.licenceClass ?? null,
      q: query.q ?? '',
    },
    searching: query.q !== undefined && query.q.length >= 2,
    nextCursor,
    isFirstPage: !query.cursor,
  });
};
