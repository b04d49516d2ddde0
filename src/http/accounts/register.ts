import type { Request, Response } from 'express';
import { registerUser } from '../../commands/users/handlers.ts';
import { findSessionUser, findUserIdByEmailHash } from '../../queries/users.ts';
import { withIdentityLock } from '../auth/identity-lock.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { signIn } from '../auth/session.ts';
import type { RouteHandler } from '../routing/types.ts';
import { accountsOf, backWithErrors, clientIp, errorsOf, tooManyRequests } from './respond.ts';
import { registerForm } from './schema.ts';

export const EMAIL_TAKEN = 'An account with this email address already exists. Sign in instead.';

function renderRegister(
  res: Response,
  deps: Parameters<RouteHandler>[2],
  status = 200,
): Promise<void> {
  return res.inertia.render(
    'Auth/Register',
    { discordEnabled: deps.accounts?.discord != null },
    { status },
  );
}

/** GET /auth/register (guests). */
export const showRegister: RouteHandler = (_req, res, deps) => renderRegister(res, deps);

/**
 * POST /auth/register: rate limits (per IP, per email) → field rules → password policy →
 * under the email's identity lock: uniqueness, argon2id hash, RegisterUser, wait for the users
 * read model (so the lookup row exists before the lock is released) → signed in.
 */
export const submitRegister: RouteHandler = async (req: Request, res: Response, deps) => {
  const accounts = accountsOf(deps);
  const parsed = registerForm.safeParse(req.body ?? {});
  if (!parsed.success) {
    backWithErrors(res, errorsOf(parsed.error));
    return;
  }
  const { email, displayName, password } = parsed.data;
  const emailHash = accounts.keyring.lookupHash('email', email);
  const [perIp, perAccount] = await Promise.all([
    accounts.limiter.hit(`register:ip:${clientIp(req)}`, accounts.limits.registerPerIp),
    accounts.limiter.hit(`register:account:${emailHash}`, accounts.limits.registerPerAccount),
  ]);
  if (!perIp.allowed || !perAccount.allowed) {
    await tooManyRequests(
      req,
      res,
      [perIp, perAccount],
      (status) => renderRegister(res, deps, status),
      'email',
    );
    return;
  }
  const problem = passwordProblem(password, { email });
  if (problem) {
    backWithErrors(res, { password: problem });
    return;
  }

  const userId = await withIdentityLock(deps.knex, emailHash, async () => {
    if (await findUserIdByEmailHash(deps.knex, emailHash)) return null;
    const passwordHash = await accounts.hasher.hash(password);
    const outcome = await registerUser(accounts.commandDeps(req), {
      email,
      displayName,
      passwordHash,
    });
    await accounts.settle(outcome.position, ['users']);
    return outcome.userId;
  });
  if (!userId) {
    backWithErrors(res, { email: EMAIL_TAKEN });
    return;
  }
  const user = await findSessionUser(deps.knex, userId);
  if (user) await signIn(req, user);
  res.inertia.flash({ success: 'Welcome to Pitwall! Your account is ready.' });
  res.inertia.redirect(user ? '/' : '/auth/login');
};
