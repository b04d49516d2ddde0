import type { Request } from 'express';
import {
  changePassword,
  deleteUser,
  unlinkDiscord,
  updateProfile,
} from '../../commands/users/handlers.ts';
import { getPasswordHash } from '../../commands/users/credentials.ts';
import { isCountryCode } from '../../commands/users/rules.ts';
import { passwordChangedMail } from '../../mail/templates.ts';
import { listFavoriteDrivers } from '../../queries/favorites.ts';
import { findAccountSettings, findSessionUser } from '../../queries/users.ts';
import type { Accounts } from '../auth/accounts.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { deleteResetTokensOf } from '../auth/reset-tokens.ts';
import { endSessionsOf, signIn, signOut } from '../auth/session.ts';
import type { HttpDeps } from '../deps.ts';
import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { CONFIRM_WITH_DISCORD, discordConfirmed, spendDiscordConfirmation } from './reauth.ts';
import { accountsOf, backWithErrors, errorsOf, publicOrigin, userIdOf } from './respond.ts';
import {
  changePasswordForm,
  DELETE_CONFIRMATION,
  deleteAccountForm,
  userInfoForm,
} from './schema.ts';

/** Every ISO 3166-1 country, by English name, for the country select. Computed once. */
const countries: { code: string; name: string }[] = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const out: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (isCountryCode(code)) out.push({ code, name: names.of(code) ?? code });
    }
  }
  return out.sort((x, y) => x.name.localeCompare(y.name, 'en'));
})();

async function accountOf(deps: HttpDeps, req: Request) {
  const account = await findAccountSettings(deps.knex, userIdOf(req));
  if (!account) throw new HttpError(404, 'This account does not exist.');
  return account;
}

/**
 * Checks the password against the stored hash; every check is counted before it runs (an
 * atomic increment, as sign-in does), a right password clears the count.
 */
async function passwordMatches(
  accounts: Accounts,
  deps: HttpDeps,
  userId: string,
  password: string,
): Promise<boolean | 'limited'> {
  const key = `password-check:user:${userId}`;
  const limit = accounts.limits.passwordCheckPerUser;
  if (!(await accounts.limiter.hit(key, limit)).allowed) return 'limited';
  const hash = await getPasswordHash(deps.knex, userId);
  const ok = hash !== null && (await accounts.hasher.verify(hash, password));
  if (ok) await accounts.limiter.reset(key, limit);
  return ok;
}

const TOO_MANY = 'Too many wrong passwords. Try again in a few minutes.';

/** GET /settings: profile, password, linked accounts, favorites, deletion. */
export const showSettings: RouteHandler = async (req, res, deps) => {
  const account = await accountOf(deps, req);
  const favorites = await listFavoriteDrivers(deps.knex, account.id, 500);
  await res.inertia.render('Settings/Index', {
    account,
    favorites,
    countries,
    discordEnabled: deps.accounts?.discord != null,
    // Only an account without a password confirms with Discord (reauth.ts).
    discordConfirmed:
      !account.hasPassword && deps.accounts != null && discordConfirmed(req, deps.accounts.now()),
  });
};

/**
 * POST /auth/change-password: the current password (an account without one: a fresh Discord
 * sign-in, reauth.ts), the
 * policy, then the new hash with a UserPasswordChanged event. Every other session of the
 * account ends; this one continues under a new session id.
 */
