import type { Area } from '../../routing/types.ts';
import { adminRoute } from '../route.ts';
import { listUsersApi, showAdminUsers } from './handlers.ts';

/** The users list (admins): the client-only page and the JSON it loads. */
export const adminUsersArea: Area = {
  name: 'admin/users',
  routes: [
    adminRoute({
      name: 'admin.users',
      path: '/admin/users',
      page: 'Admin/Users/Index',
      handler: showAdminUsers,
    }),
    {
      name: 'api.users',
      method: 'GET',
      path: '/api/users',
      auth: 'admin',
      ssr: true,
      handler: listUsersApi,
    },
  ],
};
