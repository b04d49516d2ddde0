import { comingSoonRoute, type Placeholder } from './routing/coming-soon.ts';
import type { RouteDef } from './routing/types.ts';

/**
 * Every route of the spec whose area is not built yet, in one table: each answers honestly
 * (routing/coming-soon.ts: the Public/ComingSoon page, 501 for JSON calls and mutations). Building
 * a page means deleting its row here and adding the route, with the same name, method, path,
 * `auth` and `ssr`, to its area's routes.ts.
 */

export const placeholders: readonly Placeholder[] = [];

export const placeholderRoutes: readonly RouteDef[] = placeholders.map(comingSoonRoute);
