import type { Request, Response } from 'express';
import type { Knex } from '../../db/knex.ts';
import type { SessionUser } from '../../queries/users.ts';
import { openSession, SESSION_COOKIE, SESSION_TABLE } from '../session/session.ts';

const asError = (err: unknown): Error =>
  err instanceof Error ? err : new Error('session operation failed', { cause: err });

/**
 * Session transitions of the accounts area (ASVS V3):
 *  - sign-in regenerates the session id (passport's req.login), so an id planted before
 *    sign-in (session fixation) is worthless after it;
 *  - sign-out destroys the session row and clears the cookie;
 *  - a password change or reset ends the user's other sessions (rows deleted now; the
 *    session epoch in the users read model catches any that escape).
 */

export function signIn(req: Request, user: SessionUser): Promise<void> {
  // A visitor without a session gets one now (passport regenerates it, then stores the user).
  openSession(req);
  return new Promise((resolve, reject) => {
    req.login(user, { session: true }, (err: unknown) => (err ? reject(asError(err)) : resolve()));
  });
}

export async function signOut(req: Request, res: Response): Promise<void> {
  // Without the accounts area (no passport on this app) there is no sign-in to undo.
  if (typeof req.logout === 'function') {
    await new Promise<void>((resolve, reject) => {
      req.logout({ keepSessionInfo: false }, (err: unknown) =>
        err ? reject(asError(err)) : resolve(),
      );
    });
  }
  await new Promise<void>((resolve, reject) => {
    req.session.destroy((err: unknown) => (err ? reject(asError(err)) : resolve()));
  });
  res.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
  });
}

/** Deletes the user's sessions except `keepSessionId` (null: all of them). */
export async function endSessionsOf(
  knex: Knex,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  const query = knex(SESSION_TABLE).whereRaw(`sess -> 'passport' -> 'user' ->> 'id' = ?`, [userId]);
  if (keepSessionId) void query.whereNot({ sid: keepSessionId });
  await query.delete();
}

/**
 * A same-site path to return to after sign-in, or null: only `/…` paths, never `//host` or
 * `/\host` (which browsers treat as another origin), so the parameter cannot be used as an
 * open redirect.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\p{Cc}\\]/u.test(value)) return null;
  // Routing ignores case: /AUTH/logout is /auth/logout.
  if (value.toLowerCase().startsWith('/auth/')) return null;
  return value;
}
