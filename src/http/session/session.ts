import type { Request, RequestHandler, Response } from 'express';
import { randomUUID } from 'node:crypto';
import session, { type Session, type SessionData } from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import pg from 'pg';
import type { Logger } from '../../logger.ts';

export const SESSION_COOKIE = 'pitwall.sid';
export const SESSION_TABLE = 'http_sessions'; // migrations/0030_http_sessions.ts
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** An unchanged session's expiry is pushed forward at most this often (one UPDATE, not one per request). */
const TOUCH_EVERY_MS = 10 * 60 * 1000;

export interface SessionHandle {
  middleware: RequestHandler;
  close(): Promise<void>;
}

/** A request's session as express-session gives it (plus what the app keeps in it). */
export type RequestSession = Session & Partial<SessionData>;

/** Creates the session of a request that has none yet (see `openSession`). */
type SessionOpener = (req: Request, res: Response) => RequestSession | undefined;
const OPEN_SESSION = Symbol('pitwall.openSession');
interface LazySessionRequest {
  [OPEN_SESSION]?: SessionOpener;
}

/**
 * The request's session, created now if the request has none: THE way to write to a session
 * (flash, form errors, OAuth state, sign-in); every writer calls it first. A session created
 * here is stored, and its cookie sent, only if something is put in it (as any session:
 * `saveUninitialized: false`); a redirect then waits for the store like any other
 * (`saveSessionBeforeRedirect`). Undefined only where there is no session support (the
 * sessionless routes, or while the store is disconnected).
 * Readers use `req.session` directly: it is undefined for a visitor who has no session cookie.
 */
export function openSession(req: Request): RequestSession | undefined {
  const current = req.session as RequestSession | undefined;
  if (current) return current;
  const res = req.res;
  const open = (req as LazySessionRequest)[OPEN_SESSION];
  return open && res ? open(req, res) : undefined;
}

/** Whether the request brings a session cookie (maybe stale or forged: the store decides). */
function bringsSessionCookie(req: Request): boolean {
  const cookies = req.headers.cookie;
  return cookies !== undefined && cookies.includes(`${SESSION_COOKIE}=`);
}

/**
 * express-session stored in PostgreSQL (connect-pg-simple, table http_sessions), so sessions
 * survive restarts and are shared by every web process. Cookie: httpOnly, SameSite=Lax, Secure
 * whenever the request is HTTPS (behind a proxy only if TRUST_PROXY says so), 14 days idle
 * lifetime (rolling). Sessions are saved only once something is put in them, so a session id
 * is stable from the first response that carries its cookie on.
 *
 * Lazy: express-session runs at once only for a request that brings a session cookie (its
 * session is loaded from the store before any handler). A request without one (every reader)
 * has no `req.session` and costs nothing here; `openSession(req)` creates its session when a
 * handler first writes to it — for a request without a session id express-session generates
 * the new session synchronously, so the writer gets it at once, with the same cookie, save
 * and redirect guarantees as an eager one.
 */
