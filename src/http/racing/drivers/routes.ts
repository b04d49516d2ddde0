import type { Area } from '../../routing/types.ts';
import { driverApiEndpoints } from './api.ts';
import { showDriver } from './page.ts';

/** Drivers (racing data): the profile page and the JSON API. */
export const driversArea: Area = {
  name: 'racing/drivers',
  routes: [
    // The profile with the favorite star.
    {
      name: 'drivers.show',
      method: 'GET',
      path: '/drivers/{id}',
      auth: 'public',
      ssr: true,
      page: 'Drivers/Show',
      handler: showDriver,
    },
    // api.drivers, .search, .compare, .subsessions
    ...driverApiEndpoints.map((endpoint) => endpoint.route),
  ],
  operations: driverApiEndpoints.map((endpoint) => endpoint.operation),
};
