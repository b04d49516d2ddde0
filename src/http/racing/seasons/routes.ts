import type { Area } from '../../routing/types.ts';
import { seasonApiEndpoints } from './api.ts';

/** Seasons (racing data): the JSON API of one season (leaderboards, schedule, races, lap times). */
export const seasonsArea: Area = {
  name: 'racing/seasons',
  routes: seasonApiEndpoints.map((endpoint) => endpoint.route),
  operations: seasonApiEndpoints.map((endpoint) => endpoint.operation),
};
