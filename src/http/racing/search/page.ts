import { z } from 'zod';
import { batch } from '../../../db/batch.ts';
import { searchDriversStatement } from '../../../queries/racing/driver-search.ts';
import { searchSeriesStatement } from '../../../queries/racing/series.ts';
import type { RouteHandler } from '../../routing/types.ts';

/** Hits per kind on the search page. */
export const SEARCH_PAGE_LIMIT = 25;

/** `q`: any text (trimmed, at most 100 characters kept); a repeated `q` counts as none. */
const searchPageQuery = z.object({
  q: z
    .string()
    .optional()
    .catch(undefined)
    .transform((q) => (q ?? '').trim().replace(/\s+/g, ' ').slice(0, 100)),
});

/**
 * `/search?q=`: drivers and series matching the text, rendered on the server (what the header
 * search box submits, with or without JavaScript). Fewer than 2 characters search nothing.
 */
export const showSearch: RouteHandler = async (req, res, deps) => {
  const { q } = searchPageQuery.parse(req.query);
  const searched = q.length >= 2;
  // Both searches in one round trip (src/db/batch.ts).
  const [drivers, series] = searched
    ? await batch(deps.knex, [
        searchDriversStatement({ q, limit: SEARCH_PAGE_LIMIT }),
        searchSeriesStatement({ q, limit: SEARCH_PAGE_LIMIT }),
      ])
    : [[], []];
  await res.inertia.render('Search/Index', {
    q,
    searched,
    drivers: drivers.map((d) => ({
      id: d.custId,
      name: d.displayName,
      countryCode: d.countryCode,
      licences: d.licenses
        .filter((l) => l.irating !== null)
        .map((l) => ({
          category: l.category,
          licenceClass: l.licenseClass,
          safetyRating: l.safetyRating,
          irating: l.irating,
        })),
    })),
    series: series.map((s) => ({
      id: s.seriesId,
      name: s.name,
      category: s.category,
      licenceClass: s.licenseClass,
      official: s.official,
    })),
  });
};
