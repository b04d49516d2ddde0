import type { Request, Response } from 'express';
import type { PageName } from '../../../web/generated/pages.ts';
import type { HttpDeps } from '../deps.ts';
import type { ApiOperation } from '../openapi/operation.ts';

/**
 * Who may use a route, enforced centrally by the router (src/http/routing/register.ts), never by
 * handlers remembering to check:
 *  - 'public': anyone;
 *  - 'guest': signed-out visitors only (a signed-in user is sent home);
 *  - 'user': signed-in users (a guest is sent to /auth/login and brought back afterwards);
 *  - 'admin': admins (a guest is sent to /auth/login, a member gets the 403 page).
 */
export type RouteAuth = 'public' | 'guest' | 'user' | 'admin';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteHandler = (req: Request, res: Response, deps: HttpDeps) => Promise<void> | void;

export interface RouteDef {
  /** Unique; what `route(name, params)` on the client takes. */
  name: string;
  method: RouteMethod;
  /** Spec syntax: `/drivers/{id}`; parameters are whole path segments. */
  path: string;
  auth: RouteAuth;
  /** Server-render the page (false: client-only shell; every /admin page). */
  ssr: boolean;
  /** The Inertia component this route renders, when it renders one (documentation, tests). */
  page?: PageName;
  /**
   * The answer is the same for every visitor (a public, cacheable JSON GET): the route is served
   * before the Inertia adapter, session and CSRF layers, so it costs no session lookup and its
   * answer never carries a cookie. Only for `GET` + `auth: 'public'` (checked at start-up).
   */
  sessionless?: true;
  handler: RouteHandler;
}

/**
 * One area of the site (a folder under src/http: its routes, handlers, schemas and prop shaping
 * side by side), as the registry (src/http/registry.ts) lists it.
 */
export interface Area {
  /** The area's folder under src/http (`racing/drivers`, `accounts`, …). */
  name: string;
  /** Within a method, a specific path comes before one a parameter would swallow. */
  routes: readonly RouteDef[];
  /** What /api/openapi.json says about the area's /api routes (matched by route name). */
  operations?: readonly ApiOperation[];
}

/** The parameter names of a spec path, in order: `/a/{id}/b/{slug}` → ['id', 'slug']. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
}

/** Spec path → Express 5 path: `/drivers/{id}` → `/drivers/:id`. */
export function toExpressPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}
