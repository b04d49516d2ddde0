import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isDomainError } from '../../commands/core/errors.ts';
import { DISCORD_TAKEN_MESSAGE, linkDiscord, registerUser } from '../../commands/users/handlers.ts';
import { displayNameRule, emailRule } from '../../commands/users/rules.ts';
import {
  findSessionUser,
  findUserIdByDiscordHash,
  findUserIdByEmailHash,
} from '../../queries/users.ts';
import type { Accounts } from '../auth/accounts.ts';
import { DISCORD_STRATEGY, type DiscordIdentity } from '../auth/discord.ts';
import { signIn } from '../auth/session.ts';
import { openSession } from '../session/session.ts';
import type { RouteHandler } from '../routing/types.ts';
import { DISCORD_CONFIRM_MINUTES, markDiscordConfirmed } from './reauth.ts';
import { NOT_READY_YET } from './register.ts';
import { accountsOf, errorsOf } from './respond.ts';

/**
 * Discord sign-in. /auth/discord/redirect sends the browser to Discord's authorize URL with a
 * random `state` (kept in the session) and a PKCE challenge; /auth/discord/callback checks the
 * state, trades the code for a token, reads /users/@me and then:
 *  - signed in already → links this Discord account to the signed-in account;
 *  - a Pitwall account is linked to this Discord account → signs it in (new session id);
 *  - otherwise → creates an account (display name from Discord; the email only when Discord
 *    says it is verified and no account uses it — an existing account is never taken over by
 *    a matching email: its owner signs in and links Discord in the settings).
 */

const asError = (err: unknown): Error =>
  err instanceof Error ? err : new Error('Discord sign-in failed', { cause: err });

function runPassport(
  accounts: Accounts,
  req: Request,
  res: Response,
): Promise<{ identity: DiscordIdentity | null; message: string | null }> {
  return new Promise((resolve, reject) => {
    const next: NextFunction = (err?: unknown) =>
      err ? reject(asError(err)) : resolve({ identity: null, message: null });
    const handler = accounts.passport.authenticate(
      DISCORD_STRATEGY,
      { session: false },
      (err: unknown, user: DiscordIdentity | false, info?: { message?: string }) => {
        if (err) {
          resolve({ identity: null, message: 'Discord did not complete the sign-in. Try again.' });
          return;
        }
        resolve({
          identity: user || null,
          message: user ? null : (info?.message ?? 'Discord sign-in was cancelled.'),
        });
      },
    ) as RequestHandler;
    // A callback without code or error makes the strategy start over (a redirect to Discord):
    // the response is then complete and the handler has nothing left to do.
    res.once('finish', () => resolve({ identity: null, message: null }));
    void handler(req, res, next);
  });
}

/** GET /auth/discord/redirect: off to Discord (or back with a message when not configured). */
export const discordRedirect: RouteHandler = async (req, res, deps) => {
  if (!deps.accounts?.discord) {
    res.inertia.flash({ error: 'Signing in with Discord is not available on this site.' });
    res.inertia.redirect(req.user ? '/settings' : '/auth/login');
    return;
  }
  // An Inertia visit cannot follow a redirect to another site: ask for a full page load.
  if (res.inertia.isInertiaRequest) {
    res.inertia.location(req.originalUrl);
    return;
  }
  const accounts = deps.accounts;
  openSession(req); // the OAuth state and PKCE verifier are kept in the session
  await new Promise<void>((resolve, reject) => {
    const handler = accounts.passport.authenticate(DISCORD_STRATEGY, {
      session: false,
    }) as RequestHandler;
    void handler(req, res, (err?: unknown) => (err ? reject(asError(err)) : resolve()));
    res.once('finish', () => resolve());
  });
};

function failed(req: Request, res: Response, message: string): void {
  res.inertia.flash({ error: message });
  res.inertia.redirect(req.user ? '/settings' : '/auth/login');
}

