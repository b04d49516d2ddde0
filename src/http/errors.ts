import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import {
  httpStatusForDomainError,
  isDomainError,
  type DomainError,
} from '../commands/core/errors.ts';
import { WrongExpectedVersionError } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import {
  describeVersionGaps,
  type VersionGap,
  type VersionWatch,
} from '../projections/core/versions.ts';

/** An error with an HTTP status; its message is shown to the user (keep it free of internals). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = codeForStatus(status),
    readonly issues?: unknown,
  ) {
    super(message);
  }
}

/**
 * A part the request needs (the database, Redis) cannot be reached right now: 503 with
 * Retry-After, a message that says so, nothing changed. `part` is for the log only.
 */
export class ServiceUnavailableError extends HttpError {
  constructor(
    readonly part: string,
    override readonly cause?: unknown,
  ) {
    super(
      503,
      'Pitwall is briefly unavailable. Nothing was changed; try again in a moment.',
      'service_unavailable',
    );
  }
}

/** Seconds a 503 asks the client to wait. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * A request failed while read models this code reads are built at another version (a version
 * change's rebuild not swapped in yet, or swapped in for a newer release) or are in their first
 * build: 503 with Retry-After instead of 500 (docs/projections.md, "Readiness"). Decided from
 * the checkpoints, whatever the error says.
 */
export class ReadModelsUpdatingError extends HttpError {
  constructor(
    readonly gaps: readonly VersionGap[],
    override readonly cause: unknown,
  ) {
    super(
      503,
      'Pitwall is being updated and this page is not ready yet. Try again in a minute.',
      'service_unavailable',
    );
  }
}

/** Seconds a 503 during a version change asks the client to wait (a rebuild takes minutes). */
export const UPDATING_RETRY_AFTER_SECONDS = 30;

/** Connection-level failures of PostgreSQL (server down, restarting, unreachable, pool starved). */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|Timeout acquiring a connection|Client has encountered a connection error|connect ECONNREFUSED|Connection is closed|terminating connection/i;

/** Whether `err` (or what it wraps) says the database is unreachable rather than a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, name, errors } = e as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof message === 'string' && DATABASE_DOWN_MESSAGES.test(message)) return true;
    // AggregateError of a dual-stack connect (127.0.0.1 and ::1 both refused).
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 413:
      return 'payload_too_large';
    case 419:
      return 'csrf_token_mismatch';
    case 422:
      return 'validation_failed';
    case 429:
      return 'too_many_requests';
    case 501:
      return 'not_implemented';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'server_error' : 'error';
  }
}

/** JSON API requests get JSON errors; everything else gets an Inertia error page. */
export function isApiRequest(req: Request): boolean {
  return req.path === '/api' || req.path.startsWith('/api/');
}

/** `{field: message}` from a ZodError, first message per field (the shape of props.errors). */
export function fieldErrors(err: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of err.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    out[field] ??= issue.message;
  }
  return out;
}

export interface ErrorBody {
  error: string;
  message: string;
  issues?: unknown;
}

export function sendJsonError(res: Response, status: number, body: ErrorBody): void {
  res.status(status).json(body);
}

/**
 * The page for an error status (status kept on Inertia requests, so the client shows the page
 * and `router.on('httpException')` sees the real status). Error pages never carry error
 * details; the 500 page shows the request id so a report can be matched to the log.
 */
export async function renderErrorPage(req: Request, status: number): Promise<void> {
  const inertia = req.inertia;
  if (status === 404) return inertia.render('Public/NotFound', {}, { status });
  if (status === 419) return inertia.render('Public/PageExpired', {}, { status });
  if (status === 401 || status === 403) return inertia.render('Public/Forbidden', {}, { status });
  const requestId = req.id ?? null;
  return inertia.render('Public/ServerError', { requestId }, { status });
}

export const notFound: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, 'This page does not exist.'));
};

/** The message a form shows for a write that lost a race (the handler's retries ran out). */
export const CONCURRENT_WRITE_MESSAGE =
  'Someone else changed this at the same moment. Nothing was saved; reload and try again.';

/**
 * Form errors of a refused command: its field errors, or its message under `_` (the form-level
 * key, as `fieldErrors` uses for root issues).
 */
export function domainFormErrors(err: DomainError): Record<string, string> {
  return Object.keys(err.fieldErrors).length > 0 ? { ...err.fieldErrors } : { _: err.message };
}

/**
 * A DomainError or a surviving WrongExpectedVersionError, answered by kind:
 *  - /api: the status of `httpStatusForDomainError` (422/404/409) with `{error: code, message,
 *    fieldErrors}`; a lost race is 409 `concurrent_write`;
 *  - a page mutation (Inertia or a plain form), validation or conflict: back to the form with
 *    `props.errors` (the Inertia round trip; nothing was changed), never a 4xx page;
 *  - anything else (not found, or a refusal on a GET): handled as an HttpError of that status.
 * Returns true when it answered, the HttpError to answer with instead, or null for other errors.
 */
