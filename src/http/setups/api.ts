import { listSetups } from '../../queries/setups.ts';
import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { apiSetupsQuery } from './schema.ts';

/** `GET /api/setups?car=&track=&series=&type=&sort=&page=&perPage=`: bad query 400. */
export const listSetupsApi: RouteHandler = async (req, res, deps) => {
  const query = apiSetupsQuery.safeParse(req.query);
  if (!query.success)
    throw new HttpError(400, 'Invalid query parameters.', 'bad_request', query.error.issues);
  const { page, perPage, car, track, series, type, sort } = query.data;
  const result = await listSetups(deps.knex, {
    page,
    perPage,
    carId: car,
    trackId: track,
    seriesId: series,
    type,
    sort,
  });
  res.json({
    data: result.data.map((s) => ({ ...s, downloadUrl: `/setups/${s.id}/download` })),
    meta: result.meta,
  });
};
