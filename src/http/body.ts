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
