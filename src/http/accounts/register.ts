import type { Request, Response } from 'express';
import { isDomainError } from '../../commands/core/errors.ts';
import { EMAIL_TAKEN_MESSAGE, registerUser } from '../../commands/users/handlers.ts';
import { findSessionUser, findUserIdByEmailHash } from '../../queries/users.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { signIn } from '../auth/session.ts';
import type { RouteHandler } from '../routing/types.ts';
import { accountsOf, backWithErrors, clientIp, errorsOf, tooManyRequests } from './respond.ts';
import { registerForm } from './schema.ts';

export const EMAIL_TAKEN = EMAIL_TAKEN_MESSAGE;
/** The account exists in the log but the users read model is behind (a stopped projection). */
export const NOT_READY_YET =
  'Your account was created, but the site is catching up. Try signing in in a minute.';

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
 * argon2id hash → RegisterUser (which claims the email: one statement, no lock held) → wait
 * for the users read model (read-your-writes) → signed in.
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

  // Hashed before any database work, and for a taken address too (the same cost either way).
  const passwordHash = await accounts.hasher.hash(password);
  if (await findUserIdByEmailHash(deps.knex, emailHash)) {
    backWithErrors(res, { email: EMAIL_TAKEN });
    return;
  }
  let userId: string;
  try {
    const outcome = await registerUser(accounts.commandDeps(req), {
      email,
      displayName,
      passwordHash,
    });
    userId = outcome.userId;
    await accounts.settle(outcome.position, ['users']);
  } catch (err) {
    if (isDomainError(err) && err.code === 'email_taken') {
      backWithErrors(res, { email: EMAIL_TAKEN });
      return;
    }
    throw err;
  }
  const user = await findSessionUser(deps.knex, userId);
  if (!user) {
    // Recorded, but the users read model has not caught up (docs/reliability.md): say so.
    res.inertia.flash({ error: NOT_READY_YET });
    res.inertia.redirect('/auth/login');
    return;
  }
  await signIn(req, user);
  res.inertia.flash({ success: 'Welcome to Pitwall! Your account is ready.' });
  res.inertia.redirect('/');
};