export const submitChangePassword: RouteHandler = async (req, res, deps) => {
  const accounts = accountsOf(deps);
  const parsed = changePasswordForm.safeParse(req.body ?? {});
  if (!parsed.success) {
    backWithErrors(res, errorsOf(parsed.error));
    return;
  }
  const account = await accountOf(deps, req);
  if (account.hasPassword) {
    const current = parsed.data.currentPassword ?? '';
    const matches =
      current === '' ? false : await passwordMatches(accounts, deps, account.id, current);
    if (matches !== true) {
      backWithErrors(res, {
        currentPassword: matches === 'limited' ? TOO_MANY : 'The current password is not right.',
      });
      return;
    }
  } else if (!discordConfirmed(req, accounts.now())) {
    backWithErrors(res, { password: CONFIRM_WITH_DISCORD });
    return;
  }
  const problem = passwordProblem(parsed.data.password, { email: account.email });
  if (problem) {
    backWithErrors(res, { password: problem });
    return;
  }
  try {
    const outcome = await changePassword(
      accounts.commandDeps(req),
      account.id,
      await accounts.hasher.hash(parsed.data.password),
    );
    await accounts.settle(outcome.position, ['users']);
  } catch (err) {
    backWithErrors(res, errorsOf(err, 'password'));
    return;
  }
  if (!account.hasPassword) spendDiscordConfirmation(req);
  await endSessionsOf(deps.knex, account.id, req.sessionID);
  // A reset link asked for before the change must not undo it.
  await deleteResetTokensOf(deps.knex, account.id);
  const user = await findSessionUser(deps.knex, account.id);
  if (user) await signIn(req, user);
  if (account.email) {
    const mail = passwordChangedMail({
      appName: deps.config.APP_NAME,
      how: 'changed',
      resetLink: `${publicOrigin(deps)}/auth/forgot-password`,
    });
    await accounts.mailer.send({ userId: account.id, to: account.email, ...mail });
  }
  res.inertia.back({ fallback: '/settings' });
};

/** POST /auth/user-info: display name, iRacing customer id, country. */
export const submitUserInfo: RouteHandler = async (req, res, deps) => {
  const accounts = accountsOf(deps);
  const parsed = userInfoForm.safeParse(req.body ?? {});
  if (!parsed.success) {
    backWithErrors(res, errorsOf(parsed.error));
    return;
  }
  try {
    const outcome = await updateProfile(accounts.commandDeps(req), userIdOf(req), parsed.data);
    await accounts.settle(outcome.position, ['users']);
  } catch (err) {
    backWithErrors(res, errorsOf(err, 'displayName'));
    return;
  }
  res.inertia.back({ fallback: '/settings' });
};

/** DELETE /auth/delete-linked-account: unlinks Discord unless it is the only way to sign in. */
export const submitUnlinkDiscord: RouteHandler = async (req, res, deps) => {
  const accounts = accountsOf(deps);
  try {
    const outcome = await unlinkDiscord(accounts.commandDeps(req), userIdOf(req));
    await accounts.settle(outcome.position, ['users']);
  } catch (err) {
    backWithErrors(res, errorsOf(err, 'discord'));
    return;
  }
  res.inertia.flash({ success: 'Discord is no longer linked to your account.' });
  res.inertia.back({ fallback: '/settings' });
};

/**
 * DELETE /auth/user, confirmed by the password (or, on an account without one, by typing
 * DELETE after a fresh Discord sign-in: reauth.ts): UserDeleted, then the data key and the hash are destroyed, reset tokens and mail
 * erased, every session of the account ended, and this one destroyed.
 */
export const submitDeleteAccount: RouteHandler = async (req, res, deps) => {
  const accounts = accountsOf(deps);
  const parsed = deleteAccountForm.safeParse(req.body ?? {});
  if (!parsed.success) {
    backWithErrors(res, errorsOf(parsed.error));
    return;
  }
  const account = await accountOf(deps, req);
  if (account.hasPassword) {
    const password = parsed.data.password ?? '';
    const matches =
      password === '' ? false : await passwordMatches(accounts, deps, account.id, password);
    if (matches !== true) {
      backWithErrors(res, {
        password: matches === 'limited' ? TOO_MANY : 'The password is not right.',
      });
      return;
    }
  } else if (parsed.data.confirmation !== DELETE_CONFIRMATION) {
    backWithErrors(res, { confirmation: `Type ${DELETE_CONFIRMATION} to confirm.` });
    return;
  } else if (!discordConfirmed(req, accounts.now())) {
    backWithErrors(res, { confirmation: CONFIRM_WITH_DISCORD });
    return;
  }
  const outcome = await deleteUser(accounts.commandDeps(req), account.id);
  await accounts.settle(outcome.position, ['users', 'favorites']);
  await endSessionsOf(deps.knex, account.id, null);
  await signOut(req, res);
  res.inertia.redirect('/');
};
