import { comingSoonRoute } from './coming-soon.ts';
import type { RouteDef } from './types.ts';

/** The recruitment board: driver and team profiles. */
const soon = (def: Parameters<typeof comingSoonRoute>[1]) => comingSoonRoute('Recruitment', def);

export const recruitmentRoutes: RouteDef[] = [
  soon({ name: 'recruitment.drivers', path: '/recruitment', title: 'Drivers looking for a team' }),
  soon({
    name: 'recruitment.teams',
    path: '/recruitment/teams',
    title: 'Teams looking for drivers',
  }),
  soon({
    name: 'recruitment.mine',
    path: '/recruitment/mine',
    title: 'My recruitment profiles',
    auth: 'user',
  }),
  soon({
    name: 'recruitment.create',
    path: '/recruitment/create',
    title: 'New recruitment profile',
    auth: 'user',
  }),
  soon({
    name: 'recruitment.store',
    method: 'POST',
    path: '/recruitment/create',
    title: 'Create a recruitment profile',
    auth: 'user',
  }),
  soon({
    name: 'recruitment.edit',
    path: '/recruitment/{profileId}/edit',
    title: 'Edit recruitment profile',
    auth: 'user',
  }),
  soon({
    name: 'recruitment.update',
    method: 'PUT',
    path: '/recruitment/{profileId}/edit',
    title: 'Update a recruitment profile',
    auth: 'user',
  }),
  soon({
    name: 'recruitment.destroy',
    method: 'DELETE',
    path: '/recruitment/{profileId}',
    title: 'Delete a recruitment profile',
    auth: 'user',
  }),
  soon({
    name: 'recruitment.profile.show',
    path: '/recruitment/profiles/{profileId}',
    title: 'Recruitment profile',
  }),
  soon({
    name: 'api.recruitment.mine',
    path: '/api/recruitment/mine',
    title: 'My profiles API',
    auth: 'user',
  }),
  soon({
    name: 'api.recruitment.drivers',
    path: '/api/recruitment/drivers',
    title: 'Recruitment drivers API',
  }),
  soon({
    name: 'api.recruitment.teams',
    path: '/api/recruitment/teams',
    title: 'Recruitment teams API',
  }),
];
