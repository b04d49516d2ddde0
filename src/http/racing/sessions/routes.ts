import type { Area } from '../../routing/types.ts';
import { sessionApiEndpoints } from './api.ts';

/** Sessions (racing data): the JSON API. */
export const sessionsArea: Area = {
  name: 'racing/sessions',
  routes: sessionApiEndpoints.map((endpoint) => endpoint.route),
  operations: sessionApiEndpoints.map((endpoint) => endpoint.operation),
};
