import { listAllArticles } from '../../../queries/articles.ts';
import { listSessionReplays } from '../../../queries/replays.ts';
import { defer } from '../../inertia/props.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { countArticles } from '../articles/pages.ts';
import { projectionHealth } from './health.ts';

const RECENT = 5;

/**
 * `/admin`: articles by status with the latest changed, the latest replay requests, and (after
 * the first render, so the page never waits for it) the read models' health and lag.
 */
export const showAdminDashboard: RouteHandler = async (_req, res, deps) => {
  const [counts, recentArticles, replays] = await Promise.all([
    countArticles(deps.knex),
    listAllArticles(deps.knex, { page: 1, perPage: RECENT }),
    listSessionReplays(deps.knex, { page: 1, perPage: RECENT }),
  ]);
  const { eventStore, projections } = deps;
  await res.inertia.render('Admin/Dashboard', {
    articles: { counts, recent: recentArticles.data },
    replays: { total: replays.meta.total, recent: replays.data },
    projections: defer(() =>
      eventStore && projections
        ? projectionHealth({ knex: deps.knex, eventStore, projections })
        : [],
    ),
  });
};
