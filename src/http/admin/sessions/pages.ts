import { listSessionReplays } from '../../../queries/replays.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { SESSION_REPLAYS_PER_PAGE, adminSessionsQuery } from './schema.ts';

/**
 * `/admin/sessions?status=&page=`: replay runs, newest request first, with their state
 * (queued, running, done with counts, failed with the reason), and the "Replay a session" form.
 */
export const listAdminSessions: RouteHandler = async (req, res, deps) => {
  const query = adminSessionsQuery.safeParse(req.query);
  if (!query.success) throw new HttpError(404, 'This page does not exist.');
  const { page, status } = query.data;
  const list = await listSessionReplays(deps.knex, {
    page,
    perPage: SESSION_REPLAYS_PER_PAGE,
    ...(status === 'all' ? {} : { status }),
  });
  await res.inertia.render('Admin/Sessions/Index', {
    replays: list.data,
    meta: list.meta,
    status,
  });
};
