import { getSeries, listSeries, searchSeries } from '../../../queries/racing/series.ts';
import { paged, whole } from '../shared/dto.ts';
import { apiEndpoint, found, type ApiEndpoint } from '../shared/endpoint.ts';
import {
  listSeriesQuery,
  searchSeriesQuery,
  seriesIdParams,
  seriesListResponse,
  seriesResponse,
  seriesSearchResponse,
} from './schema.ts';

const tag = 'Series';

export const listSeriesApi = apiEndpoint({
  name: 'api.series',
  path: '/api/series',
  tag,
  summary: 'Series A→Z, with their latest season',
  query: listSeriesQuery,
  response: seriesListResponse,
  run: async ({ query, knex }) => paged(await listSeries(knex, query), query.limit),
});

export const searchSeriesApi = apiEndpoint({
  name: 'api.series.search',
  path: '/api/series/search',
  tag,
  summary: 'Find series by (short) name',
  description: 'Names starting with `q` first, then by trigram similarity.',
  query: searchSeriesQuery,
  response: seriesSearchResponse,
  run: async ({ query, knex }) => whole(await searchSeries(knex, query)),
});

export const showSeriesApi = apiEndpoint({
  name: 'api.series.show',
  path: '/api/series/{id}',
  tag,
  summary: 'One series with every catalogued season',
  params: seriesIdParams,
  response: seriesResponse,
  canBeNotFound: true,
  run: async ({ params, knex }) => found('series', params.id, await getSeries(knex, params.id)),
});

/** `/api/series/search` before `/api/series/{id}`, which would take "search" for an id. */
export const seriesApiEndpoints: ApiEndpoint[] = [listSeriesApi, searchSeriesApi, showSeriesApi];
