import { comingSoonRoute, type Placeholder } from './routing/coming-soon.ts';
import type { RouteDef } from './routing/types.ts';

/**
 * Every route of the spec whose area is not built yet, in one table: each answers honestly
 * (routing/coming-soon.ts: the Public/ComingSoon page, 501 for JSON calls and mutations). Building
 * a page means deleting its row here and adding the route, with the same name, method, path,
 * `auth` and `ssr`, to its area's routes.ts.
 */

/** Content managed in the admin area: list, form, create. */
const managed = [['setups', 'Setups']] as const;

const adminPlaceholder = (row: Omit<Placeholder, 'area' | 'auth' | 'ssr'>): Placeholder => ({
  area: 'Admin',
  auth: 'admin',
  ssr: false,
  ...row,
});

export const placeholders: readonly Placeholder[] = [
  // Setups (content managed in the admin area).
  { area: 'Setups', name: 'setups', path: '/setups', title: 'Car setups' },
  { area: 'Setups', name: 'api.setups', path: '/api/setups', title: 'Setups API' },

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

  // The admin area's managed content (client-only pages, admins only).
  ...managed.flatMap(([segment, label]) => [
    adminPlaceholder({ name: `admin.${segment}`, path: `/admin/${segment}`, title: label }),
    adminPlaceholder({
      name: `admin.${segment}.create`,
      path: `/admin/${segment}/create`,
      title: `New ${label.toLowerCase()}`,
    }),
    adminPlaceholder({
      name: `admin.${segment}.store`,
      method: 'POST',
      path: `/admin/${segment}/create`,
      title: `Create ${label.toLowerCase()}`,
    }),
  ]),
];

export const placeholderRoutes: readonly RouteDef[] = placeholders.map(comingSoonRoute);
