import express, { type Request, type RequestHandler } from 'express';
import { series } from './series.ts';

/**
 * Whether the request has a body: the test body-parser itself makes first (type-is `hasBody`:
 * a Transfer-Encoding header, or a Content-Length that is a number). Bodiless requests (every
 * page GET) skip the parsers, which would only find that out themselves.
 */
function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(length));
}

/**
 * JSON and urlencoded bodies (`limit` each; extended: false), parsed into `req.body`; requests
 * without a body pass straight through with `req.body` undefined, as Express 5 leaves it.
 */
export function bodyParsers(limit: string): RequestHandler {
  const parse = series([express.json({ limit }), express.urlencoded({ extended: false, limit })]);
  return (req, res, next) => {
    if (!hasBody(req)) {
      next();
      return;
    }
    void parse(req, res, next);
  };
}

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * An HTML form can only POST: a form posted without JavaScript names the route's method in a
 * hidden `_method` field (`<input type="hidden" name="_method" value="delete">`). Only for
 * urlencoded POSTs, only to PUT, PATCH or DELETE; the field is removed from the body. Runs after
 * the CSRF check (every one of these methods needs it alike) and before the routes.
 */
export const formMethodOverride: RequestHandler = (req, _res, next) => {
  const body = req.body as Record<string, unknown> | undefined;
  if (req.method === 'POST' && body && typeof body._method === 'string' && req.is('urlencoded')) {
    const method = body._method.toUpperCase();
    if (OVERRIDABLE.has(method)) {
      req.method = method;
      delete body._method;
    }
  }
  next();
};
