import type { Request, RequestHandler } from 'express';
import type { HttpDeps } from '../deps.ts';
import type { RouteDef } from './types.ts';

/**
 * The public API's GET routes matched by ONE regular expression instead of Express's router,
 * which tries its route layers one after the other, each with its own matcher, parameters
 * object and `next` step: on every API request that walk cost more than the match itself.
 *
 * The answer is the router's, for every request the lookup takes:
 *  - the same match: each route's pattern is the one the router builds (path-to-regexp, not
 *    case-sensitive, not strict: one trailing `/` allowed; `{id}` is one whole segment), and the
 *    alternation is in table order, so the first route that matches the whole path wins, as in
 *    the router;
 *  - the same `req.params`, decoded as the router decodes them (only a value with a `%`; a
 *    malformed one is a 400 error: "Failed to decode param '…'");
 *  - GET and HEAD run the route (a GET route answers HEAD); a path that matches no route goes on
 *    (`next()`), as the router does.
 * A request it does not take goes to `fallback` (the Express router of the same routes): any
 * other method, and a URL outside printable ASCII or with a `#` (where parseurl, which the
 * router reads the path with, parses the URL in full rather than cutting it at the `?`).
 */
export function routeLookup(
  routes: readonly RouteDef[],
  deps: HttpDeps,
  fallback: RequestHandler,
): RequestHandler {
  for (const route of routes) {
    if (route.method !== 'GET' || route.auth !== 'public') {
      throw new Error(`routeLookup takes public GET routes only, not ${route.name}`);
    }
  }
  const entries = routes.map((route) => ({ route, params: [] as string[], group: 0 }));
  let groups = 0;
  const alternatives = entries.map((entry) => {
    entry.group = ++groups;
    const pattern = entry.route.path
      .split('/')
      .map((segment) => {
        const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        entry.params.push(param[1]!);
        groups += 1;
        return '([^\\/]+)';
      })
      .join('\\/');
    return `(${pattern})`;
  });
  const matcher = new RegExp(`^(?:${alternatives.join('|')})(?:\\/$)?$`, 'i');

  return (req, res, next) => {
    const url = req.url;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !SIMPLE_URL.test(url)) {
      void fallback(req, res, next);
      return;
    }
    const query = url.indexOf('?');
    const match = matcher.exec(query === -1 ? url : url.slice(0, query));
    if (!match) {
      next();
      return;
    }
    const entry = entries.find((e) => match[e.group] !== undefined)!;
    const params: Record<string, string> = Object.create(null) as Record<string, string>;
    try {
      entry.params.forEach((name, i) => {
        params[name] = decodeParam(match[entry.group + 1 + i]!);
      });
    } catch (err) {
      next(err);
      return;
    }
    (req as Request & { params: Record<string, string> }).params = params;
    // A handler's error goes to the error handler, as the router sends it there.
    try {
      const result = entry.route.handler(req, res, deps);
      if (result instanceof Promise) {
        result.then(undefined, (err: unknown) => next(err ?? new Error('Rejected promise')));
      }
    } catch (err) {
      next(err);
    }
  };
}

/** A path from `/` on, printable ASCII without `#` (the URLs parseurl cuts at the first `?`). */
const SIMPLE_URL = /^\/[\x21-\x22\x24-\x7e]*$/;

/** A path parameter as Express's router decodes it. */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`;
      Object.assign(err, { status: 400, statusCode: 400 });
    }
    throw err;
  }
}
