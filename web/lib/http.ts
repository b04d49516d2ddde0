import ky, { HTTPError, type KyInstance, type NormalizedOptions } from 'ky';
import { readCookie } from './cookies.ts';

/**
 * The JSON client for /api calls (spec §7, §9): timeout 10 s; idempotent methods retried up to
 * twice on 408/413/429/500/502/503/504 with a backoff of 0.3 s doubling; every request carries
 * the CSRF token from the `XSRF-TOKEN` cookie in `X-XSRF-TOKEN`; an error status rejects with
 * an `HttpError` holding the status and the parsed body.
 *
 * Paths are relative to the prefix and must not start with a slash: `http.get('articles')`.
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const HTTP_TIMEOUT_MS = 10_000;
export const RETRY_LIMIT = 2;
export const RETRY_METHODS = ['get', 'put', 'head', 'delete', 'options', 'trace'];
export const RETRY_STATUS_CODES = [408, 413, 429, 500, 502, 503, 504];
/** No single wait ever exceeds this, whatever the limit is raised to. */
export const RETRY_BACKOFF_LIMIT_MS = 5_000;

/** Wait before retry number `attempt` (1-based), in ms: 300, 600, 1200, … */
export function retryDelay(attempt: number): number {
  return 0.3 * 2 ** (attempt - 1) * 1000;
}

/** A response with an error status. `body` is the parsed JSON, else the text, else null. */
export class HttpError<Body = unknown> extends HTTPError {
  readonly status: number;
  readonly body: Body;

  constructor(response: Response, request: Request, options: NormalizedOptions, body: Body) {
    super(response, request, options);
    this.name = 'HttpError';
    this.status = response.status;
    this.body = body;
  }
}

/** Parses a body as JSON when it says it is JSON (or looks like it), else returns the text. */
export async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export interface HttpClientOptions {
  /** Prefix joined to every relative path. Default `/api` (resolved against the page). */
  prefixUrl?: string;
  /** Source of the cookie string. Default: `document.cookie` in a browser, none elsewhere. */
  readCookies?: () => string;
  /** Replaces `fetch` (tests, SSR). */
  fetch?: typeof fetch;
}

const browserCookies = (): string => (typeof document === 'undefined' ? '' : document.cookie);

export function createHttp(options: HttpClientOptions = {}): KyInstance {
  const readCookies = options.readCookies ?? browserCookies;
  return ky.create({
    prefixUrl: options.prefixUrl ?? '/api',
    timeout: HTTP_TIMEOUT_MS,
    credentials: 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    retry: {
      limit: RETRY_LIMIT,
      methods: RETRY_METHODS,
      statusCodes: RETRY_STATUS_CODES,
      backoffLimit: RETRY_BACKOFF_LIMIT_MS,
      delay: retryDelay,
    },
    hooks: {
      beforeRequest: [
        (request) => {
          // Read on every request (retries included): the server may rotate the token.
          const token = readCookie(XSRF_COOKIE, readCookies());
          if (token !== null) request.headers.set(XSRF_HEADER, token);
        },
      ],
      beforeError: [
        async (error) => {
          const body = await parseBody(error.response.clone());
          return new HttpError(error.response, error.request, error.options, body);
        },
      ],
    },
  });
}

/** The app's client for `/api`. */
export const http: KyInstance = createHttp();
