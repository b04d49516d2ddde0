import { getSession } from '../../../queries/racing/subsessions.ts';
import { apiEndpoint, found, type ApiEndpoint } from '../shared/endpoint.ts';
import { sessionIdParams, sessionResponse } from './schema.ts';

export const sessionApi = apiEndpoint({
  name: 'api.sessions.show',
  path: '/api/sessions/{id}',
  tag: 'Sessions',
  summary: 'A race session (one time slot) and its splits, strongest first',
  params: sessionIdParams,
  response: sessionResponse,
  canBeNotFound: true,
  run: async ({ params, knex }) => found('session', params.id, await getSession(knex, params.id)),
});

export const sessionApiEndpoints: ApiEndpoint[] = [sessionApi];
