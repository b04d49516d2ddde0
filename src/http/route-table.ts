import { openApiRoute } from './openapi/route.ts';
import { routes as areaRoutes } from './registry.ts';
import type { RouteDef } from './routing/types.ts';

/**
 * The table the server registers (routing/register.ts) and `npm run generate` writes the
 * client's `route(name, params, query)` from (web/generated/routes.ts): the registry's routes
 * and /api/openapi.json, which documents them. Within a method, a specific path comes before
 * one a parameter would swallow (checked at start-up).
 */
export const routes: readonly RouteDef[] = [...areaRoutes, openApiRoute];
