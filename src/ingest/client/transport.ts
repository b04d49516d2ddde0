import type { Clock, FetchLike } from './clock.ts';
import {
  IracingBadRequestError,
  IracingForbiddenOrMissingError,
  IracingMaintenanceError,
  IracingRateLimitError,
  IracingUnauthorizedError,
  IracingUpstreamError,
} from './errors.ts';
import { RateLimitState } from './rate-limit.ts';

/**
 * One HTTP GET with the client's failure policy; everything above it sees either a 2xx answer
 * (body as text) or a typed error.
 *
 *  - 429, or the plain-text "Rate limit exceeded" body: wait until X-RateLimit-Reset (else
 *    Retry-After, else exponential backoff) and retry;
 *  - before any Data API request, when the last answer said X-RateLimit-Remaining: 0, wait until
 *    its reset time;
 *  - 5xx and network failures: exponential backoff with jitter, up to `maxAttempts`; then
 *    IracingUpstreamError carrying status, content type and the start of the body (the CloudFront
 *    504 HTML page stays text, nothing tries to parse it as JSON);
 *  - 503 `{"error":"Site Maintenance"}`: IracingMaintenanceError at once (retrying is pointless);
 *  - 401 on an authorised request: invalidate the token, renew, retry once; a second 401 is an
 *    IracingUnauthorizedError;
 *  - 400: IracingBadRequestError with the API's message — except a 400 whose body is a `link`
 *    envelope, which is passed on as success and reported through `onAnomaly` (recorded in
 *    fixture GetSeasonResultsSuccessfulAsync);
 *  - other 4xx: IracingForbiddenOrMissingError.
 */

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A rate-limit wait longer than this fails with IracingRateLimitError instead of sleeping. */
  maxRateLimitWaitMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRateLimitWaitMs: 15 * 60_000,
};

export interface AccessTokenSource {
  accessToken(): Promise<string>;
  invalidate(accessToken: string): void;
}

export interface Answer {
  url: string;
  status: number;
  headers: Headers;
  contentType: string;
  body: string;
}

export type Anomaly = { kind: 'link_with_status'; url: string; status: number };

export interface TransportDeps {
  fetch: FetchLike;
  clock: Clock;
  tokens: AccessTokenSource;
  retry: RetryPolicy;
  /** In [0, 1); jitter multiplies each backoff by 0.5 + random()/2. */
  random: () => number;
  onAnomaly: (anomaly: Anomaly) => void;
}

const RATE_LIMIT_TEXT = 'rate limit exceeded';

export class Transport {
  readonly rateLimit = new RateLimitState();

  constructor(private readonly deps: TransportDeps) {}

  /** A Data API request, with `Authorization: Bearer`. */
  getAuthorized(url: string): Promise<Answer> {
    return this.send(url, true);
  }

  /** A signed link, chunk or CSV export: sent WITHOUT the Authorization header. */
  getUnauthenticated(url: string): Promise<Answer> {
    return this.send(url, false);
  }

