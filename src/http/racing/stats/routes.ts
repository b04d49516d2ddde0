import type { Area } from '../../routing/types.ts';
import { statsApiEndpoints } from './api.ts';
import { showIratingStats } from './page.ts';

/** Statistics (racing data): the iRating distribution page and its JSON API. */
export const statsArea: Area = {
  name: 'racing/stats',
  routes: [
    {
      name: 'stats.irating',
      method: 'GET',
      path: '/stats/irating',
      auth: 'public',
      ssr: true,
      page: 'Stats/Irating',
      handler: showIratingStats,
    },
    ...statsApiEndpoints.map((endpoint) => endpoint.route),
  ],
  operations: statsApiEndpoints.map((endpoint) => endpoint.operation),
};
