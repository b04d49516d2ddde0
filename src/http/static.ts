import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';

/**
 * Serves the client build: `/assets/*` (file names carry a content hash, so they are cached for
 * a year as immutable) and the few top-level public files (favicon, robots.txt) with a short
 * cache. Only files that exist at start-up are routed, so a page request costs no disk lookup.
 * A missing asset is a plain 404, never an HTML page. One handler (a prefix test and a set
 * lookup): every page request passes through here.
 */
export function staticAssets(clientDir: string): RequestHandler {
  const serveHashed = express.static(path.join(clientDir, 'assets'), {
    index: false,
    fallthrough: false,
    immutable: true,
    maxAge: '1y',
    redirect: false,
  });
  // A prefix test, not a mounted router.
  const hashed = (req: Request, res: Response, next: NextFunction): void => {
    const url = req.url;
    req.url = url.slice('/assets'.length);
    serveHashed(req, res, (err?: unknown) => {
      req.url = url;
      next(err);
    });
  };
  const topLevel = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.startsWith('.') && e.name !== 'index.html')
      .map((e) => `/${e.name}`),
  );
  const publicFiles = express.static(clientDir, { index: false, maxAge: '1h', redirect: false });
  return (req, res, next) => {
    if (req.url.startsWith('/assets/')) {
      hashed(req, res, next);
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && topLevel.has(req.path)) {
      publicFiles(req, res, next);
      return;
    }
    next();
  };
}
