import { accountRoutes } from './accounts.ts';
import { adminRoutes } from './admin.ts';
import { catalogRoutes } from './catalog.ts';
import { driverRoutes } from './drivers.ts';
import { newsRoutes } from './news.ts';
import { openApiRoute } from '../openapi/route.ts';
import { racingRoutes } from './racing.ts';
import { recruitmentRoutes } from './recruitment.ts';
import type { RouteDef } from './types.ts';

/**
 * THE route table: every page and call of the site, assembled from one file per area. The
 * server registers exactly these (src/http/routes/register.ts) and `npm run generate` writes
 * the client's `route(name, params, query)` from them (web/generated/routes.ts).
 * Within a method, more specific paths must come before ones a parameter would swallow.
 */
export const routes: readonly RouteDef[] = [
  ...newsRoutes,
  ...driverRoutes,
  ...racingRoutes,
  ...catalogRoutes,
  ...recruitmentRoutes,
  ...accountRoutes,
  ...adminRoutes,
  openApiRoute,
];
