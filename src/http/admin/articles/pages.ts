import type { Knex } from 'knex';
import { loadArticle } from '../../../commands/articles/handlers.ts';
import { ARTICLE_LIMITS } from '../../../commands/articles/rules.ts';
import { getArticleById, listAllArticles } from '../../../queries/articles.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { eventStoreOf } from '../support.ts';
import { presentArticleForEdit } from './present.ts';
import { ADMIN_ARTICLES_PER_PAGE, adminArticlesQuery, articleIdParams } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/** How many articles there are of each status (the list's filter tabs, the dashboard). */
export async function countArticles(knex: Knex) {
  const count = async (status?: 'draft' | 'published') =>
    (await listAllArticles(knex, { page: 1, perPage: 1, ...(status ? { status } : {}) })).meta
      .total;
  const [all, draft, published] = await Promise.all([count(), count('draft'), count('published')]);
  return { all, draft, published };
}

/**
 * `/admin/articles?status=all|draft|published&page=n`: every article, most recently changed
 * first. A page past the end shows an empty list (an admin may have just emptied it), not a 404.
 */
export const listAdminArticles: RouteHandler = async (req, res, deps) => {
  const query = adminArticlesQuery.safeParse(req.query);
  if (!query.success) throw notFound();
  const { page, status } = query.data;
  const [list, counts] = await Promise.all([
    listAllArticles(deps.knex, {
      page,
      perPage: ADMIN_ARTICLES_PER_PAGE,
      ...(status === 'all' ? {} : { status }),
    }),
    countArticles(deps.knex),
  ]);
  await res.inertia.render('Admin/Articles/Index', {
    articles: list.data,
    meta: list.meta,
    status,
    counts,
  });
};

/** `/admin/articles/create`: the empty form. */
export const showCreateArticle: RouteHandler = (_req, res) =>
  res.inertia.render('Admin/Articles/Create', { limits: ARTICLE_LIMITS });

/** `/admin/articles/{id}`: the edit form, opened at the article's current revision. */
export const editAdminArticle: RouteHandler = async (req, res, deps) => {
  const params = articleIdParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const { id } = params.data;
  const [written, row] = await Promise.all([
    loadArticle(eventStoreOf(deps), id),
    getArticleById(deps.knex, id),
  ]);
  if (written.state.status === 'absent' || written.revision === 'no_stream') throw notFound();
  await res.inertia.render('Admin/Articles/Edit', {
    article: presentArticleForEdit(written.state, written.revision, row),
    limits: ARTICLE_LIMITS,
  });
};
