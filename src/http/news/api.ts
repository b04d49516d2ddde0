import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { listPublishedArticles } from '../../queries/articles.ts';
import { apiArticlesQuery } from './schema.ts';

/**
 * `GET /api/articles?page=&perPage=`: published articles, newest first, as
 * `{data: ArticleSummary[], meta: {page, perPage, total, lastPage}}`. A page past the end has
 * empty `data` (the meta says how many there are). Bad parameters: 400 with zod's issues.
 */
export const listArticlesApi: RouteHandler = async (req, res, deps) => {
  const query = apiArticlesQuery.safeParse(req.query);
  if (!query.success)
    throw new HttpError(400, 'Invalid query parameters.', 'bad_request', query.error.issues);
  res.json(await listPublishedArticles(deps.knex, query.data));
};
