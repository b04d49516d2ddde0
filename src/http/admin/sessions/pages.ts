import { InvalidQueryError } from '../../../queries/racing/paging.ts';
import { listIngestedSessions } from '../../../queries/racing/sessions.ts';
import { listSessionReplays } from '../../../queries/replays.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import {
  INGESTED_SESSIONS_PER_PAGE,
  SESSION_REPLAYS_PER_PAGE,
  adminSessionsQuery,
} from './schema.ts';

/**
 * `/admin/sessions?status=&page=&series=&track=&date=&cursor=`: the ingested sessions, newest
 * first and searchable by series, track and day, each with a Replay button and its latest
 * replay's state; replay runs, newest request first, with their state (queued, running, done
 * with counts, failed with the reason); and the "Replay a session" form for a typed id.
 */
export const listAdminSessions: RouteHandler = async (req, res, deps) => {
  const query = adminSessionsQuery.safeParse(req.query);
  if (!query.success) throw new HttpError(404, 'This page does not exist.');
  const { page, status, series, track, date, cursor } = query.data;
  const search = { series: series ?? '', track: track ?? '', date: date ?? '' };
  const [list, sessions] = await Promise.all([
    listSessionReplays(deps.knex, {
      page,
      perPage: SESSION_REPLAYS_PER_PAGE,
      ...(status === 'all' ? {} : { status }),
    }),
    listIngestedSessions(deps.knex, {
      limit: INGESTED_SESSIONS_PER_PAGE,
      ...(series ? { series } : {}),
      ...(track ? { track } : {}),
      ...(date ? { date } : {}),
      ...(cursor ? { cursor } : {}),
    }).catch((err: unknown) => {
      // A cursor this list did not issue names no page.
      if (err instanceof InvalidQueryError) throw new HttpError(404, 'This page does not exist.');
      throw err;
    }),
  ]);
  await res.inertia.render('Admin/Sessions/Index', {
    replays: list.data,
    meta: list.meta,
    status,
    sessions: {
      items: sessions.items,
      nextCursor: sessions.nextCursor,
      search,
      isFirstPage: cursor === undefined,
    },
  });
};
