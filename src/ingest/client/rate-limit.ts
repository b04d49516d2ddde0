/**
 * The Data API's rate-limit headers, as last seen: X-RateLimit-Limit, X-RateLimit-Remaining and
 * X-RateLimit-Reset (epoch seconds when the window refills). Shared by every request of a client,
 * so once `remaining` hits 0 no request leaves before the reset time.
 */
export interface RateLimitStatus {
  limit: number | undefined;
  remaining: number | undefined;
  /** Epoch milliseconds. */
  resetAt: number | undefined;
}

export class RateLimitState {
  private status: RateLimitStatus = { limit: undefined, remaining: undefined, resetAt: undefined };

  /** Records the headers of a Data API answer; answers without them (S3 links) change nothing. */
  observe(headers: Headers): void {
    const remaining = intHeader(headers, 'x-ratelimit-remaining');
    const reset = intHeader(headers, 'x-ratelimit-reset');
    const limit = intHeader(headers, 'x-ratelimit-limit');
    if (remaining === undefined && reset === undefined && limit === undefined) return;
    this.status = {
      limit: limit ?? this.status.limit,
      remaining: remaining ?? this.status.remaining,
      resetAt: reset === undefined ? this.status.resetAt : reset * 1000,
    };
  }

  /** Milliseconds to wait before the next request: until the reset when the window is used up. */
  waitBeforeNextRequest(now: number): number {
    const { remaining, resetAt } = this.status;
    if (remaining === undefined || remaining > 0 || resetAt === undefined) return 0;
    return Math.max(0, resetAt - now);
  }

  /** After waiting out a window, forget the exhausted count (the next answer reports the new one). */
  windowElapsed(): void {
    this.status = { ...this.status, remaining: undefined };
  }

  current(): RateLimitStatus {
    return { ...this.status };
  }
}

function intHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null) return undefined;
  const value = Number(raw.trim());
  return Number.isFinite(value) ? value : undefined;
}
