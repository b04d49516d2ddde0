/** An OAuth token pair as persisted. Times are epoch milliseconds. */
export interface StoredToken {
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string | null;
  refreshExpiresAt: number | null;
  scope: string | null;
}

/**
 * Where tokens live between requests and processes.
 *
 * Guarantee required of every implementation: `exclusive` runs `renew` for one account at a time
 * across every process sharing the store, hands it the freshest stored token, and saves what it
 * returns before the next `renew` for that account starts. iRacing refresh tokens are single-use,
 * so two refreshers racing with the same refresh token would leave one of them logged out.
 * If `renew` throws, nothing is saved.
 */
export interface TokenStore {
  load(account: string): Promise<StoredToken | null>;
  exclusive(
    account: string,
    renew: (current: StoredToken | null) => Promise<StoredToken>,
  ): Promise<StoredToken>;
}

/** One process only (tests, the embedded default, the demo transport). */
export class MemoryTokenStore implements TokenStore {
  private readonly tokens = new Map<string, StoredToken>();
  private readonly tails = new Map<string, Promise<unknown>>();

  load(account: string): Promise<StoredToken | null> {
    return Promise.resolve(this.tokens.get(account) ?? null);
  }

  exclusive(
    account: string,
    renew: (current: StoredToken | null) => Promise<StoredToken>,
  ): Promise<StoredToken> {
    const previous = this.tails.get(account) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        const next = await renew(this.tokens.get(account) ?? null);
        this.tokens.set(account, next);
        return next;
      });
    this.tails.set(account, run);
    return run;
  }
}
