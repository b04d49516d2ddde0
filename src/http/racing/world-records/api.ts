import { worldRecords } from '../../../queries/racing/world-records.ts';
import { paged } from '../shared/dto.ts';
import { apiEndpoint, type ApiEndpoint } from '../shared/endpoint.ts';
import { worldRecordsQuery, worldRecordsResponse } from './schema.ts';

export const worldRecordsApi = apiEndpoint({
  name: 'api.world_records',
  path: '/api/world-records',
  tag: 'World records',
  summary: 'The best race lap per track layout and car',
  query: worldRecordsQuery,
  response: worldRecordsResponse,
  run: async ({ query, knex }) => paged(await worldRecords(knex, query), query.limit),
});

export const worldRecordApiEndpoints: ApiEndpoint[] = [worldRecordsApi];
