import { getProById, listPros } from '../../queries/pros.ts';
import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { PROS_PER_PAGE, proIdParams, prosIndexQuery } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/** `/pros?q=&page=`: professional drivers by name, with their best live iRating. */
export const listProsPage: RouteHandler = async (req, res, deps) => {
  const query = prosIndexQuery.safeParse(req.query);
  if (!query.success) throw notFound();
  const { page, q } = query.data;
  const result = await listPros(deps.knex, { page, perPage: PROS_PER_PAGE, q });
  if (page > result.meta.lastPage) throw notFound();
  await res.inertia.render('Pros/Index', { pros: result.data, meta: result.meta, q: q ?? '' });
};

/** `/pros/{id}`: one pro with bio, links and live licences; unknown ids are a 404. */
export const showProPage: RouteHandler = async (req, res, deps) => {
  const params = proIdParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const pro = await getProById(deps.knex, params.data.id);
  if (!pro) throw notFound();
  await res.inertia.render('Pros/Show', { pro });
};
