import type { Area } from '../../routing/types.ts';
import { worldRecordApiEndpoints } from './api.ts';

/** World records (racing data): the JSON API. */
export const worldRecordsArea: Area = {
  name: 'racing/world-records',
  routes: worldRecordApiEndpoints.map((endpoint) => endpoint.route),
  operations: worldRecordApiEndpoints.map((endpoint) => endpoint.operation),
};
