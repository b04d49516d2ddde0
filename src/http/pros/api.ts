import { getProById, listPros } from '../../queries/pros.ts';
import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { apiProsQuery, proIdParams } from './schema.ts';

/** `GET /api/pros?q=&page=&perPage=`: pros by name, `{data, meta}`; bad parameters 400. */
export const listProsApi: RouteHandler = async (req, res, deps) => {
  const query = apiProsQuery.safeParse(req.query);
  if (!query.success)
    throw new HttpError(400, 'Invalid query parameters.', 'bad_request', query.error.issues);
  res.json(await listPros(deps.knex, query.data));
};

/** `GET /api/pros/{id}`: one pro as `{data: Pro}`; unknown id 404. */
export const showProApi: RouteHandler = async (req, res, deps) => {
  const params = proIdParams.safeParse(req.params);
  const pro = params.success ? await getProById(deps.knex, params.data.id) : null;
  if (!pro) throw new HttpError(404, `No pro driver ${String(req.params.id)}.`);
  res.json({ data: pro });
};
