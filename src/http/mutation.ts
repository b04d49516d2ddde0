import type { Request, Response } from 'express';
import { ZodError, type z } from 'zod';
import { isDomainError } from '../commands/core/errors.ts';
import type { CommandDeps } from '../commands/core/handle-command.ts';
import { WrongExpectedVersionError, type EventStore, type Position } from '../eventstore/port.ts';
import type { JobSystem } from '../jobs/system.ts';
import type { Logger } from '../logger.ts';
import { waitForProjections } from '../projections/core/wait-for.ts';
import type { AuthUser, FlashData } from '../../web/inertia/shared-props.ts';
import type { HttpDeps } from './deps.ts';
import { CONCURRENT_WRITE_MESSAGE, HttpError, fieldErrors, isApiRequest } from './errors.ts';
import type { RouteHandler } from './routing/types.ts';

/**
 * THE write path of the HTTP layer: every form and JSON mutation is a `mutation({...})`.
 *
 *   path params → authorize → body schema → command → read-your-writes wait → answer
 *
 * - an invalid path parameter names nothing: 404;
 * - `authorize` false: 403, before the body is read, so a request that may not change the thing
 *   is refused the same whatever its body (an invalid one included);
 * - an invalid body, a `refuse(...)`, a command refused for its input or the current state
 *   (DomainError validation/conflict) or a write that lost its race after the command's retries:
 *   back to the form with `props.errors` (303), nothing changed; on /api, 422 (409 for a lost
 *   race) JSON through the error handler;
 * - after the command, the answer waits until the read models the next page reads have passed
 *   the command's own position (its result's `position`), at most READ_YOUR_WRITES_MS; the
 *   answer is told whether they did (`visible`). A success flash is shown only when the change is
 *   visible: otherwise it becomes an `info` flash saying it may take a moment to appear;
 * - then a flash and a redirect (303 after a mutation; back to the form when no `redirect`) or,
 *   for /api, a JSON body.
 *
 * CSRF and the route's `auth` are checked before any handler runs (csrf.ts, routing/register.ts).
 */

/** `{field: message}`, the shape of `props.errors`; `_` is the form as a whole. */
export type FieldErrors = Record<string, string>;

/** What the success flash turns into when the read models have not caught up within the bound. */
export const NOT_VISIBLE_YET = 'It may take a moment to appear.';

/** Thrown by `refuse`: the form's errors; nothing was changed. */
export class FormRefusal extends Error {
  override readonly name = 'FormRefusal';
  constructor(readonly errors: FieldErrors) {
    super(Object.values(errors)[0] ?? 'The request was refused.');
  }
}

/** Ends a mutation with form errors (back to the form; 422 on /api). Nothing may be changed yet. */
export function refuse(errors: FieldErrors): never {
  throw new FormRefusal(errors);
}

/** What a command returns, as far as the write path is concerned. */
export interface Written {
  /** The global position of the command's last append; null when it appended nothing. */
  position: Position | null;
  /** false when the command decided there was nothing to change: nothing to wait for. */
  changed?: boolean;
}

export interface MutationContext<P, I> {
  req: Request;
  res: Response;
  deps: HttpDeps;
  /** The parsed path parameters (`{}` without a `params` schema). */
  params: P;
  /** The parsed body. */
  input: I;
  /** The signed-in user, if any (the route's `auth` decided whether there must be one). */
  user: AuthUser | null;
  /** The signed-in user's id; on a route with `auth: 'user' | 'admin'` there always is one. */
  userId: () => string;
  /**
   * Dependencies of a command run for this request: the signed-in user as actor, the request id
   * as correlation id, the projections woken after each append. 503 without an event store.
   */
  commandDeps: () => CommandDeps & { eventStore: EventStore; logger: Logger };
}

/** What `authorize` sees: the request before its body is read. */
export type AuthorizeContext<P> = Omit<MutationContext<P, never>, 'input'>;

/** How a mutation answers after its command. */
export type MutationAnswer =
  /** A page mutation: flash, then `redirect`, or back to the form (Referer, else `form`). */
  | { flash?: FlashData; redirect?: string }
  /** A JSON mutation (/api): the body and status (default 200). */
  | { json: unknown; status?: number };

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface MutationSpec<
  S extends z.ZodType | undefined,
  R extends Written,
  PS extends z.ZodType | undefined = undefined,
> {
  /** Path parameters. An invalid one names nothing: 404, nothing changed. */
  params?: PS;
  /** The request body; a failed parse goes back to the form with the field errors. None: not read. */
  input?: S;
  /** The form's page: where a refusal goes when the request has no same-origin Referer. Default '/'. */
  form?: string | ((params: Parsed<PS>) => string);
  /** The field a refusal without field errors is shown under. Default `_` (the whole form). */
  errorField?: string;
  /**
   * Permission beyond the route's `auth` (ownership, state): false answers 403. It runs before
   * the body is parsed (it sees the path parameters and the user, not `input`); a rule that
   * depends on the body is a `refuse(...)` in `run`.
   */
  authorize?: (ctx: AuthorizeContext<Parsed<PS>>) => boolean | Promise<boolean>;
  /** The command(s). Refuse with `refuse({...})`; a DomainError or a lost race is a refusal too. */
  run: (ctx: MutationContext<Parsed<PS>, Parsed<S>>) => Promise<R>;
  /** The read models the page after the answer reads (the wait is for these only). */
  projections: readonly string[];
  /** The answer; `visible` says whether those read models show the change yet. */
  answer: (
    result: R,
    ctx: MutationContext<Parsed<PS>, Parsed<S>> & { visible: boolean },
  ) => MutationAnswer | Promise<MutationAnswer>;
}

