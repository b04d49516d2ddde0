import type { Area } from '../../routing/types.ts';
import { subsessionApiEndpoints } from './api.ts';

/** Subsessions (racing data): the JSON API. */
export const subsessionsArea: Area = {
  name: 'racing/subsessions',
  routes: subsessionApiEndpoints.map((endpoint) => endpoint.route),
  operations: subsessionApiEndpoints.map((endpoint) => endpoint.operation),
};
