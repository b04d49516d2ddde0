import type { Request, Response } from 'express';
import type { PageName } from '../../../web/generated/pages.ts';
import type { HttpDeps } from '../deps.ts';

/**
 * Who may use a route, enforced centrally by the router (src/http/routes/register.ts), never by
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

/** The parameter names of a spec path, in order: `/a/{id}/b/{slug}` → ['id', 'slug']. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
}

/** Spec path → Express 5 path: `/drivers/{id}` → `/drivers/:id`. */
export function toExpressPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}
