import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import { SESSION_MAX_AGE_MS } from './session/session.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'express-session' {
  interface SessionData {
    /** Set on a first visit so the session (and the CSRF token bound to its id) persists. */
    csrf?: true;
  }
}

/** The token for a session: HMAC-SHA256(secret, session id), base64url. */
export function csrfTokenFor(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
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
 * Double-submit CSRF protection bound to the session: the server sets cookie XSRF-TOKEN (readable
 * by JS, SameSite=Lax) to HMAC(secret, session id); every POST/PUT/PATCH/DELETE must send the same
 * value in X-XSRF-TOKEN (the Inertia client and web/lib/http.ts copy it). A site that can plant
 * cookies still cannot forge a token for the victim's session id. The cookie is (re)set just
 * before headers are written, so a session regenerated during the request (sign-in) leaves with
 * a token for its new id. A missing or wrong token stops the request with `onReject` before any
 * handler runs, so nothing changes.
 */
export function csrfProtection(opts: {
  secret: string;
  onReject: (req: Request, res: Response) => void;
}): RequestHandler {
  return (req, res, next) => {
    const cookieToken = readCookie(req, XSRF_COOKIE);
    if (req.session && !req.session.csrf) req.session.csrf = true;
    onHeaders(res, () => {
      if (!req.session) return;
      const token = csrfTokenFor(opts.secret, req.sessionID);
      if (token === cookieToken) return;
      res.cookie(XSRF_COOKIE, token, {
        httpOnly: false,
        sameSite: 'lax',
        secure: req.secure,
        path: '/',
        maxAge: SESSION_MAX_AGE_MS,
      });
    });
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    const sent = req.get(XSRF_HEADER);
    const expected = req.session ? csrfTokenFor(opts.secret, req.sessionID) : null;
    if (!sent || !expected || !sameToken(sent, expected)) {
      opts.onReject(req, res);
      return;
    }
    next();
  };
}
