import type { Area } from '../../routing/types.ts';
import { seriesApiEndpoints } from './api.ts';

/** Series (racing data): the JSON API. */
export const seriesArea: Area = {
  name: 'racing/series',
  routes: seriesApiEndpoints.map((endpoint) => endpoint.route),
  operations: seriesApiEndpoints.map((endpoint) => endpoint.operation),
};
