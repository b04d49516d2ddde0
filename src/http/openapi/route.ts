import { z } from 'zod';
import { apiOperations, routes } from '../registry.ts';
import type { RouteDef } from '../routing/types.ts';
import { buildOpenApiDocument } from './document.ts';
import type { ApiOperation } from './operation.ts';
import { apiSchemas } from './schemas.ts';

export const OPENAPI_PATH = '/api/openapi.json';
/** The document changes only with a deploy. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

export const API_INFO = {
  title: 'Pitwall API',
  version: '1',
  description:
    'Racing data (iRacing) as JSON. Lists answer `{data, meta}`; errors answer `{error, message, issues?}`. Every client address (an IPv6 /64) may send a limited number of requests a minute to /api/* (600 by default): every answer carries `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy`, and past the limit the answer is 429 with `Retry-After`. GET and HEAD answers carry `Access-Control-Allow-Origin: *` (CORS without credentials), so a page of any origin can read the public data. See docs/api.md.',
};

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

let cached: string | null = null;

/**
 * The document of the table this process serves (the registry's routes and this one), built
 * once on first request: the table and the schemas are fixed at start-up.
 */
function documentJson(): string {
  cached ??= JSON.stringify(
    buildOpenApiDocument([...routes, openApiRoute], [...apiOperations, openApiOperation], API_INFO),
  );
  return cached;
}

export const openApiRoute: RouteDef = {
  name: 'api.openapi',
  method: 'GET',
  path: OPENAPI_PATH,
  auth: 'public',
  ssr: false,
  handler: (_req, res) => {
    const json = documentJson();
    res.setHeader('Cache-Control', OPENAPI_CACHE_CONTROL);
    res.type('application/json').send(json);
  },
};