/**
 * The form errors of a refusal, or null for anything else (a 404, a bug), which must propagate.
 * A DomainError without field errors is shown under `errorField`.
 */
export function formErrorsOf(err: unknown, errorField = '_'): FieldErrors | null {
  if (err instanceof FormRefusal) return err.errors;
  if (err instanceof ZodError) return fieldErrors(err);
  if (isDomainError(err) && err.kind !== 'not_found') {
    return Object.keys(err.fieldErrors).length > 0
      ? { ...err.fieldErrors }
      : { [errorField]: err.message };
  }
  if (err instanceof WrongExpectedVersionError) return { [errorField]: CONCURRENT_WRITE_MESSAGE };
  return null;
}

/**
 * Read-your-writes: true once every one of `projections` has passed `position` (the position a
 * command returned), false when READ_YOUR_WRITES_MS passed first (logged; the change is
 * committed and appears when the projection gets to it).
 */
export async function projectionsVisible(
  deps: Pick<HttpDeps, 'config' | 'logger' | 'knex' | 'waitForProjections'>,
  projections: readonly string[],
  position: Position | null,
): Promise<boolean> {
  if (position === null || projections.length === 0) return true;
  const timeoutMs = deps.config.READ_YOUR_WRITES_MS;
  const caughtUp = deps.waitForProjections
    ? await deps.waitForProjections(projections, position, { timeoutMs })
    : await waitForProjections(deps.knex, projections, position, { timeoutMs });
  if (!caughtUp) {
    deps.logger.warn(
      { projections, position, timeoutMs },
      'projections did not catch up in time; the answer says the change may take a moment',
    );
  }
  return caughtUp;
}

/**
 * Command dependencies for one request: the signed-in user (if any) as actor, the request id as
 * correlation id, the projections' wake-up after each append (a failed wake-up is logged by the
 * command handler; the safety poll catches up).
 */
export function requestCommandDeps(
  req: Request,
  deps: {
    eventStore?: EventStore | undefined;
    logger: Logger;
    jobs?: Pick<JobSystem, 'notifyAppended'> | undefined;
  },
  user: Pick<AuthUser, 'id'> | null | undefined,
): CommandDeps & { eventStore: EventStore; logger: Logger } {
  if (!deps.eventStore) throw new HttpError(503, 'The event store is not available.');
  const jobs = deps.jobs;
  return {
    eventStore: deps.eventStore,
    logger: deps.logger,
    ...(user ? { actor: { type: 'user' as const, id: user.id } } : {}),
    ...(typeof req.id === 'string' ? { correlationId: req.id } : {}),
    ...(jobs ? { notifyAppended: (a) => jobs.notifyAppended(a.position, a.eventTypes) } : {}),
  };
}

/** A success flash is only said when it is true: a change not visible yet says so. */
function truthfulFlash(flash: FlashData | undefined, visible: boolean): FlashData | undefined {
  if (visible || typeof flash?.success !== 'string') return flash;
  const { success, ...rest } = flash;
  return { ...rest, info: `${success} ${NOT_VISIBLE_YET}` };
}

/** The route handler of one mutation (see the top of this file for what it guarantees). */
export function mutation<
  S extends z.ZodType | undefined,
  R extends Written,
  PS extends z.ZodType | undefined = undefined,
>(spec: MutationSpec<S, R, PS>): RouteHandler {
  return async (req, res, deps) => {
    const api = isApiRequest(req);
    let params = {} as Parsed<PS>;
    if (spec.params) {
      const parsed = spec.params.safeParse(req.params);
      if (!parsed.success) throw new HttpError(404, 'This page does not exist.');
      params = parsed.data as Parsed<PS>;
    }
    const form = typeof spec.form === 'function' ? spec.form(params) : spec.form;
    const back = (errors: FieldErrors) =>
      res.inertia.back({ errors, ...(form !== undefined ? { fallback: form } : {}) });

    const user = deps.resolveUser ? await deps.resolveUser(req) : null;
    const before: AuthorizeContext<Parsed<PS>> = {
      req,
      res,
      deps,
      params,
      user,
      userId: () => {
        if (!user) throw new Error('No signed-in user on a route that needs one');
        return user.id;
      },
      commandDeps: () => requestCommandDeps(req, deps, user),
    };
    if (spec.authorize && !(await spec.authorize(before))) {
      throw new HttpError(403, 'You may not change this.');
    }

    let input = {} as Parsed<S>;
    if (spec.input) {
      const body = spec.input.safeParse(req.body ?? {});
      if (!body.success) {
        if (api) throw body.error;
        back(fieldErrors(body.error));
        return;
      }
      input = body.data as Parsed<S>;
    }
    const ctx: MutationContext<Parsed<PS>, Parsed<S>> = { ...before, input };

    let result: R;
    try {
      result = await spec.run(ctx);
    } catch (err) {
      if (api && err instanceof FormRefusal) {
        res.status(422).json({
          error: 'validation_failed',
          message: err.message,
          fieldErrors: err.errors,
        });
        return;
      }
      const errors = api ? null : formErrorsOf(err, spec.errorField);
      if (!errors) throw err;
      back(errors);
      return;
    }

    const visible = await projectionsVisible(
      deps,
      spec.projections,
      result.changed === false ? null : result.position,
    );
    const answer = await spec.answer(result, { ...ctx, visible });
    if ('json' in answer) {
      res.status(answer.status ?? 200).json(answer.json);
      return;
    }
    const flash = truthfulFlash(answer.flash, visible);
    if (answer.redirect !== undefined) {
      if (flash) res.inertia.flash(flash);
      res.inertia.redirect(answer.redirect);
      return;
    }
    res.inertia.back({
      ...(flash ? { flash } : {}),
      ...(form !== undefined ? { fallback: form } : {}),
    });
  };
}
