import type { Request, Response } from 'express';
import { ZodError } from 'zod';
import { isDomainError } from '../../commands/core/errors.ts';
import type { CommandDeps } from '../../commands/core/handle-command.ts';
import {
  WrongExpectedVersionError,
  type EventStore,
  type Position,
} from '../../eventstore/port.ts';
import type { JobSystem } from '../../jobs/system.ts';
import { waitForProjections } from '../../projections/core/wait-for.ts';
import type { HttpDeps } from '../deps.ts';
import { CONCURRENT_WRITE_MESSAGE, HttpError, domainFormErrors, fieldErrors } from '../errors.ts';

/**
 * What the admin handlers (articles, sessions, dashboard) share: who the acting admin is,
 * the command dependencies of a request, and the bounded read-your-writes wait before a
 * redirect.
 */

/** Bounded: a slow projection delays a redirect by at most this; the page catches up after. */
export const SETTLE_TIMEOUT_MS = 3000;

/** The job system the process was started with; 503 when this web process has none. */
export function jobsOf(deps: HttpDeps): JobSystem {
  if (!deps.jobs) throw new HttpError(503, 'Background jobs are not available.');
  return deps.jobs;
}

export function eventStoreOf(deps: HttpDeps): EventStore {
  if (!deps.eventStore) throw new HttpError(503, 'The event store is not available.');
  return deps.eventStore;
}

/**
 * The signed-in admin's user id. The route table's `auth: 'admin'` already let only admins
 * through, so a missing user here is a wiring mistake, not a visitor's.
 */
export async function adminIdOf(req: Request, deps: HttpDeps): Promise<string> {
  const user = deps.resolveUser ? await deps.resolveUser(req) : null;
  if (!user) throw new Error('No signed-in user on an admin route');
  return user.id;
}

/**
 * Command dependencies for one admin request: the admin as actor, the request id as
 * correlation id, and the projections' wake-up after each append (a failed wake-up is logged
 * by the command handler; the safety poll catches up).
 */
export async function adminCommandDeps(
  req: Request,
  deps: HttpDeps,
): Promise<CommandDeps & { eventStore: EventStore }> {
  const actorId = await adminIdOf(req, deps);
  const jobs = deps.jobs ?? null;
  return {
    eventStore: eventStoreOf(deps),
    actor: { type: 'user', id: actorId },
    logger: deps.logger,
    ...(typeof req.id === 'string' ? { correlationId: req.id } : {}),
    ...(jobs ? { notifyAppended: (a) => jobs.notifyAppended(a.position, a.eventTypes) } : {}),
  };
}

/**
 * Read-your-writes: waits (at most SETTLE_TIMEOUT_MS) until the named projections have passed
 * `position`, so the page after the redirect shows the change. A timeout is logged, not thrown:
 * the change is committed and appears on a later visit.
 */
export async function settle(
  deps: HttpDeps,
  projections: readonly string[],
  position: Position | null,
): Promise<void> {
  if (position === null) return;
  const caughtUp = await waitForProjections(deps.knex, projections, position, {
    timeoutMs: SETTLE_TIMEOUT_MS,
  });
  if (!caughtUp) {
    deps.logger.warn(
      { projections, position },
      'projections did not catch up in time; the next page may lag',
    );
  }
}

/**
 * The form errors of a refusal: invalid input (ZodError), a command refused for its input or
 * the current state (DomainError `validation` / `conflict`), or a write that lost a race after
 * the handler's retries. Null for anything else (a 404, a bug), which must propagate.
 */
export function formErrorsOf(err: unknown): Record<string, string> | null {
  if (err instanceof ZodError) return fieldErrors(err);
  if (isDomainError(err) && err.kind !== 'not_found') return domainFormErrors(err);
  if (err instanceof WrongExpectedVersionError) return { _: CONCURRENT_WRITE_MESSAGE };
  return null;
}

/**
 * Runs a form submission; a refusal (see `formErrorsOf`) goes back to the form with
 * `props.errors` and nothing changed: to the page the request came from, else to `formPath`
 * (so the round trip works even when a browser sends no Referer).
 */
export async function submitForm(
  res: Response,
  formPath: string,
  submit: () => Promise<void>,
): Promise<void> {
  try {
    await submit();
  } catch (err) {
    const errors = formErrorsOf(err);
    if (!errors) throw err;
    res.inertia.back({ errors, fallback: formPath });
  }
}
