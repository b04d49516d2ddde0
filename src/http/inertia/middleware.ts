import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';
import { Inertia, rescueLogger, type InertiaAppOptions } from './inertia.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's Inertia adapter (same object as `res.inertia`). */
    inertia: Inertia;
  }
  interface Response {
    inertia: Inertia;
  }
}

const REDIRECT_TO_GET = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Attaches a fresh `Inertia` to every request and applies the protocol's request-level rules:
 *  - every response varies on X-Inertia (HTML and JSON share a URL);
 *  - a GET Inertia visit with a stale X-Inertia-Version gets 409 + X-Inertia-Location (the
 *    full URL, query included) and an empty body; never for other methods; the session is not
 *    read, so flash data survives to the full reload;
 *  - a 302 answering an Inertia PUT/PATCH/DELETE becomes 303, so the client follows with GET
 *    (307/308 pass unchanged).
 */
export function inertiaMiddleware(appOptions: InertiaAppOptions): RequestHandler {
  const options: InertiaAppOptions = {
    ...appOptions,
    onRescued: appOptions.onRescued ?? rescueLogger(appOptions.logger),
  };
  return (req, res, next) => {
    // Nothing before this layer varies the response; vary() merges with what is there otherwise.
    if (res.hasHeader('Vary')) res.vary('X-Inertia');
    else res.setHeader('Vary', 'X-Inertia');
    const inertia = new Inertia(req, res, options);
    req.inertia = inertia;
    res.inertia = inertia;
    if (!inertia.isInertiaRequest) {
      next();
      return;
    }
    if (req.method === 'GET') {
      const version = options.version() ?? '';
      if ((req.headers['x-inertia-version'] ?? '') !== version) {
        const location = `${req.protocol}://${req.get('Host') ?? 'localhost'}${req.originalUrl}`;
        res.status(409).set('X-Inertia-Location', location).end();
        return;
      }
    }
    if (REDIRECT_TO_GET.has(req.method)) {
      onHeaders(res, function () {
        if (this.statusCode === 302) this.statusCode = 303;
      });
    }
    next();
  };
}
