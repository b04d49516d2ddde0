import type { Request, Response, Router } from 'express';
import type { AuthUser } from '../../../web/inertia/shared-props.ts';
import type { HttpDeps } from '../deps.ts';
import { HttpError, isApiRequest } from '../errors.ts';
import { toExpressPath, type RouteAuth, type RouteDef } from './types.ts';

export const LOGIN_PATH = '/auth/login';
export const RETURN_TO_PARAM = 'return_to';

export type UserOf = (req: Request) => Promise<AuthUser | null>;

/** A spec path as the router matches it: `{id}` is one whole segment, letters in any case. */
function pathMatcher(path: string): RegExp {
  const segments = path
    .split('/')
    .map((s) =>
      /^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${segments.join('/')}$`, 'i');
}

/**
 * Throws when two routes share a name or a method + path, or when a route can never be reached
 * because an earlier one of the same method matches its path (`/a/{id}` before `/a/create`):
 * the table must be unambiguous, whatever order the registry lists its areas in.
 */
export function assertRouteTable(routes: readonly RouteDef[]): void {
  const names = new Set<string>();
  const endpoints = new Set<string>();
  const earlier: { route: RouteDef; matches: RegExp }[] = [];
  for (const r of routes) {
    const swallowing = earlier.find((e) => e.route.method === r.method && e.matches.test(r.path));
    if (swallowing && swallowing.route.path !== r.path) {
      throw new Error(
        `Route ${r.name} (${r.method} ${r.path}) is unreachable: ${swallowing.route.name} (${swallowing.route.path}) comes first and matches it`,
      );
    }
    earlier.push({ route: r, matches: pathMatcher(r.path) });
    if (names.has(r.name)) throw new Error(`Duplicate route name: ${r.name}`);
    names.add(r.name);
    if (r.sessionless && (r.method !== 'GET' || r.auth !== 'public'))
      throw new Error(`Sessionless route ${r.name} must be a public GET`);
    const endpoint = `${r.method} ${r.path}`;
    if (endpoints.has(endpoint)) throw new Error(`Duplicate route: ${endpoint}`);
    endpoints.add(endpoint);
  }
}

function sendToLogin(req: Request, res: Response): void {
  if (isApiRequest(req)) throw new HttpError(401, 'Sign in to use this.');
  const query =
    req.method === 'GET' ? `?${RETURN_TO_PARAM}=${encodeURIComponent(req.originalUrl)}` : '';
  res.inertia.redirect(`${LOGIN_PATH}${query}`);
}

/**
 * Decides `auth` for one request. Returns true when the handler may run; otherwise it has
 * answered (redirect) or thrown (403/401 → error handler).
 */
async function authorize(
  auth: RouteAuth,
  req: Request,
  res: Response,
  userOf: UserOf,
): Promise<boolean> {
  switch (auth) {
    case 'public':
      return true;
    case 'guest': {
      if ((await userOf(req)) === null) return true;
      res.inertia.redirect('/');
      return false;
    }
    case 'user': {
      if ((await userOf(req)) !== null) return true;
      sendToLogin(req, res);
      return false;
    }
    case 'admin': {
      const user = await userOf(req);
      if (user === null) {
        sendToLogin(req, res);
        return false;
      }
      if (user.role !== 'admin') throw new HttpError(403, 'This page is for administrators.');
      return true;
    }
    default: {
      const unreachable: never = auth;
      throw new Error(`Unknown route auth ${String(unreachable)}`);
    }
  }
}

/**
 * Registers every route of the table on the app. Authorization runs here, from the route's
 * `auth` field, before any handler, so no handler can forget it.
 */
export function registerRoutes(
  app: Pick<Router, 'get' | 'post' | 'put' | 'patch' | 'delete'>,
  table: readonly RouteDef[],
  deps: HttpDeps,
  userOf: UserOf,
): void {
  assertRouteTable(table);
  for (const route of table) {
    const path = toExpressPath(route.path);
    const handle = async (req: Request, res: Response): Promise<void> => {
      if (!route.sessionless) req.inertia.ssrEnabled = route.ssr;
      if (!(await authorize(route.auth, req, res, userOf))) return;
      await route.handler(req, res, deps);
    };
    switch (route.method) {
      case 'GET':
        app.get(path, handle);
        break;
      case 'POST':
        app.post(path, handle);
        break;
      case 'PUT':
        app.put(path, handle);
        break;
      case 'PATCH':
        app.patch(path, handle);
        break;
      case 'DELETE':
        app.delete(path, handle);
        break;
      default: {
        const unreachable: never = route.method;
        throw new Error(`Unknown method ${String(unreachable)}`);
      }
    }
  }
}