  private async send(url: string, authorized: boolean): Promise<Answer> {
    const { clock, retry } = this.deps;
    let renewedAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      if (authorized) await this.waitForRateLimitWindow(url);
      const token = authorized ? await this.deps.tokens.accessToken() : undefined;
      let res: Response;
      try {
        res = await this.deps.fetch(url, {
          method: 'GET',
          headers: token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : {},
        });
      } catch (cause) {
        if (attempt < retry.maxAttempts) {
          await clock.sleep(this.backoff(attempt));
          continue;
        }
        throw new IracingUpstreamError('network failure talking to iRacing', { url, cause });
      }
      if (authorized) this.rateLimit.observe(res.headers);
      const answer: Answer = {
        url,
        status: res.status,
        headers: res.headers,
        contentType: res.headers.get('content-type') ?? '',
        body: await res.text(),
      };

      if (res.status === 401 && token) {
        if (renewedAfter401) throw new IracingUnauthorizedError({ url });
        renewedAfter401 = true;
        this.deps.tokens.invalidate(token);
        attempt--; // the renewal retry is not a failure attempt
        continue;
      }
      if (res.status === 429 || answer.body.trim().toLowerCase() === RATE_LIMIT_TEXT) {
        const resetAt = this.rateLimit.current().resetAt;
        const wait = this.rateLimitWait(answer, attempt);
        if (attempt >= retry.maxAttempts || wait > retry.maxRateLimitWaitMs) {
          throw new IracingRateLimitError(resetAt, { url, status: res.status });
        }
        await clock.sleep(wait);
        this.rateLimit.windowElapsed();
        continue;
      }
      if (res.status === 503 && maintenanceNote(answer.body) !== undefined) {
        throw new IracingMaintenanceError(maintenanceNote(answer.body) ?? 'maintenance', { url });
      }
      if (res.status >= 500) {
        if (attempt < retry.maxAttempts) {
          await clock.sleep(this.backoff(attempt));
          continue;
        }
        throw new IracingUpstreamError(`iRacing answered ${res.status} ${res.statusText}`.trim(), {
          url,
          status: res.status,
          contentType: answer.contentType,
          bodySnippet: answer.body.slice(0, 500),
        });
      }
      if (res.status === 400) {
        if (isLinkEnvelope(answer.body)) {
          this.deps.onAnomaly({ kind: 'link_with_status', url, status: 400 });
          return answer;
        }
        throw new IracingBadRequestError(apiMessage(answer.body) ?? 'Bad Request', { url });
      }
      if (res.status >= 300) {
        const message = apiMessage(answer.body);
        throw new IracingForbiddenOrMissingError({
          url,
          status: res.status,
          ...(message ? { apiMessage: message } : {}),
        });
      }
      return answer;
    }
  }

  private async waitForRateLimitWindow(url: string): Promise<void> {
    const wait = this.rateLimit.waitBeforeNextRequest(this.deps.clock.now());
    if (wait <= 0) return;
    if (wait > this.deps.retry.maxRateLimitWaitMs) {
      throw new IracingRateLimitError(this.rateLimit.current().resetAt, { url, status: 429 });
    }
    await this.deps.clock.sleep(wait);
    this.rateLimit.windowElapsed();
  }

  private rateLimitWait(answer: Answer, attempt: number): number {
    const resetAt = headerInt(answer.headers, 'x-ratelimit-reset');
    if (resetAt !== undefined) {
      const untilReset = resetAt * 1000 - this.deps.clock.now();
      if (untilReset > 0) return untilReset;
    }
    const retryAfter = headerInt(answer.headers, 'retry-after');
    if (retryAfter !== undefined && retryAfter > 0) return retryAfter * 1000;
    return this.backoff(attempt);
  }

  private backoff(attempt: number): number {
    const { baseDelayMs, maxDelayMs } = this.deps.retry;
    const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return Math.round(exponential * (0.5 + this.deps.random() / 2));
  }
}

function headerInt(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null) return undefined;
  const value = Number(raw.trim());
  return Number.isFinite(value) ? value : undefined;
}

function parseObject(body: string): Record<string, unknown> | undefined {
  const trimmed = body.trimStart();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(trimmed) as unknown;
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function maintenanceNote(body: string): string | undefined {
  const obj = parseObject(body);
  const error = typeof obj?.error === 'string' ? obj.error : '';
  if (!/maintenance/i.test(error)) return undefined;
  return typeof obj?.note === 'string' ? obj.note : error;
}

function apiMessage(body: string): string | undefined {
  const obj = parseObject(body);
  for (const key of ['message', 'note', 'error']) {
    const value = obj?.[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

function isLinkEnvelope(body: string): boolean {
  const link = parseObject(body)?.link;
  return typeof link === 'string' && /^https?:\/\//.test(link);
}
