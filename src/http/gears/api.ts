import { gearTypeFromSlug, listGearItems, listGearTypes } from '../../queries/gear.ts';
import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { apiGearListQuery, gearTypeParams } from './schema.ts';

/** `GET /api/gears`: the gear types with their item counts, `{data: GearTypeCount[]}`. */
export const listGearTypesApi: RouteHandler = async (_req, res, deps) => {
  res.json({ data: await listGearTypes(deps.knex) });
};

/** `GET /api/gears/{type}?q=&page=&perPage=`: one type's items; unknown type 404, bad query 400. */
export const listGearOfTypeApi: RouteHandler = async (req, res, deps) => {
  const params = gearTypeParams.safeParse(req.params);
  const type = params.success ? gearTypeFromSlug(params.data.type) : null;
  if (!type) throw new HttpError(404, `No gear type ${String(req.params.type)}.`);
  const query = apiGearListQuery.safeParse(req.query);
  if (!query.success)
    throw new HttpError(400, 'Invalid query parameters.', 'bad_request', query.error.issues);
  res.json(await listGearItems(deps.knex, { ...query.data, type }));
};
