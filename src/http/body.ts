import express, { type Request, type RequestHandler } from 'express';
import { HttpError, isApiRequest } from './errors.ts';
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

const NUL_MESSAGE = 'Text may not contain NUL characters (U+0000).';

/** Whether a parsed body holds a string with U+0000 anywhere (keys too). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  for (const [key, inner] of Object.entries(value))
    if (key.includes('\u0000') || holdsNul(inner, depth + 1)) return true;
  return false;
}

/** The top-level fields of a parsed body that hold U+0000 (in their name or anywhere inside). */
function fieldsWithNul(body: unknown): string[] {
  if (body === null || typeof body !== 'object') return holdsNul(body) ? ['form'] : [];
  return Object.entries(body)
    .filter(([key, inner]) => key.includes('\u0000') || holdsNul(inner))
    .map(([key]) => key.replaceAll('\u0000', '') || 'form');
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in a query string or a body would reach the
 * database as an error (a 500). No field of the site takes one, so such a request is refused
 * before any route and changes nothing: the URL here (first, before the sessionless API) with a
 * 400; a body in bodyParsers, with a 400 on the JSON API and, for a form, the way any invalid
 * field is answered: back to the form with an error on each field that held one.
 */
export const rejectNulInUrl: RequestHandler = (req, _res, next) => {
  next(/%00/i.test(req.url) ? new HttpError(400, NUL_MESSAGE) : undefined);
};

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
    void parse(req, res, (err?: unknown) => {
      if (err || !holdsNul(req.body)) {
        next(err);
        return;
      }
      if (isApiRequest(req)) {
        next(new HttpError(400, NUL_MESSAGE));
        return;
      }
      const errors = Object.fromEntries(fieldsWithNul(req.body).map((f) => [f, NUL_MESSAGE]));
      res.inertia.back({ errors });
    });
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
