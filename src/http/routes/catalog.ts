import { comingSoonRoute } from './coming-soon.ts';
import type { RouteDef } from './types.ts';

/** Teams, pros, gear and setups (content managed in the admin area). */
export const catalogRoutes: RouteDef[] = [
  comingSoonRoute('Teams', { name: 'teams.index', path: '/teams', title: 'Teams' }),
  comingSoonRoute('Teams', { name: 'teams.show', path: '/teams/{slug}', title: 'Team' }),
  comingSoonRoute('Pros', { name: 'pros.index', path: '/pros', title: 'Professional drivers' }),
  comingSoonRoute('Pros', { name: 'pros.show', path: '/pros/{id}', title: 'Professional driver' }),
  comingSoonRoute('Gear', { name: 'gears.index', path: '/gears', title: 'Gear' }),
  comingSoonRoute('Gear', {
    name: 'gears.types.index',
    path: '/gears/{type}',
    title: 'Gear by type',
  }),
  comingSoonRoute('Setups', { name: 'setups', path: '/setups', title: 'Car setups' }),
  comingSoonRoute('Teams', { name: 'api.teams', path: '/api/teams', title: 'Teams API' }),
  comingSoonRoute('Pros', { name: 'api.pros', path: '/api/pros', title: 'Pros API' }),
  comingSoonRoute('Gear', { name: 'api.gears', path: '/api/gears', title: 'Gear API' }),
  comingSoonRoute('Gear', {
    name: 'api.gears.type',
    path: '/api/gears/{type}',
    title: 'Gear by type API',
  }),
  comingSoonRoute('Setups', { name: 'api.setups', path: '/api/setups', title: 'Setups API' }),
];