/** GET /auth/discord/callback. */
export const discordCallback: RouteHandler = async (req, res, deps) => {
  if (!deps.accounts?.discord) {
    failed(req, res, 'Signing in with Discord is not available on this site.');
    return;
  }
  const accounts = accountsOf(deps);
  // The state check reads the session: a browser that lost it is told so, like one whose
  // session holds no state.
  openSession(req);
  const { identity, message } = await runPassport(accounts, req, res);
  if (res.headersSent) return;
  if (!identity) {
    failed(req, res, message ?? 'Discord sign-in failed.');
    return;
  }
  const discordHash = accounts.keyring.lookupHash('discord', identity.id);

  if (req.user) {
    const me = req.user;
    const owner = await findUserIdByDiscordHash(deps.knex, discordHash);
    let result: string;
    if (owner === me.id) result = 'already';
    else if (owner) result = 'taken';
    else {
      try {
        const outcome = await linkDiscord(accounts.commandDeps(req), me.id, {
          id: identity.id,
          username: identity.username,
        });
        await accounts.settle(outcome.position, ['users']);
        result = 'linked';
      } catch (err) {
        if (isDomainError(err) && err.code === 'discord_taken') result = 'taken';
        else result = Object.values(errorsOf(err))[0] ?? 'Discord could not be linked.';
      }
    }
    if (result === 'already') {
      // "Confirm with Discord": the owner proved the linked Discord account just now.
      markDiscordConfirmed(req, accounts.now());
      res.inertia.flash({
        success: `Confirmed with Discord. For the next ${DISCORD_CONFIRM_MINUTES} minutes you can set a password or delete this account.`,
      });
      res.inertia.redirect('/settings');
    } else if (result === 'linked') {
      res.inertia.flash({ success: 'Discord is linked to your account.' });
      res.inertia.redirect('/settings');
    } else {
      failed(req, res, result === 'taken' ? DISCORD_TAKEN_MESSAGE : result);
    }
    return;
  }

  const linked = await findUserIdByDiscordHash(deps.knex, discordHash);
  if (linked) {
    const user = await findSessionUser(deps.knex, linked);
    if (!user) {
      failed(req, res, 'Discord sign-in failed.');
      return;
    }
    await signIn(req, user);
    markDiscordConfirmed(req, accounts.now());
    res.inertia.redirect('/');
    return;
  }

  const email = identity.verifiedEmail ? emailRule.safeParse(identity.verifiedEmail) : null;
  const emailValue = email?.success ? email.data : null;
  const emailHash = emailValue ? accounts.keyring.lookupHash('email', emailValue) : null;
  const name = displayNameRule.safeParse(identity.globalName ?? identity.username);
  const displayName = name.success
    ? name.data
    : (displayNameRule.safeParse(identity.username).data ?? 'Discord member');

  const emailInUse = () =>
    failed(
      req,
      res,
      'An account already uses the email of this Discord account. Sign in with your password, then link Discord in your settings.',
    );
  if (emailHash && (await findUserIdByEmailHash(deps.knex, emailHash))) {
    emailInUse();
    return;
  }
  let created: string;
  try {
    const outcome = await registerUser(accounts.commandDeps(req), {
      email: emailValue,
      displayName,
      passwordHash: null,
      discord: { id: identity.id, username: identity.username },
    });
    created = outcome.userId;
    await accounts.settle(outcome.position, ['users']);
  } catch (err) {
    if (isDomainError(err) && err.code === 'email_taken') {
      emailInUse();
      return;
    }
    if (isDomainError(err) && err.code === 'discord_taken') {
      // Claimed by a sign-up a moment ago (a double click): that account signs in next time.
      failed(req, res, 'Discord sign-in was interrupted. Try again.');
      return;
    }
    throw err;
  }
  const user = await findSessionUser(deps.knex, created);
  if (!user) {
    failed(req, res, NOT_READY_YET);
    return;
  }
  await signIn(req, user);
  markDiscordConfirmed(req, accounts.now());
  res.inertia.flash({ success: 'Welcome to Pitwall! Your account was created with Discord.' });
  res.inertia.redirect('/settings');
};
