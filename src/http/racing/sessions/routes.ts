import type { Area } from '../../routing/types.ts';
import { sessionApiEndpoints } from './api.ts';
import { showSession } from './page.ts';

/** Sessions (racing data): the time-slot page and the JSON API. */
export const sessionsArea: Area = {
  name: 'racing/sessions',
  routes: [
    // A race time slot: every split with SoF, entries and winner.
    {
      name: 'sessions.show',
      method: 'GET',
      path: '/sessions/{id}',
      auth: 'public',
      ssr: true,
      page: 'Sessions/Show',
      handler: showSession,
    },
    ...sessionApiEndpoints.map((endpoint) => endpoint.route),
  ],
  operations: sessionApiEndpoints.map((endpoint) => endpoint.operation),
};
