import type { Area, RouteDef } from '../routing/types.ts';
import { listTeamsApi, showTeamApi } from './api.ts';
import { teamOperation, teamsOperation } from './openapi.ts';
import { listTeamsPage, showTeamLogo, showTeamPage } from './pages.ts';

/** Teams: the public list and team pages (server-rendered) and the JSON API. */
const get = (def: Omit<RouteDef, 'method' | 'auth'>): RouteDef => ({
  method: 'GET',
  auth: 'public',
  ...def,
});

export const teamsArea: Area = {
  name: 'teams',
  routes: [
    get({
      name: 'teams.index',
      path: '/teams',
      ssr: true,
      page: 'Teams/Index',
      handler: listTeamsPage,
    }),
    get({
      name: 'teams.show',
      path: '/teams/{slug}',
      ssr: true,
      page: 'Teams/Show',
      handler: showTeamPage,
    }),
    get({ name: 'teams.logo', path: '/teams/{slug}/logo', ssr: false, handler: showTeamLogo }),
    get({ name: 'api.teams', path: '/api/teams', ssr: false, handler: listTeamsApi }),
    get({ name: 'api.teams.show', path: '/api/teams/{slug}', ssr: false, handler: showTeamApi }),
  ],
  operations: [teamsOperation, teamOperation],
};
