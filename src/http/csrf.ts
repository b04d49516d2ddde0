import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import { isApiRequest } from './errors.ts';
import { SESSION_MAX_AGE_MS, sessionHoldsState } from './session/session.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token for a session: HMAC-SHA256(secret, session id), base64url. */
export function csrfTokenFor(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

/** A visitor's token before there is a session: `<nonce>.<HMAC(secret, nonce)>`, base64url. */
export function anonymousCsrfToken(
  secret: string,
  nonce = randomBytes(16).toString('base64url'),
): string {
  return `${nonce}.${createHmac('sha256', secret).update(`csrf-anon:${nonce}`).digest('base64url')}`;
}

function isAnonymousToken(secret: string, token: string | undefined): token is string {
  const dot = token?.indexOf('.') ?? -1;
  if (!token || dot <= 0 || token.length > 200) return false;
  return sameToken(token, anonymousCsrfToken(secret, token.slice(0, dot)));
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Double-submit CSRF protection. The server sets cookie XSRF-TOKEN (readable by JS, SameSite=Lax)
 * and every POST/PUT/PATCH/DELETE must send the same value in X-XSRF-TOKEN (the Inertia client and
 * web/lib/http.ts copy it); a cross-site page can neither read the cookie nor send the header.
 *  - With a session (signed in, or carrying flash/errors): the token is HMAC(secret, session id),
 *    so a site that can plant cookies still cannot forge a token for the victim's session. The
 *    cookie is (re)set just before headers are written, so a session created or regenerated
 *    during the request (sign-in, a first form error) leaves with a token for its id.
 *  - Without one (an anonymous visitor reading pages): a signed random token, checked by its
 *    signature and against the cookie. No session row is written for a visitor who only reads,
 *    so a returning reader costs no session lookup (docs/web.md, "Sessions and CSRF").
 * Public JSON GETs (/api/*) get no cookie: their answers may be cached by shared caches.
 * A missing or wrong token stops the request with `onReject` before any handler runs, so
 * nothing changes.
 */
export function csrfProtection(opts: {
  secret: string;
  onReject: (req: Request, res: Response) => void;
}): RequestHandler {
  return (req, res, next) => {
    const cookieToken = readCookie(req, XSRF_COOKIE);
    const safe = SAFE_METHODS.has(req.method);
    const bound = sessionHoldsState(req);
    if (!(safe && isApiRequest(req)) || bound) {
      onHeaders(res, () => {
        let token: string;
        if (sessionHoldsState(req)) token = csrfTokenFor(opts.secret, req.sessionID);
        else if (isAnonymousToken(opts.secret, cookieToken)) return;
        else token = anonymousCsrfToken(opts.secret);
        if (token === cookieToken) return;
        res.cookie(XSRF_COOKIE, token, {
          httpOnly: false,
          sameSite: 'lax',
          secure: req.secure,
          path: '/',
          maxAge: SESSION_MAX_AGE_MS,
        });
      });
    }
    if (safe) {
      next();
      return;
    }
    const sent = req.get(XSRF_HEADER);
    const valid = bound
      ? sent !== undefined && sameToken(sent, csrfTokenFor(opts.secret, req.sessionID))
      : sent !== undefined &&
        cookieToken !== undefined &&
        sameToken(sent, cookieToken) &&
        isAnonymousToken(opts.secret, cookieToken);
    if (!valid) {
      opts.onReject(req, res);
      return;
    }
    next();
  };
}
