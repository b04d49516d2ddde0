import { searchDrivers } from '../../../queries/racing/driver-search.ts';
import { listDrivers, DRIVER_SORT_DEFAULT_DIRECTION } from '../../../queries/racing/drivers.ts';
import { isAsOfDriverSort, listDriversAt } from '../../../queries/racing/drivers-as-of.ts';
import { InvalidQueryError } from '../../../queries/racing/paging.ts';
import { favoriteDriverIdsAmong } from '../../../queries/favorites.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { pageAsOf, withoutParameters } from '../shared/as-of.ts';
import type { DriverListRow } from '../../../../web/pages/Drivers/Index.tsx';
import { DRIVER_LIST_PER_PAGE, driverListPageQuery } from './schema.ts';

/**
 * `/drivers`: every driver of a category, sorted on the server (iRating, safety rating,
 * licence, starts, wins or name, either direction), filtered by licence class, keyset-paged by
 * `cursor`; with `q` the name search instead (ranked, one page). With `asOf` (docs/as-of.md) the
 * list as it stood at the end of that day on the race-time clock (drivers-as-of.ts): sorted by
 * iRating, safety rating, licence or name. A parameter that does not parse, a cursor the list did
 * not issue, a sort a past list cannot give and `asOf` beside a search (search hits are today's
 * drivers) are dropped by a redirect, so the URL stays canonical; a `known` is not applied (the
 * list answers race time as known now) and the as-of bar says so.
 */
export const listDriversPage: RouteHandler = async (req, res, deps) => {
  const raw = req.query as Record<string, unknown>;
  const redirectWithout = (drop: Iterable<string>) =>
    res.inertia.redirect(`/drivers${withoutParameters(raw, new Set(drop))}`);
  const parsed = driverListPageQuery.safeParse(raw);
  if (!parsed.success) {
    return redirectWithout(parsed.error.issues.map((i) => String(i.path[0] ?? '')));
  }
  const query = parsed.data;
  const direction = query.direction ?? DRIVER_SORT_DEFAULT_DIRECTION[query.sort];
  const resolved = await pageAsOf(deps, raw, 'race-time');
  if (!resolved.ok) return redirectWithout(resolved.drop);
  const at = resolved.asOf.raceBefore;
  if (at !== null && query.q !== undefined) return redirectWithout(['asOf']);
  if (at !== null && !isAsOfDriverSort(query.sort)) {
    return redirectWithout(['sort', 'direction', 'cursor']);
  }

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
    const params = {
      category: query.category,
      sort: query.sort,
      direction,
      ...(query.licenceClass ? { licenceClass: query.licenceClass } : {}),
      limit: DRIVER_LIST_PER_PAGE,
      cursor: query.cursor ?? null,
    };
    try {
      page =
        at === null
          ? await listDrivers(deps.knex, params)
          : await listDriversAt(deps.knex, { ...params, at });
    } catch (error) {
      if (error instanceof InvalidQueryError) return redirectWithout(['cursor']);
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
    asOf: resolved.view,
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
