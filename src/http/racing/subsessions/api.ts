import { subsessionResults } from '../../../queries/racing/subsessions.ts';
import { apiEndpoint, notFound, type ApiEndpoint } from '../shared/endpoint.ts';
import { subsessionResultsParams, subsessionResultsResponse } from './schema.ts';

export const subsessionResultsApi = apiEndpoint({
  name: 'api.subsessions.results',
  path: '/api/subsessions/{id}/results/{type}',
  tag: 'Subsessions',
  summary: 'The results of one simsession of a subsession (split)',
  description:
    'A known subsession without a simsession of `type` answers 200 with `simsession: null` and no results; `subsession.simsessions` lists the ones it has.',
  params: subsessionResultsParams,
  response: subsessionResultsResponse,
  canBeNotFound: true,
  run: async ({ params, knex }) => {
    const results = await subsessionResults(knex, params.id, params.type);
    if (!results) throw notFound('subsession', params.id);
    return { data: results, meta: {} };
  },
});

export const subsessionApiEndpoints: ApiEndpoint[] = [subsessionResultsApi];