function answerCommandError(err: unknown, req: Request, res: Response): HttpError | true | null {
  const lostRace = err instanceof WrongExpectedVersionError;
  if (!lostRace && !isDomainError(err)) return null;
  const status = lostRace ? 409 : httpStatusForDomainError[err.kind];
  const code = lostRace ? 'concurrent_write' : err.code;
  const message = lostRace ? CONCURRENT_WRITE_MESSAGE : err.message;
  if (isApiRequest(req)) {
    res.status(status).json({
      error: code,
      message,
      ...(lostRace ? {} : { fieldErrors: err.fieldErrors }),
    });
    return true;
  }
  if (req.method !== 'GET' && req.inertia && status !== 404) {
    req.inertia.back({ errors: lostRace ? { _: message } : domainFormErrors(err) });
    return true;
  }
  return new HttpError(status, message, code);
}

function statusOf(err: unknown): number {
  if (err instanceof HttpError) return err.status;
  const candidate = (err as { status?: unknown; statusCode?: unknown } | null) ?? {};
  const status = typeof candidate.status === 'number' ? candidate.status : candidate.statusCode;
  // Only trust 4xx statuses set by libraries (body-parser: 400/413/415); anything else is ours.
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}

/**
 * The last middleware. Guarantees: a 5xx never shows a stack trace or an internal message in
 * production (the log has them, with the request id); a ZodError from a page mutation becomes
 * the Inertia validation round-trip (redirect back, errors flashed) and a 422 JSON for /api;
 * a refused command (DomainError) and a lost write race are mapped by `answerCommandError`.
 * With `versions`, an error that would be a 500 is a 503 with Retry-After while a projection
 * of the process has a checkpoint at another version than the code's, or at version 0 (a first
 * build) (ReadModelsUpdatingError); it is logged as an error all the same, so a bug met in that
 * window is still seen.
 */
export function errorHandler(opts: {
  logger: Logger;
  production: boolean;
  versions?: Pick<VersionWatch, 'gaps'> | undefined;
}): ErrorRequestHandler {
  return (thrown: unknown, req, res, next) => {
    if (res.headersSent) {
      next(thrown);
      return;
    }
    const answered = answerCommandError(thrown, req, res);
    if (answered === true) return;
    const classified =
      answered ??
      (!(thrown instanceof HttpError) && isDatabaseUnavailable(thrown)
        ? new ServiceUnavailableError('database', thrown)
        : thrown);
    let err = classified;
    void (async () => {
      if (
        opts.versions &&
        !(classified instanceof HttpError) &&
        !(classified instanceof ZodError) &&
        statusOf(classified) >= 500
      ) {
        // A projection never built at all is a database no worker has run on, not a window.
        const gaps = (await opts.versions.gaps().catch(() => [])).filter(
          (g) => g.reason !== 'not-built',
        );
        if (gaps.length > 0) err = new ReadModelsUpdatingError(gaps, classified);
      }
      if (err instanceof ZodError) {
        if (isApiRequest(req)) {
          sendJsonError(res, 422, {
            error: 'validation_failed',
            message: 'The request is invalid.',
            issues: err.issues,
          });
          return;
        }
        if (req.method !== 'GET' && req.inertia) {
          req.inertia.back({ errors: fieldErrors(err) });
          return;
        }
      }
      const status = statusOf(err);
      if (err instanceof ServiceUnavailableError) {
        // The outage is logged by the part that saw it; one short line per request here.
        opts.logger.warn(
          {
            reqId: req.id,
            part: err.part,
            cause: String((err.cause as Error | undefined)?.message ?? err.cause),
          },
          'answered 503: a dependency is unavailable',
        );
        res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      } else if (err instanceof ReadModelsUpdatingError) {
        opts.logger.error(
          {
            err: err.cause,
            reqId: req.id,
            notAtCodeVersion: describeVersionGaps(err.gaps),
          },
          'request failed while read models are not at the code version; answered 503',
        );
        res.setHeader('Retry-After', String(UPDATING_RETRY_AFTER_SECONDS));
      } else if (status >= 500) opts.logger.error({ err, reqId: req.id }, 'request failed');
      const exposed =
        err instanceof HttpError
          ? err.message
          : status < 500 && err instanceof Error
            ? err.message
            : null;
      const message =
        status >= 500 && !(err instanceof ServiceUnavailableError)
          ? opts.production
            ? null
            : err instanceof Error
              ? err.message
              : String(err)
          : exposed;
      if (isApiRequest(req) || !req.inertia) {
        sendJsonError(res, status, {
          error: err instanceof HttpError ? err.code : codeForStatus(status),
          message:
            message ?? (status >= 500 ? 'Something went wrong on our side.' : 'Request failed.'),
          ...(err instanceof HttpError && err.issues !== undefined ? { issues: err.issues } : {}),
        });
        return;
      }
      await renderErrorPage(req, status);
    })().catch((renderErr: unknown) => {
      if (
        !res.headersSent &&
        (err instanceof ServiceUnavailableError || err instanceof ReadModelsUpdatingError)
      ) {
        // The page needs what is down or not built yet (the signed-in user, the session): plain
        // text, same status.
        res.status(503).type('text').send(err.message);
        return;
      }
      opts.logger.error({ err: renderErr }, 'error page failed to render');
      if (!res.headersSent) res.status(500).type('text').send('Internal Server Error');
    });
  };
}
