import { resetPassword, unlinkDiscord } from '../../commands/users/handlers.ts';
import { passwordChangedMail, passwordResetMail } from '../../mail/templates.ts';
import { findAccountSettings, findUserIdByEmailHash } from '../../queries/users.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import {
  consumeResetToken,
  isResetTokenUsable,
  issueResetToken,
  RESET_TOKEN_TTL_MINUTES,
} from '../auth/reset-tokens.ts';
import { endSessionsOf } from '../auth/session.ts';
import type { RouteHandler } from '../routing/types.ts';
import {
  accountsOf,
  backWithErrors,
  clientIp,
  errorsOf,
  publicOrigin,
  tooManyRequests,
} from './respond.ts';
import { forgotForm, resetForm, resetPageQuery } from './schema.ts';

/** The same words whether or not the address has an account (no account enumeration). */
export const RESET_LINK_SENT =
  'If an account uses that address, we have sent it a link to choose a new password. The link works for 60 minutes.';
export const RESET_LINK_INVALID =
  'This reset link is invalid, already used or expired. Ask for a new one.';

/** GET /auth/forgot-password (guests). */
export const showForgotPassword: RouteHandler = (_req, res) =>
  res.inertia.render('Auth/ForgotPassword', {});

/**
 * POST /auth/forgot-password: the same answer for every well-formed address, by the same path:
 * validation and the rate limits (keyed by the address's HMAC whether or not it has an
 * account), then the answer. Whether an account uses the address is looked up only after the
 * answer (`accounts.defer`): for an account with an email, a fresh token (older ones voided)
 * and the mail, written to the outbox and delivered in the background.
 */
export const submitForgotPassword: RouteHandler = async (req, res, deps) => {
  const accounts = accountsOf(deps);
  const parsed = forgotForm.safeParse(req.body ?? {});
  if (!parsed.success) {
    backWithErrors(res, errorsOf(parsed.error));
    return;
  }
  const emailHash = accounts.keyring.lookupHash('email', parsed.data.email);
  const [perIp, perAccount] = await Promise.all([
    accounts.limiter.hit(`forgot:ip:${clientIp(req)}`, accounts.limits.forgotPerIp),
    accounts.limiter.hit(`forgot:account:${emailHash}`, accounts.limits.forgotPerAccount),
  ]);
  if (!perIp.allowed || !perAccount.allowed) {
    await tooManyRequests(
      req,
      res,
      [perIp, perAccount],
      (status) => res.inertia.render('Auth/ForgotPassword', {}, { status }),
      'email',
    );
    return;
  }
  res.inertia.flash({ success: RESET_LINK_SENT });
  res.inertia.back({ fallback: '/auth/forgot-password' });
  const origin = publicOrigin(deps);
  accounts.defer(async () => {
    const userId = await findUserIdByEmailHash(deps.knex, emailHash);
    const account = userId ? await findAccountSettings(deps.knex, userId) : null;
    if (!account?.email) return;
    const token = await issueResetToken(deps.knex, account.id, accounts.now());
    const mail = passwordResetMail({
      appName: deps.config.APP_NAME,
      link: `${origin}/auth/reset-password?token=${token}`,
      validMinutes: RESET_TOKEN_TTL_MINUTES,
    });
    await accounts.mailer.send({ userId: account.id, to: account.email, ...mail });
  });
};

/** GET /auth/reset-password?token=…: the new-password form, or the "link expired" state. */
export const showResetPassword: RouteHandler = async (req, res, deps) => {
  const accounts = accountsOf(deps);
  const query = resetPageQuery.safeParse(req.query);
  const token = query.success ? (query.data.token ?? '') : '';
  const valid = token !== '' && (await isResetTokenUsable(deps.knex, token, accounts.now()));
  res.set('Cache-Control', 'no-store');
  await res.inertia.render('Auth/ResetPassword', { token: valid ? token : '', valid });
};

/**
 * POST /auth/reset-password: policy first (a weak password must not burn the token), then the
 * token is consumed atomically, the hash stored with a UserPasswordReset event, and every
 * session of the account ended. The user signs in with the new password.
 */
export const submitResetPassword: RouteHandler = async (req, res, deps) => {
  const accounts = accountsOf(deps);
  const parsed = resetForm.safeParse(req.body ?? {});
  if (!parsed.success) {
    backWithErrors(res, errorsOf(parsed.error));
    return;
  }
  const { token, password } = parsed.data;
  const problem = passwordProblem(password);
  if (problem) {
    backWithErrors(res, { password: problem });
    return;
  }
  const userId = await consumeResetToken(deps.knex, token, accounts.now());
  if (!userId) {
    backWithErrors(res, { token: RESET_LINK_INVALID });
    return;
  }
  try {
    const commandDeps = accounts.commandDeps(req);
    const outcome = await resetPassword(commandDeps, userId, await accounts.hasher.hash(password));
    // Whoever proves the email owns the account: a Discord account linked before the reset
    // (perhaps by someone who registered the address first) no longer signs in to it.
    const unlinked = await unlinkDiscord(commandDeps, userId);
    await accounts.settle(unlinked.position ?? outcome.position, ['users']);
  } catch (err) {
    backWithErrors(res, errorsOf(err, 'token'));
    return;
  }
  await endSessionsOf(deps.knex, userId, null);
  const account = await findAccountSettings(deps.knex, userId);
  if (account?.email) {
    const mail = passwordChangedMail({
      appName: deps.config.APP_NAME,
      how: 'reset',
      resetLink: `${publicOrigin(deps)}/auth/forgot-password`,
    });
    await accounts.mailer.send({ userId, to: account.email, ...mail });
  }
  res.inertia.flash({ success: 'Your password was changed. Sign in with the new one.' });
  res.inertia.redirect('/auth/login');
};
