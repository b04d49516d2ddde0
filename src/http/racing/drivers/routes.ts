import type { Area } from '../../routing/types.ts';
import { driverApiEndpoints } from './api.ts';
import { compareDriversPage } from './compare-page.ts';
import { listDriversPage } from './list-page.ts';
import { showDriver } from './page.ts';

/** Drivers (racing data): the list and profile pages and the JSON API. */
export const driversArea: Area = {
  name: 'racing/drivers',
  routes: [
    // The list: sorted, filtered, searched and paged in the URL.
    {
      name: 'drivers',
      method: 'GET',
      path: '/drivers',
      auth: 'public',
      ssr: true,
      page: 'Drivers/Index',
      handler: listDriversPage,
    },
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
    // Up to four drivers side by side, head to head.
    {
      name: 'drivers.compare',
      method: 'GET',
      path: '/drivers/{id}/compare',
      auth: 'public',
      ssr: true,
      page: 'Drivers/Compare',
      handler: compareDriversPage,
    },
    // api.drivers, .search, .compare, .subsessions
    ...driverApiEndpoints.map((endpoint) => endpoint.route),
  ],
  operations: driverApiEndpoints.map((endpoint) => endpoint.operation),
};
