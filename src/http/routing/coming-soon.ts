import { HttpError, isApiRequest } from '../errors.ts';
import type { RouteAuth, RouteDef, RouteHandler, RouteMethod } from './types.ts';

/**
 * The honest answer of a route whose area is not built yet: pages render `Public/ComingSoon`
 * (naming the area and the page), JSON calls and mutations answer 501 Not Implemented and
 * change nothing.
 */
export function comingSoon(area: string, title: string): RouteHandler {
  return async (req, res) => {
    if (isApiRequest(req)) throw new HttpError(501, `${title} (${area}) is not built yet.`);
    await res.inertia.render(
      'Public/ComingSoon',
      { area, title },
      { status: req.method === 'GET' || req.method === 'HEAD' ? 200 : 501 },
    );
  };
}

/** One row of the placeholder table (src/http/placeholders.ts). */
export interface Placeholder {
  /** The area named on the page and in the 501 message ("Drivers", "Racing data", …). */
  area: string;
  name: string;
  /** Default GET. */
  method?: RouteMethod;
  path: string;
  title: string;
  /** Default 'public'. */
  auth?: RouteAuth;
  /** Default: server-rendered, except under /admin. */
  ssr?: boolean;
}

/**
 * A route of the spec whose area is not built yet; it answers with `comingSoon`. The area's own
 * work replaces the row with a real handler, keeping name, method and path.
 */
export function comingSoonRoute(def: Placeholder): RouteDef {
  const method = def.method ?? 'GET';
  const isPage = method === 'GET' && !def.path.startsWith('/api/');
  return {
    name: def.name,
    method,
    path: def.path,
    auth: def.auth ?? 'public',
    ssr: def.ssr ?? !def.path.startsWith('/admin'),
    ...(isPage ? { page: 'Public/ComingSoon' as const } : {}),
    handler: comingSoon(def.area, def.title),
  };
}
