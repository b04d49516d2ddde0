import type { Area } from '../../routing/types.ts';
import { subsessionApiEndpoints } from './api.ts';
import { showSubsession } from './page.ts';

/** Subsessions (racing data): the results page and the JSON API. */
export const subsessionsArea: Area = {
  name: 'racing/subsessions',
  routes: [
    // One split's results, a tab per simsession type (?type=).
    {
      name: 'subsessions.show',
      method: 'GET',
      path: '/subsessions/{id}',
      auth: 'public',
      ssr: true,
      page: 'Subsessions/Show',
      handler: showSubsession,
    },
    ...subsessionApiEndpoints.map((endpoint) => endpoint.route),
  ],
  operations: subsessionApiEndpoints.map((endpoint) => endpoint.operation),
};
