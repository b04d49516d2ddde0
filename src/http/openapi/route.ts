import type { RouteDef } from '../routes/types.ts';
import { buildOpenApiDocument } from './document.ts';
import { API_INFO, apiOperations, OPENAPI_CACHE_CONTROL, OPENAPI_PATH } from './operations.ts';

let cached: Promise<string> | null = null;

/**
 * The document of the route table this process serves, built once on first request (the table
 * and the schemas are fixed at start-up). The table is imported lazily: it includes this route.
 */
async function documentJson(): Promise<string> {
  const { routes } = await import('../routes/index.ts');
  return JSON.stringify(buildOpenApiDocument(routes, apiOperations, API_INFO));
}

export const openApiRoute: RouteDef = {
  name: 'api.openapi',
  method: 'GET',
  path: OPENAPI_PATH,
  auth: 'public',
  ssr: false,
  handler: async (_req, res) => {
    cached ??= documentJson();
    const json = await cached.catch((err: unknown) => {
      cached = null;
      throw err;
    });
    res.setHeader('Cache-Control', OPENAPI_CACHE_CONTROL);
    res.type('application/json').send(json);
  },
};
