import { iratingStats } from '../../../queries/racing/distribution.ts';
import { apiEndpoint, type ApiEndpoint } from '../shared/endpoint.ts';
import { iratingStatsQuery, iratingStatsResponse } from './schema.ts';

export const iratingStatsApi = apiEndpoint({
  name: 'api.stats.irating',
  path: '/api/stats/irating',
  tag: 'Statistics',
  summary: 'The iRating distribution of a category, with a percentile lookup',
  description:
    'Drivers per 100-point iRating bucket, percentiles, drivers per licence class and per category, all from the drivers read model. With `irating`, `lookup` says what share of the rated drivers is below it.',
  query: iratingStatsQuery,
  response: iratingStatsResponse,
  run: async ({ query, knex }) => ({ data: await iratingStats(knex, query), meta: {} }),
});

export const statsApiEndpoints: ApiEndpoint[] = [iratingStatsApi];
