import type { Area, RouteDef } from '../routing/types.ts';
import { driversApi, mineApi, teamsApi } from './api.ts';
import { destroyProfile, storeProfile, updateProfile } from './mutations.ts';
import { driversOperation, mineOperation, teamsOperation } from './openapi.ts';
import {
  createProfilePage,
  editProfilePage,
  listDriverProfilesPage,
  listTeamProfilesPage,
  myProfilesPage,
  showProfilePage,
} from './pages.ts';

/**
 * The recruitment board (docs/recruitment.md): drivers looking for teams and teams looking for
 * drivers, each with the live racing record; a member's own profiles, the create and edit forms
 * (the shared write path, src/http/mutation.ts) and the JSON API.
 */
const page = (def: Omit<RouteDef, 'method' | 'ssr'>): RouteDef => ({
  method: 'GET',
  ssr: true,
  ...def,
});

export const recruitmentArea: Area = {
  name: 'recruitment',
  routes: [
    page({
      name: 'recruitment.drivers',
      path: '/recruitment',
      auth: 'public',
      page: 'Recruitment/Index',
      handler: listDriverProfilesPage,
    }),
    page({
      name: 'recruitment.teams',
      path: '/recruitment/teams',
      auth: 'public',
      page: 'Recruitment/Index',
      handler: listTeamProfilesPage,
    }),
    page({
      name: 'recruitment.mine',
      path: '/recruitment/mine',
      auth: 'user',
      page: 'Recruitment/Mine',
      handler: myProfilesPage,
    }),
    page({
      name: 'recruitment.create',
      path: '/recruitment/create',
      auth: 'user',
      page: 'Recruitment/Create',
      handler: createProfilePage,
    }),
    {
      name: 'recruitment.store',
      method: 'POST',
      path: '/recruitment/create',
      auth: 'user',
      ssr: true,
      handler: storeProfile,
    },
    page({
      name: 'recruitment.profile.show',
      path: '/recruitment/profiles/{profileId}',
      auth: 'public',
      page: 'Recruitment/Show',
      handler: showProfilePage,
    }),
    page({
      name: 'recruitment.edit',
      path: '/recruitment/{profileId}/edit',
      auth: 'user',
      page: 'Recruitment/Edit',
      handler: editProfilePage,
    }),
    {
      name: 'recruitment.update',
      method: 'PUT',
      path: '/recruitment/{profileId}/edit',
      auth: 'user',
      ssr: true,
      handler: updateProfile,
    },
    {
      name: 'recruitment.destroy',
      method: 'DELETE',
      path: '/recruitment/{profileId}',
      auth: 'user',
      ssr: true,
      handler: destroyProfile,
    },
    {
      name: 'api.recruitment.drivers',
      method: 'GET',
      path: '/api/recruitment/drivers',
      auth: 'public',
      ssr: false,
      handler: driversApi,
    },
    {
      name: 'api.recruitment.teams',
      method: 'GET',
      path: '/api/recruitment/teams',
      auth: 'public',
      ssr: false,
      handler: teamsApi,
    },
    {
      name: 'api.recruitment.mine',
      method: 'GET',
      path: '/api/recruitment/mine',
      auth: 'user',
      ssr: false,
      handler: mineApi,
    },
  ],
  operations: [driversOperation, teamsOperation, mineOperation],
};
