import { accountsArea } from './accounts/routes.ts';
import { adminArticlesArea } from './admin/articles/routes.ts';
import { adminDashboardArea } from './admin/dashboard/routes.ts';
import { adminSessionsArea } from './admin/sessions/routes.ts';
import { adminGearsArea } from './admin/gears/routes.ts';
import { adminProsArea } from './admin/pros/routes.ts';
import { adminSetupsArea } from './admin/setups/routes.ts';
import { adminTeamsArea } from './admin/teams/routes.ts';
import { adminUsersArea } from './admin/users/routes.ts';
import { newsArea } from './news/routes.ts';
import type { ApiOperation } from './openapi/operation.ts';
import { placeholderRoutes } from './placeholders.ts';
import { driversArea } from './racing/drivers/routes.ts';
import { searchArea } from './racing/search/routes.ts';
import { seasonsArea } from './racing/seasons/routes.ts';
import { seriesArea } from './racing/series/routes.ts';
import { sessionsArea } from './racing/sessions/routes.ts';
import { statsArea } from './racing/stats/routes.ts';
import { subsessionsArea } from './racing/subsessions/routes.ts';
import { worldRecordsArea } from './racing/world-records/routes.ts';
import { gearsArea } from './gears/routes.ts';
import { prosArea } from './pros/routes.ts';
import { setupsArea } from './setups/routes.ts';
import { recruitmentArea } from './recruitment/routes.ts';
import { teamsArea } from './teams/routes.ts';
import type { Area, RouteDef } from './routing/types.ts';

/**
 * THE registry: every area of the site, each a folder under src/http holding its routes.ts
 * (routes, and the OpenAPI operations of its /api routes), handlers, schemas and prop shaping.
 * A new area is one line here. The served table (route-table.ts) is these areas' routes, the
 * placeholders of the spec routes not built yet (placeholders.ts), then /api/openapi.json.
 */
export const areas: readonly Area[] = [
  newsArea,
  driversArea,
  searchArea,
  seasonsArea,
  seriesArea,
  sessionsArea,
  subsessionsArea,
  worldRecordsArea,
  statsArea,
  teamsArea,
  prosArea,
  gearsArea,
  setupsArea,
  recruitmentArea,
  accountsArea,
  adminDashboardArea,
  adminUsersArea,
  adminArticlesArea,
  adminSessionsArea,
  adminTeamsArea,
  adminProsArea,
  adminGearsArea,
  adminSetupsArea,
];

/** Every route of the areas, then every placeholder. */
export const routes: readonly RouteDef[] = [
  ...areas.flatMap((area) => area.routes),
  ...placeholderRoutes,
];

/** Every described /api operation of the areas (an /api route missing here is only listed). */
export const apiOperations: readonly ApiOperation[] = areas.flatMap(
  (area) => area.operations ?? [],
);
