import { getSession } from '../../../queries/racing/subsessions.ts';
import { apiEndpoint, notFound, type ApiEndpoint } from '../shared/endpoint.ts';
import { sessionIdParams, sessionResponse } from './schema.ts';

export const sessionApi = apiEndpoint({
  name: 'api.sessions.show',
  path: '/api/sessions/{id}',
  tag: 'Sessions',
  summary: 'A race session (one time slot) and its splits, strongest first',
  params: sessionIdParams,
  response: sessionResponse,
  canBeNotFound: true,
  run: async ({ params, knex }) => {
    const session = await getSession(knex, params.id);
    if (!session) throw notFound('session', params.id);
    return { data: session, meta: {} };
  },
});

export const sessionApiEndpoints: ApiEndpoint[] = [sessionApi];
