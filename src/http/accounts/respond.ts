import type { Request, Response } from 'express';
import { appOrigin } from '../../config.ts';
import { ZodError } from 'zod';
import { isDomainError } from '../../commands/core/errors.ts';
import type { Accounts } from '../auth/accounts.ts';
import { addressKey } from '../auth/address.ts';
import type { Verdict } from '../auth/rate-limit.ts';
import type { HttpDeps } from '../deps.ts';
import { fieldErrors } from '../errors.ts';
import { stash } from '../inertia/session-state.ts';

/** The accounts area of these deps (the app creates it whenever there is an event store). */
export function accountsOf(deps: HttpDeps): Accounts {
  if (!deps.accounts) throw new Error('The accounts area is not configured (no event store)');
  return deps.accounts;
}

/** The signed-in user; the route table's `auth: 'user'` guarantees one. */
export function userIdOf(req: Request): string {
  if (!req.user) throw new Error('No signed-in user on a user route');
  return req.user.id;
}

/** Inertia validation round trip: back to the form with `props.errors`. Nothing was changed. */
export function backWithErrors(res: Response, errors: Record<string, string>): void {
  res.inertia.back({ errors });
}

/** Field errors of a failed parse or of a DomainError; rethrows anything else. */
export function errorsOf(err: unknown, fallbackField = '_'): Record<string, string> {
  if (err instanceof ZodError) return fieldErrors(err);
  if (isDomainError(err)) {
    return Object.keys(err.fieldErrors).length > 0
      ? { ...err.fieldErrors }
      : { [fallbackField]: err.message };
  }
  throw err;
}

/**
 * 429 for a rate-limited form: the Retry-After header, and the form's page again (status 429)
 * with the message under `field`, so the Inertia client shows it where the user looks.
 */
export async function tooManyRequests(
  req: Request,
  res: Response,
  verdicts: readonly Verdict[],
  render: (status: number) => Promise<void>,
  field: string,
): Promise<void> {
  const retryAfter = Math.max(
    ...verdicts.filter((v) => !v.allowed).map((v) => v.retryAfterSeconds),
    1,
  );
  const minutes = Math.ceil(retryAfter / 60);
  stash(req, {
    errors: {
      [field]: `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    },
  });
  res.set('Retry-After', String(retryAfter));
  await render(429);
}

/**
 * The rate-limit key of the request's client: its address (Express honours TRUST_PROXY for
 * X-Forwarded-For), an IPv6 address by its /64 (`addressKey`).
 */
export function clientIp(req: Request): string {
  return addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** Where links in mail point: the configured origin (appOrigin), never the request's Host. */
export function publicOrigin(deps: HttpDeps): string {
  return appOrigin(deps.config);
}
