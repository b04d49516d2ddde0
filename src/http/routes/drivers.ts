import { showDriver } from '../controllers/accounts/driver-page.ts';
import { driverApiEndpoints } from '../controllers/racing/drivers/api.ts';
import { comingSoonRoute } from './coming-soon.ts';
import type { RouteDef } from './types.ts';

/** Drivers, comparison and search (racing data). */
const soon = (def: Parameters<typeof comingSoonRoute>[1]) => comingSoonRoute('Drivers', def);

export const driverRoutes: RouteDef[] = [
  soon({ name: 'drivers', path: '/drivers', title: 'Drivers' }),
  // The profile with the favorite star (accounts area).
  {
    name: 'drivers.show',
    method: 'GET',
    path: '/drivers/{id}',
    auth: 'public',
    ssr: true,
    page: 'Drivers/Show',
    handler: showDriver,
  },
  soon({ name: 'drivers.compare', path: '/drivers/{id}/compare', title: 'Compare drivers' }),
  comingSoonRoute('Search', { name: 'search', path: '/search', title: 'Search' }),
  // The JSON API (src/http/controllers/racing/drivers): api.drivers, .search, .compare, .subsessions.
  ...driverApiEndpoints.map((endpoint) => endpoint.route),
];
