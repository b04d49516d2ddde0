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

/**
 * `isAnonymousToken` with a memory of the tokens it accepted (a returning reader sends the same
 * one on every page): one HMAC per token instead of one per request. Only tokens whose
 * signature checked out are remembered, and a token's validity never changes while the secret
 * does not, so the answer is the same; the memory is bounded (forgotten all at once when full).
 */
function anonymousTokenCheck(secret: string): (token: string | undefined) => token is string {
  const accepted = new Set<string>();
  return (token): token is string => {
    if (token === undefined) return false;
    if (accepted.has(token)) return true;
    if (!isAnonymousToken(secret, token)) return false;
    if (accepted.size >= ACCEPTED_TOKENS_MAX) accepted.clear();
    accepted.add(token);
    return true;
  };
}
const ACCEPTED_TOKENS_MAX = 50_000;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

/**
 * The value of cookie `name` in a Cookie header (the first one, URI-decoded; undefined if
 * absent or not decodable). Scans the header in place rather than splitting it.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (let from = 0; ;) {
    const at = header.indexOf(name, from);
    if (at === -1) return undefined;
    from = at + 1;
    let before = at - 1;
    while (isSpace(header[before])) before--;
    let eq = at + name.length;
    while (isSpace(header[eq])) eq++;
    if ((before >= 0 && header[before] !== ';') || header[eq] !== '=') continue;
    const end = header.indexOf(';', eq);
    const value = header.slice(eq + 1, end === -1 ? header.length : end).trim();
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return undefined;
    }
  }
}

/**
 * What the CSRF layer decided for a request about its XSRF-TOKEN cookie:
 *  - 'none': a public JSON GET gets no cookie (its answer may sit in a shared cache);
 *  - 'watched': decided when the headers are written (on-headers);
 *  - 'until-session': a reader with a good token and no session: nothing to send unless a
 *    session is opened during the request.
 */
type TokenCookie = 'none' | 'watched' | 'until-session';
const TOKEN_COOKIE = Symbol('pitwall.csrfTokenCookie');
interface CsrfRequest {
  [TOKEN_COOKIE]?: TokenCookie;
}

export interface CsrfProtection {
  middleware: RequestHandler;
  /**
   * To call when a session is created during a request (`openSession`): the response must then
   * carry the token bound to it. The session layer calls it (createSession's `onOpen`).
   */
  sessionOpened(this: void, req: Request, res: Response): void;
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
 * A plain HTML form (no JavaScript: no header) passes when the browser says it was posted from
 * a page of this site (`sameOriginFormPost`, OWASP's "verifying origin with standard headers").
 * Cost: a returning reader (good token, no session) costs a cookie scan and a set lookup; the
 * header hook is added only once a session is opened during the request (`sessionOpened`).
 */
export function csrfProtection(opts: {
  secret: string;
  /** The site's public origin (appOrigin): a form posted from it passes `sameOriginFormPost`. */
  appOrigin?: string;
  onReject: (req: Request, res: Response) => void;
}): CsrfProtection {
  const isAccepted = anonymousTokenCheck(opts.secret);

  /** Sets the cookie just before the headers go out, from the session as it is then. */
  const watch = (req: Request, res: Response, cookieToken: string | undefined): void => {
    (req as CsrfRequest)[TOKEN_COOKIE] = 'watched';
    onHeaders(res, () => {
      let token: string;
      if (sessionHoldsState(req)) token = csrfTokenFor(opts.secret, req.sessionID);
      else if (isAccepted(cookieToken)) return;
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
  };

  const middleware: RequestHandler = (req, res, next) => {
    const cookieToken = readCookie(req.headers.cookie, XSRF_COOKIE);
    const safe = SAFE_METHODS.has(req.method);
    const bound = sessionHoldsState(req);
    if (safe && !bound && isApiRequest(req)) {
      (req as CsrfRequest)[TOKEN_COOKIE] = 'none';
    } else if (req.session === undefined && isAccepted(cookieToken)) {
      // Until a session exists, the watcher would find nothing to send.
      (req as CsrfRequest)[TOKEN_COOKIE] = 'until-session';
    } else {
      watch(req, res, cookieToken);
    }
    if (safe) {
      next();
      return;
    }
    const sent = req.get(XSRF_HEADER);
    if (sent === undefined && sameOriginFormPost(req, opts.appOrigin)) {
      next();
      return;
    }
    const valid = bound
      ? sent !== undefined && sameToken(sent, csrfTokenFor(opts.secret, req.sessionID))
      : sent !== undefined &&
        cookieToken !== undefined &&
        sameToken(sent, cookieToken) &&
        isAccepted(cookieToken);
    if (!valid) {
      opts.onReject(req, res);
      return;
    }
    next();
  };

  return {
    middleware,
    sessionOpened(req, res) {
      if ((req as CsrfRequest)[TOKEN_COOKIE] !== 'until-session') return;
      watch(req, res, readCookie(req.headers.cookie, XSRF_COOKIE));
    },
  };
}

/**
 * A form the browser posted from a page of this site, without JavaScript (so without the
 * header): an urlencoded body, and `Sec-Fetch-Site: same-origin`, or (a browser without Fetch
 * Metadata) an `Origin` whose host is the request's Host or the configured origin. Browsers set
 * both headers themselves and a page cannot change them; a cross-site form carries
 * `Sec-Fetch-Site: cross-site` and its own Origin. A client that sends neither is refused.
 */
export function sameOriginFormPost(req: Request, appOrigin?: string): boolean {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return false;
  const site = req.get('Sec-Fetch-Site');
  if (site !== undefined) return site === 'same-origin';
  const origin = req.get('Origin');
  if (!origin || origin === 'null') return false;
  try {
    const url = new URL(origin);
    return url.host === req.get('Host') || url.origin === appOrigin;
  } catch {
    return false;
  }
}
