import type { Area } from '../../routing/types.ts';
import { worldRecordApiEndpoints } from './api.ts';
import { showWorldRecords } from './page.ts';

/** World records (racing data): the page and the JSON API. */
export const worldRecordsArea: Area = {
  name: 'racing/world-records',
  routes: [
    {
      name: 'world_records',
      method: 'GET',
      path: '/world-records',
      auth: 'public',
      ssr: true,
      page: 'WorldRecords/Index',
      handler: showWorldRecords,
    },
    ...worldRecordApiEndpoints.map((endpoint) => endpoint.route),
  ],
  operations: worldRecordApiEndpoints.map((endpoint) => endpoint.operation),
};
