import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Clock, FetchLike } from './clock.ts';
import { IracingOAuthError } from './errors.ts';
import { maskSecret, normalizeIdentifier } from './masking.ts';
import type { StoredToken, TokenStore } from './token-store.ts';

/**
 * OAuth2 for a headless ingest account: the `password_limited` grant of iRacing's OAuth server
 * (POST {oauthUrl}/oauth2/token, form-encoded; client secret and password masked, see
 * masking.ts), then the `refresh_token` grant while the refresh token lives.
 *
 * Guarantees:
 *  - one renewal at a time per account: in-process single flight (concurrent callers share one
 *    promise) inside the store's cross-process exclusive section (Postgres advisory lock);
 *  - a renewal first re-reads the store: if another process already replaced the token this
 *    process saw rejected or expired, that token is used and no grant is spent;
 *  - a refresh token the server refuses (spent, expired, revoked) falls back to a fresh
 *    password_limited login, once.
 */

export interface OAuthCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** Space-separated scopes; the Data API needs `iracing.auth`. */
  scope?: string;
}

const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().positive().optional(),
  scope: z.string().optional(),
});

const OAuthErrorBody = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});

/** Renew this long before the stated expiry, so a token never expires in flight. */
const EXPIRY_MARGIN_MS = 60_000;

export class OAuthTokenProvider {
  readonly account: string;
  private readonly tokenUrl: string;
  private cached: StoredToken | null = null;
  private rejected: string | null = null;
  private inflight: Promise<StoredToken> | null = null;

  constructor(
    private readonly opts: {
      oauthUrl: string;
      credentials: OAuthCredentials;
      store: TokenStore;
      fetch: FetchLike;
      clock: Clock;
    },
  ) {
    this.tokenUrl = new URL('/oauth2/token', opts.oauthUrl).toString();
    this.account = tokenAccountKey(opts.credentials);
  }

  /** A usable access token: the cached one, the stored one, or a renewed one. */
  async accessToken(): Promise<string> {
    if (this.cached && this.isUsable(this.cached)) return this.cached.accessToken;
    if (!this.cached && !this.inflight) {
      const stored = await this.opts.store.load(this.account);
      if (stored && this.isUsable(stored)) {
        this.cached = stored;
        return stored.accessToken;
      }
    }
    this.inflight ??= this.renew().finally(() => {
      this.inflight = null;
    });
    const token = await this.inflight;
    return token.accessToken;
  }

  /**
   * The API refused `accessToken` (401): stop using it. The next `accessToken()` renews, unless
   * the store already holds a different, valid token.
   */
  invalidate(accessToken: string): void {
    this.rejected = accessToken;
  }

  private isUsable(token: StoredToken): boolean {
    return (
      token.accessToken !== this.rejected &&
      token.accessExpiresAt - EXPIRY_MARGIN_MS > this.opts.clock.now()
    );
  }

  private async renew(): Promise<StoredToken> {
    const token = await this.opts.store.exclusive(this.account, async (current) => {
      if (current && this.isUsable(current)) return current;
      const now = this.opts.clock.now();
      if (
        current?.refreshToken &&
        (current.refreshExpiresAt ?? Infinity) - EXPIRY_MARGIN_MS > now
      ) {
        try {
          return await this.grant({
            grant_type: 'refresh_token',
            refresh_token: current.refreshToken,
          });
        } catch (err) {
          if (!(err instanceof IracingOAuthError) || !isRefusedGrant(err)) throw err;
        }
      }
      return this.grant(this.passwordLimitedForm());
    });
    this.cached = token;
    return token;
  }

  private passwordLimitedForm(): Record<string, string> {
    const c = this.opts.credentials;
    return {
      grant_type: 'password_limited',
      username: c.username,
      password: maskSecret(c.password, c.username),
      scope: c.scope ?? 'iracing.auth',
    };
  }

  private async grant(fields: Record<string, string>): Promise<StoredToken> {
    const c = this.opts.credentials;
    const body = new URLSearchParams({
      ...fields,
      client_id: c.clientId,
      client_secret: maskSecret(c.clientSecret, c.clientId),
    });
    const issuedAt = this.opts.clock.now();
    let res: Response;
    try {
      res = await this.opts.fetch(this.tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: body.toString(),
      });
    } catch (cause) {
      throw new IracingOAuthError('network_error', {
        url: this.tokenUrl,
        description: String(cause),
      });
    }
    const text = await res.text();
    const json = safeJson(text);
    if (!res.ok) {
      const parsed = OAuthErrorBody.safeParse(json);
      throw new IracingOAuthError(parsed.success ? parsed.data.error : `http_${res.status}`, {
        url: this.tokenUrl,
        status: res.status,
        ...(parsed.success && parsed.data.error_description
          ? { description: parsed.data.error_description }
          : {}),
      });
    }
    const parsed = TokenResponse.safeParse(json);
    if (!parsed.success) {
      throw new IracingOAuthError('invalid_token_response', {
        url: this.tokenUrl,
        status: res.status,
      });
    }
    const t = parsed.data;
    return {
      accessToken: t.access_token,
      accessExpiresAt: issuedAt + t.expires_in * 1000,
      refreshToken: t.refresh_token ?? null,
      refreshExpiresAt:
        t.refresh_token && t.refresh_token_expires_in
          ? issuedAt + t.refresh_token_expires_in * 1000
          : null,
      scope: t.scope ?? null,
    };
  }
}

/** The store key of an account: client id plus a hash of the username (no e-mail in the table). */
export function tokenAccountKey(
  credentials: Pick<OAuthCredentials, 'clientId' | 'username'>,
): string {
  const user = createHash('sha256').update(normalizeIdentifier(credentials.username)).digest('hex');
  return `${credentials.clientId}:${user.slice(0, 32)}`;
}

/** 400/401 from the token endpoint: the grant itself was refused (e.g. invalid_grant). */
function isRefusedGrant(err: IracingOAuthError): boolean {
  return err.status === 400 || err.status === 401;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
