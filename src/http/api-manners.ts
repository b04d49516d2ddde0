import type { RequestHandler } from 'express';
import { quietRepeats, type Logger } from '../logger.ts';
import { addressKey } from './auth/address.ts';
import type { Limit, RateLimiter } from './auth/rate-limit.ts';

/**
 * The public API's manners (docs/api.md, "Limits and CORS"):
 *  - a per-client rate limit on every `/api/*` request: a fixed window of `API_RATE_LIMIT`
 *    requests a minute per client address (an IPv6 client by its /64), counted where the
 *    accounts' limits are (Redis when REDIS_URL is set, else PostgreSQL), so every web process
 *    shares the counters. Every answer carries `RateLimit-Limit`, `RateLimit-Remaining`,
 *    `RateLimit-Reset` and `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers); past the
 *    limit: 429 with `Retry-After` and nothing run. When the counters cannot be reached the
 *    request is served (reads must not depend on Redis) and the outage is logged.
 *  - CORS for the read-only API: GET/HEAD answers carry `Access-Control-Allow-Origin: *` and
 *    expose the limit headers; a preflight is answered for GET/HEAD only. Never with
 *    credentials: a cross-origin page gets the public answer, never a user's, and cannot send
 *    a mutation (no CORS for other methods, and those need the CSRF token besides).
 */
export const API_WINDOW_MS = 60_000;

export const RATE_LIMIT_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'Retry-After',
] as const;

export interface ApiMannersOptions {
  /** Requests per minute per client; 0: no limit. */
  perMinute: number;
  limiter: RateLimiter;
  logger: Logger;
}

export function apiManners(opts: ApiMannersOptions): RequestHandler {
  const limit: Limit = { max: opts.perMinute, windowMs: API_WINDOW_MS };
  const policy = `${opts.perMinute};w=${API_WINDOW_MS / 1000}`;
  const logOutage = quietRepeats((err) =>
    opts.logger.warn({ err }, 'API rate-limit counters unavailable; serving without a limit'),
  );
  return async (req, res, next) => {
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    if (req.method === 'OPTIONS') {
      // The preflight of a cross-origin GET with custom headers (e.g. Accept-Language).
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
      res.setHeader('Access-Control-Allow-Headers', 'Accept, Accept-Language, Content-Language');
      res.setHeader('Access-Control-Max-Age', '86400');
      res.status(204).end();
      return;
    }
    if (readOnly) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Expose-Headers', RATE_LIMIT_HEADERS.join(', '));
    }
    if (opts.perMinute <= 0) {
      next();
      return;
    }
    const client = addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    let verdict;
    try {
      verdict = await opts.limiter.hit(`api:${client}`, limit);
    } catch (err) {
      logOutage(err instanceof Error ? err : new Error(String(err)));
      next();
      return;
    }
    res.setHeader('RateLimit-Limit', String(opts.perMinute));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, opts.perMinute - verdict.hits)));
    res.setHeader('RateLimit-Reset', String(verdict.retryAfterSeconds));
    res.setHeader('RateLimit-Policy', policy);
    if (!verdict.allowed) {
      res.setHeader('Retry-After', String(Math.max(verdict.retryAfterSeconds, 1)));
      res.status(429).json({
        error: 'too_many_requests',
        message: `More than ${opts.perMinute} API requests a minute from this address. Try again in ${verdict.retryAfterSeconds} s.`,
      });
      return;
    }
    next();
  };
}
