import type { Area } from '../../routing/types.ts';
import { adminRoute } from '../route.ts';
import { destroyAdminTeam, storeAdminTeam, updateAdminTeam } from './mutations.ts';
import { editAdminTeam, listAdminTeams, showCreateTeam } from './pages.ts';

/** Teams in the admin area: list, create, edit, delete (docs/community.md). */
export const adminTeamsArea: Area = {
  name: 'admin/teams',
  routes: [
    adminRoute({
      name: 'admin.teams',
      path: '/admin/teams',
      page: 'Admin/Teams/Index',
      handler: listAdminTeams,
    }),
    adminRoute({
      name: 'admin.teams.create',
      path: '/admin/teams/create',
      page: 'Admin/Teams/Create',
      handler: showCreateTeam,
    }),
    adminRoute({
      name: 'admin.teams.store',
      method: 'POST',
      path: '/admin/teams/create',
      handler: storeAdminTeam,
    }),
    adminRoute({
      name: 'admin.teams.edit',
      path: '/admin/teams/{id}',
      page: 'Admin/Teams/Edit',
      handler: editAdminTeam,
    }),
    adminRoute({
      name: 'admin.teams.update',
      method: 'PATCH',
      path: '/admin/teams/{id}',
      handler: updateAdminTeam,
    }),
    adminRoute({
      name: 'admin.teams.destroy',
      method: 'DELETE',
      path: '/admin/teams/{id}',
      handler: destroyAdminTeam,
    }),
  ],
};
