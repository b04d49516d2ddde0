import { comingSoon } from '../controllers/platform/coming-soon.ts';
import type { RouteAuth, RouteDef, RouteMethod } from './types.ts';

/**
 * A route of the spec whose area is not built yet; it answers honestly (Public/ComingSoon page,
 * or 501 for JSON calls and mutations). The area's own issue replaces the entry with a real
 * handler, keeping name, method and path.
 */
export function comingSoonRoute(
  area: string,
  def: {
    name: string;
    method?: RouteMethod;
    path: string;
    title: string;
    auth?: RouteAuth;
    ssr?: boolean;
  },
): RouteDef {
  const method = def.method ?? 'GET';
  const isPage = method === 'GET' && !def.path.startsWith('/api/');
  return {
    name: def.name,
    method,
    path: def.path,
    auth: def.auth ?? 'public',
    ssr: def.ssr ?? !def.path.startsWith('/admin'),
    ...(isPage ? { page: 'Public/ComingSoon' as const } : {}),
    handler: comingSoon(area, def.title),
  };
}
