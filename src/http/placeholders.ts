import { comingSoonRoute, type Placeholder } from './routing/coming-soon.ts';
import type { RouteDef } from './routing/types.ts';

/**
 * Every route of the spec whose area is not built yet, in one table: each answers honestly
 * (routing/coming-soon.ts: the Public/ComingSoon page, 501 for JSON calls and mutations). Building
 * a page means deleting its row here and adding the route, with the same name, method, path,
 * `auth` and `ssr`, to its area's routes.ts.
 */

export const placeholders: readonly Placeholder[] = [
  // The recruitment board: driver and team profiles.
  {
    area: 'Recruitment',
    name: 'recruitment.drivers',
    path: '/recruitment',
    title: 'Drivers looking for a team',
  },
  {
    area: 'Recruitment',
    name: 'recruitment.teams',
    path: '/recruitment/teams',
    title: 'Teams looking for drivers',
  },
  {
    area: 'Recruitment',
    name: 'recruitment.mine',
    path: '/recruitment/mine',
    title: 'My recruitment profiles',
    auth: 'user',
  },
  {
    area: 'Recruitment',
    name: 'recruitment.create',
    path: '/recruitment/create',
    title: 'New recruitment profile',
    auth: 'user',
  },
  {
    area: 'Recruitment',
    name: 'recruitment.store',
    method: 'POST',
    path: '/recruitment/create',
    title: 'Create a recruitment profile',
    auth: 'user',
  },
  {
    area: 'Recruitment',
    name: 'recruitment.edit',
    path: '/recruitment/{profileId}/edit',
    title: 'Edit recruitment profile',
    auth: 'user',
  },
  {
    area: 'Recruitment',
    name: 'recruitment.update',
    method: 'PUT',
    path: '/recruitment/{profileId}/edit',
    title: 'Update a recruitment profile',
    auth: 'user',
  },
  {
    area: 'Recruitment',
    name: 'recruitment.destroy',
    method: 'DELETE',
    path: '/recruitment/{profileId}',
    title: 'Delete a recruitment profile',
    auth: 'user',
  },
  {
    area: 'Recruitment',
    name: 'recruitment.profile.show',
    path: '/recruitment/profiles/{profileId}',
    title: 'Recruitment profile',
  },
  {
    area: 'Recruitment',
    name: 'api.recruitment.mine',
    path: '/api/recruitment/mine',
    title: 'My profiles API',
    auth: 'user',
  },
  {
    area: 'Recruitment',
    name: 'api.recruitment.drivers',
    path: '/api/recruitment/drivers',
    title: 'Recruitment drivers API',
  },
  {
    area: 'Recruitment',
    name: 'api.recruitment.teams',
    path: '/api/recruitment/teams',
    title: 'Recruitment teams API',
  },
];

export const placeholderRoutes: readonly RouteDef[] = placeholders.map(comingSoonRoute);
