import { batch } from '../../../db/batch.ts';
import {
  countWorldRecordsStatement,
  worldRecordFiltersStatement,
  worldRecordsStatement,
  worldRecordSortDirection,
} from '../../../queries/racing/world-records.ts';
import { encodeCursor } from '../../../queries/racing/paging.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import {
  WORLD_RECORDS_PER_PAGE,
  canonicalWorldRecordsUrl,
  worldRecordsPageQuery,
} from './schema.ts';

/**
 * `/world-records?category=&trackId=&carId=&sort=&direction=&page=`: the best race lap per track
 * layout and car, filtered and sorted in the URL (server-rendered, shareable). A parameter that
 * does not parse is dropped by a redirect to the canonical URL of the rest; a page past the last
 * one is a 404.
 */
export const showWorldRecords: RouteHandler = async (req, res, deps) => {
  const parsed = worldRecordsPageQuery(req.query);
  if (parsed.redirect) return res.inertia.redirect(canonicalWorldRecordsUrl(parsed.query));
  const q = parsed.query;
  const filter = { category: q.category, trackId: q.trackId, carId: q.carId };
  const offset = (q.page - 1) * WORLD_RECORDS_PER_PAGE;
  // One round trip (src/db/batch.ts).
  const [page, total, choices] = await batch(deps.knex, [
    worldRecordsStatement({
      ...filter,
      sort: q.sort,
      direction: q.direction,
      limit: WORLD_RECORDS_PER_PAGE,
      cursor: offset > 0 ? encodeCursor({ o: offset }) : null,
    }),
    countWorldRecordsStatement(filter),
    worldRecordFiltersStatement({ category: q.category }),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / WORLD_RECORDS_PER_PAGE));
  if (q.page > lastPage) throw new HttpError(404, 'This page does not exist.');
  await res.inertia.render('WorldRecords/Index', {
    records: page.items.map((r) => ({
      key: `${r.track.trackId}-${r.car.carId}`,
      track: r.track,
      car: r.car,
      category: r.category,
      lapTime: r.lapTime,
      holder: r.holder,
      subsessionId: r.subsessionId,
      setAt: r.setAt,
    })),
    filters: {
      category: q.category ?? null,
      trackId: q.trackId ?? null,
      carId: q.carId ?? null,
    },
    sort: { key: q.sort, direction: q.direction ?? worldRecordSortDirection(q.sort) },
    choices,
    meta: { page: q.page, lastPage, total, perPage: WORLD_RECORDS_PER_PAGE },
  });
};
