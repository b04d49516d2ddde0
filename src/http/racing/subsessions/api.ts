import { subsessionIratingModel, subsessionResults } from '../../../queries/racing/subsessions.ts';
import { apiEndpoint, found, type ApiEndpoint } from '../shared/endpoint.ts';
import {
  iratingModelParams,
  iratingModelResponse,
  subsessionResultsParams,
  subsessionResultsResponse,
} from './schema.ts';

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
  run: async ({ params, knex }) =>
    found('subsession', params.id, await subsessionResults(knex, params.id, params.type)),
});

export const iratingModelApi = apiEndpoint({
  name: 'api.subsessions.iratingModel',
  path: '/api/subsessions/{id}/irating-model',
  tag: 'Subsessions',
  summary: 'Recorded and modelled iRating change of every driver of the race',
  description:
    'For each driver of the race simsession: the change iRacing recorded and the one the iRating model (per car class; 0-lap entrants tied; team events by team rating and laps driven) computes from the same field. A subsession without a race answers an empty list.',
  params: iratingModelParams,
  response: iratingModelResponse,
  canBeNotFound: true,
  run: async ({ params, knex }) =>
    found('subsession', params.id, await subsessionIratingModel(knex, params.id)),
});

export const subsessionApiEndpoints: ApiEndpoint[] = [subsessionResultsApi, iratingModelApi];
