/**
 * Every failure the client surfaces is one of these, discriminated by `kind`; callers switch on
 * it (the ingest jobs retry `rate_limited`, `upstream` and `maintenance` later, and fail fast on
 * the rest). Messages never contain tokens, passwords or secrets.
 */
export type IracingErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden_or_missing'
  | 'maintenance'
  | 'rate_limited'
  | 'upstream'
  | 'invalid_payload'
  | 'oauth';

export abstract class IracingApiError extends Error {
  abstract readonly kind: IracingErrorKind;
  /** The request URL without its query string (signed links carry credentials there). */
  readonly url: string;
  readonly status: number | undefined;

  constructor(message: string, opts: { url: string; status?: number; cause?: unknown }) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.url = stripQuery(opts.url);
    this.status = opts.status;
  }
}

/** 400: the request was wrong; `apiMessage` is the API's own words (`message`, `note` or `error`). */
export class IracingBadRequestError extends IracingApiError {
  readonly kind = 'bad_request' as const;
  constructor(
    readonly apiMessage: string,
    opts: { url: string },
  ) {
    super(`iRacing rejected the request: ${apiMessage}`, { ...opts, status: 400 });
  }
}

/** 401 even after one token refresh. */
export class IracingUnauthorizedError extends IracingApiError {
  readonly kind = 'unauthorized' as const;
  constructor(opts: { url: string }) {
    super('iRacing answered 401 Unauthorized again after a token refresh', {
      ...opts,
      status: 401,
    });
  }
}

/** 403 / 404 and other 4xx the API does not document for /data. */
export class IracingForbiddenOrMissingError extends IracingApiError {
  readonly kind = 'forbidden_or_missing' as const;
  constructor(opts: { url: string; status: number; apiMessage?: string }) {
    super(`iRacing answered ${opts.status}${opts.apiMessage ? `: ${opts.apiMessage}` : ''}`, opts);
  }
}

/** 503 with `{"error": "Site Maintenance"}`: not retried, the site is down for a while. */
export class IracingMaintenanceError extends IracingApiError {
  readonly kind = 'maintenance' as const;
  constructor(
    readonly note: string,
    opts: { url: string },
  ) {
    super(`iRacing is in maintenance: ${note}`, { ...opts, status: 503 });
  }
}

/** 429 (or the plain-text "Rate limit exceeded" answer) after the retries were used up. */
export class IracingRateLimitError extends IracingApiError {
  readonly kind = 'rate_limited' as const;
  constructor(
    readonly resetAt: number | undefined,
    opts: { url: string; status: number },
  ) {
    super('iRacing rate limit exceeded', opts);
  }
}

/**
 * 5xx after the retries, a network failure, or a body that is not what the API speaks (the
 * CloudFront HTML error page is kept as text in `bodySnippet`, never parsed as JSON).
 */
export class IracingUpstreamError extends IracingApiError {
  readonly kind = 'upstream' as const;
  constructor(
    message: string,
    readonly details: {
      url: string;
      status?: number;
      contentType?: string;
      bodySnippet?: string;
      cause?: unknown;
    },
  ) {
    super(message, details);
  }
}

/** The body parsed, but not into the expected schema (or a chunk was not an array). */
export class IracingPayloadError extends IracingApiError {
  readonly kind = 'invalid_payload' as const;
  constructor(
    message: string,
    readonly issues: readonly { path: PropertyKey[]; message: string }[],
    opts: { url: string },
  ) {
    super(message, opts);
  }
}

/** The OAuth token endpoint refused or failed (`error` is the OAuth error code when given). */
export class IracingOAuthError extends IracingApiError {
  readonly kind = 'oauth' as const;
  constructor(
    readonly error: string,
    opts: { url: string; status?: number; description?: string },
  ) {
    super(
      `iRacing OAuth token request failed: ${error}${opts.description ? ` (${opts.description})` : ''}`,
      opts,
    );
  }
}

export type IracingError =
  | IracingBadRequestError
  | IracingUnauthorizedError
  | IracingForbiddenOrMissingError
  | IracingMaintenanceError
  | IracingRateLimitError
  | IracingUpstreamError
  | IracingPayloadError
  | IracingOAuthError;

export function isIracingError(err: unknown): err is IracingError {
  return err instanceof IracingApiError;
}

function stripQuery(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