export function createSession(opts: {
  databaseUrl: string;
  secret: string;
  logger: Logger;
  /** Called when `openSession` creates a request's session (the CSRF token follows it). */
  onOpen?: (req: Request, res: Response) => void;
}): SessionHandle {
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    // Every request reads its session: a pool as large as the app's, or it queues under load.
    max: 10,
    application_name: 'pitwall-sessions',
  });
  pool.on('error', (err) => opts.logger.error({ err }, 'session store pool error'));
  const PGStore = connectPgSimple(session);
  const touchedAt = new Map<string, number>();

  class ThrottledTouchStore extends PGStore {
    /** Same query as connect-pg-simple's, as a named prepared statement (planned once per connection). */
    override get(
      sid: string,
      cb: (err: unknown, session?: session.SessionData | null) => void,
    ): void {
      pool
        .query<{ sess: session.SessionData | string }>({
          name: 'pitwall_session_get',
          text: `SELECT sess FROM ${SESSION_TABLE} WHERE sid = $1 AND expire >= now()`,
          values: [sid],
        })
        .then(
          (result) => {
            const row = result.rows[0];
            if (!row) return cb(null, null);
            cb(
              null,
              typeof row.sess === 'string'
                ? (JSON.parse(row.sess) as session.SessionData)
                : row.sess,
            );
          },
          (err: unknown) => cb(err),
        );
    }

    override touch(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): void {
      const now = Date.now();
      const last = touchedAt.get(sid);
      if (last !== undefined && now - last < TOUCH_EVERY_MS) {
        cb?.();
        return;
      }
      if (touchedAt.size > 50_000) touchedAt.clear();
      touchedAt.set(sid, now);
      super.touch(sid, sess, cb);
    }
  }

  const store = new ThrottledTouchStore({
    pool,
    tableName: SESSION_TABLE,
    createTableIfMissing: false,
    pruneSessionInterval: 15 * 60,
    errorLog: (...args: unknown[]) => opts.logger.error({ args }, 'session store error'),
  });

  const base = session({
    name: SESSION_COOKIE,
    // 122 random bits from node's buffered CSPRNG (OWASP asks for ≥ 64); express-session's
    // default draws a fresh randomBytes(24) for every request, session or not.
    genid: () => randomUUID(),
    secret: opts.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS },
  });

  const open: SessionOpener = (req, res) => {
    let failure: unknown;
    // No session id on this request: express-session generates the session and calls back
    // before returning (it reads the store only for an id it was sent).
    base(req, res, (err?: unknown) => {
      failure = err;
    });
    if (failure) {
      throw failure instanceof Error ? failure : new Error('session failed', { cause: failure });
    }
    const created = req.session as RequestSession | undefined;
    if (created) {
      saveSessionBeforeRedirect(req, res, opts.logger);
      opts.onOpen?.(req, res);
    }
    return created;
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (!bringsSessionCookie(req)) {
      (req as LazySessionRequest)[OPEN_SESSION] = open;
      next();
      return;
    }
    base(req, res, (err?: unknown) => {
      if (err) return next(err);
      saveSessionBeforeRedirect(req, res, opts.logger);
      next();
    });
  };

  return {
    middleware,
    close: async () => {
      store.close();
      await pool.end().catch(() => undefined);
    },
  };
}

/** Responses after which the browser at once requests a page that reads the session. */
function isFollowedAtOnce(status: number): boolean {
  return (status >= 300 && status < 400) || status === 409; // 409: Inertia location/redirect
}

/**
 * Guarantees that a redirect reaches the browser only after the session it changed is stored.
 *
 * express-session saves a changed session from inside `res.end`, but it writes the status line
 * and headers first and the store write after; a browser follows a 303 as soon as the headers
 * arrive, so the next page could read the session before the flash message or the form errors
 * were stored (lost under load: seen as a missing "Article created." in CI). Here a redirect
 * whose session holds anything waits in `end` for an explicit save; the save records the
 * session as stored, so express-session does not write it a second time. An unchanged session
 * is written once more on such a redirect (cheaper than snapshotting every request's session to
 * tell); other responses, and redirects of visitors without a session, are untouched.
 */
export function saveSessionBeforeRedirect(req: Request, res: Response, logger: Logger): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = function endAfterSave(this: Response, ...args: unknown[]): Response {
    if (!isFollowedAtOnce(res.statusCode) || !sessionHoldsState(req)) return end(...args);
    req.session.save((err: unknown) => {
      // The redirect goes out either way; the next page then lacks what this request stashed.
      if (err) logger.error({ err }, 'session save before redirect failed');
      end(...args);
    });
    return res;
  } as Response['end'];
}

/**
 * Whether the request's session holds anything (a signed-in user, flash data, form errors,
 * OAuth state): only such a session is stored and has a cookie, so only it can bind a token.
 * A request without a session cookie has no session object until a writer opens one; an empty
 * one is never saved.
 */
export function sessionHoldsState(req: Request): boolean {
  const session = req.session as object | undefined;
  if (!session) return false;
  for (const key in session) if (key !== 'cookie' && Object.hasOwn(session, key)) return true;
  return false;
}
