import { gearTypeFromSlug, listGearItems, listGearTypes } from '../../queries/gear.ts';
import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { GEAR_PER_PAGE, gearListQuery, gearTypeParams } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/** `/gears`: every kind of gear with how many items the catalog has of it. */
export const listGearTypesPage: RouteHandler = async (_req, res, deps) => {
  await res.inertia.render('Gears/Index', { types: await listGearTypes(deps.knex) });
};

/** `/gears/{type}?q=&page=`: the items of one type (kebab form, `wheel-base`); unknown type 404. */
export const listGearOfTypePage: RouteHandler = async (req, res, deps) => {
  const params = gearTypeParams.safeParse(req.params);
  const query = gearListQuery.safeParse(req.query);
  const type = params.success ? gearTypeFromSlug(params.data.type) : null;
  if (!type || !query.success) throw notFound();
  const { page, q } = query.data;
  const result = await listGearItems(deps.knex, { type, page, perPage: GEAR_PER_PAGE, q });
  if (page > result.meta.lastPage) throw notFound();
  await res.inertia.render('Gears/Type', {
    type,
    slug: params.success ? params.data.type : '',
    items: result.data,
    meta: result.meta,
    q: q ?? '',
  });
};
