import { listUsers } from '../../../queries/users.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { apiUsersQuery } from './schema.ts';

/**
 * `GET /api/users?page=&perPage=` (admins; enforced by the route table): newest first, as
 * `{data: AdminUserSummary[], meta: {page, perPage, total, lastPage}}`. Bad parameters: 400.
 */
export const listUsersApi: RouteHandler = async (req, res, deps) => {
  const query = apiUsersQuery.safeParse(req.query);
  if (!query.success)
    throw new HttpError(400, 'Invalid query parameters.', 'bad_request', query.error.issues);
  res.set('Cache-Control', 'no-store');
  res.json(await listUsers(deps.knex, query.data));
};

/** `/admin/users` (admins, client-only): the page loads its rows from /api/users. */
export const showAdminUsers: RouteHandler = (_req, res) =>
  res.inertia.render('Admin/Users/Index', {});
