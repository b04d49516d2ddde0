import { z } from 'zod';
import { racingApiEndpoints } from '../controllers/racing/index.ts';
import { articlesOperation } from './articles.ts';
import type { ApiOperation } from './operation.ts';
import { apiSchemas } from './registry.ts';

export const OPENAPI_PATH = '/api/openapi.json';
/** The document changes only with a deploy. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

const openApiDocumentSchema = z
  .looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) })
  .describe('This document.')
  .register(apiSchemas, { id: 'OpenApiDocument' });

const openApiOperation: ApiOperation = {
  name: 'api.openapi',
  tag: 'Meta',
  summary: 'This OpenAPI 3.1 document',
  response: openApiDocumentSchema,
  errors: [],
  cacheControl: OPENAPI_CACHE_CONTROL,
};

/** Every described operation; an /api route of the table missing here is listed, not described. */
export const apiOperations: readonly ApiOperation[] = [
  articlesOperation,
  ...racingApiEndpoints.map((e) => e.operation),
  openApiOperation,
];

export const API_INFO = {
  title: 'Pitwall API',
  version: '1',
  description:
    'Racing data (iRacing) as JSON. Lists answer `{data, meta}`; errors answer `{error, message, issues?}`. See docs/api.md.',
};
