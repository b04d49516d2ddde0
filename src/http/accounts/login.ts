import type { Request, Response } from 'express';
import { getPasswordHash, replacePasswordHash } from '../../commands/users/credentials.ts';
import { normalizeEmail } from '../../commands/users/rules.ts';
import { findSessionUser, findUserIdByEmailHash } from '../../queries/users.ts';
import { safeReturnTo, signIn, signOut } from '../auth/session.ts';
import { RETURN_TO_PARAM } from '../routing/register.ts';
import type { RouteHandler } from '../routing/types.ts';
import { slowDownMs } from '../auth/rate-limit.ts';
import { accountsOf, backWithErrors, clientIp, tooManyRequests } from './respond.ts';
import { loginForm } from './schema.ts';

/** The one answer to every failed sign-in: it never says whether the email has an account. */
export const BAD_CREDENTIALS = 'These credentials do not match an account.';

function renderLogin(
  req: Request,
  res: Response,
  deps: Parameters<RouteHandler>[2],
  status = 200,
): Promise<void> {
  const returnTo = safeReturnTo(req.query[RETURN_TO_PARAM]);
  return res.inertia.render(
    'Auth/Login',
    { returnTo, discordEnabled: deps.accounts?.discord != null },
    { status },
  );
}

/** GET /auth/login (guests): the form; `?return_to=/path` comes back after sign-in. */
export const showLogin: RouteHandler = (req, res, deps) => renderLogin(req, res, deps);

/**
 * POST /auth/login (passport-local semantics, done explicitly so every branch costs one
 * argon2 verification): limits per address and per account+address, a slow-down per account
 * (docs/accounts.md, "Rate limits"); a missing
 * account verifies against a dummy hash; on success the hash is upgraded if its parameters
 * are outdated and the session id is regenerated.
 */
export const submitLogin: RouteHandler = async (req, res, deps) => {
  const accounts = accountsOf(deps);
  const parsed = loginForm.safeParse(req.body ?? {});
  if (!parsed.success) {
    backWithErrors(res, { email: BAD_CREDENTIALS });
    return;
  }
  const { password, returnTo } = parsed.data;
  const email = normalizeEmail(parsed.data.email);
  const emailHash = accounts.keyring.lookupHash('email', email);
  const ip = clientIp(req);
  const pairKey = `login:pair:${emailHash}:${ip}`;
  const { limits, limiter } = accounts;
  // Counted before the password is checked: one atomic increment each, so attempts sent in
  // parallel meet the limit as surely as attempts sent one after another.
  const [perIp, perPair, perAccount] = await Promise.all([
    limiter.hit(`login:ip:${ip}`, limits.loginPerIp),
    limiter.hit(pairKey, limits.loginPerAccountAndIp),
    limiter.hit(`login:account:${emailHash}`, limits.loginSlowDownPerAccount),
  ]);
  if (!perIp.allowed || !perPair.allowed) {
    await tooManyRequests(
      req,
      res,
      [perIp, perPair],
      (status) => renderLogin(req, res, deps, status),
      'email',
    );
    return;
  }
  // An account attempted from many addresses is slowed down, never locked: a lock would be
  // the attacker's to set, against the owner.
  const wait = slowDownMs(perAccount, limits.loginSlowDownPerAccount);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

  const userId = await findUserIdByEmailHash(deps.knex, emailHash);
  const hash = userId ? await getPasswordHash(deps.knex, userId) : null;
  let verified = false;
  if (hash) verified = await accounts.hasher.verify(hash, password);
  else await accounts.hasher.verifyDummy(password);
  const user = verified && userId ? await findSessionUser(deps.knex, userId) : null;
  if (!user || !hash) {
    backWithErrors(res, { email: BAD_CREDENTIALS });
    return;
  }
  await limiter.reset(pairKey, limits.loginPerAccountAndIp);
  if (accounts.hasher.needsRehash(hash)) {
    await replacePasswordHash(
      deps.knex,
      user.id,
      hash,
      await accounts.hasher.hash(password),
      accounts.now(),
    );
  }
  await signIn(req, user);
  res.inertia.redirect(safeReturnTo(returnTo) ?? '/');
};

/**
 * GET /auth/logout (the spec's route): a page asking to confirm with a button (a POST form).
 * A GET never signs anyone out: an image or a link on another site could otherwise end the
 * session of every visitor who has one (docs/accounts.md, "Signing out").
 */
export const showLogout: RouteHandler = async (req, res) => {
  if (!req.user) {
    res.inertia.redirect('/');
    return;
  }
  await res.inertia.render('Auth/Logout', {});
};

/**
 * POST /auth/logout (CSRF-checked like every POST; the header's "Log out" is a form):
 * destroys the session, clears the cookie, goes home.
 */
export const logout: RouteHandler = async (req, res) => {
  if (req.session) await signOut(req, res);
  res.redirect(303, '/');
};
