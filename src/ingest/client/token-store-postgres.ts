import type { Knex } from '../../db/knex.ts';
import type { StoredToken, TokenStore } from './token-store.ts';

/** Table of migration 0040_ingest_iracing_oauth_tokens. */
export const IRACING_OAUTH_TOKENS_TABLE = 'iracing_oauth_tokens';

interface TokenRow {
  account: string;
  access_token: string;
  access_expires_at: Date;
  refresh_token: string | null;
  refresh_expires_at: Date | null;
  scope: string | null;
}

/**
 * Tokens in PostgreSQL, shared by every web and worker process.
 *
 * `exclusive` holds a transaction-scoped advisory lock keyed by the account for the whole renewal
 * (token endpoint call included) and writes the new pair in the same transaction, so a second
 * process waiting on the lock reads the pair the first one saved instead of replaying the
 * now-spent refresh token. A crash mid-renewal rolls back: the old pair stays, and a refresh with
 * a token the server already consumed falls back to the password grant (see oauth.ts).
 */
export class PostgresTokenStore implements TokenStore {
  constructor(private readonly knex: Knex) {}

  async load(account: string): Promise<StoredToken | null> {
    const row = await this.knex<TokenRow>(IRACING_OAUTH_TOKENS_TABLE).where({ account }).first();
    return row ? fromRow(row) : null;
  }

  async exclusive(
    account: string,
    renew: (current: StoredToken | null) => Promise<StoredToken>,
  ): Promise<StoredToken> {
    return this.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [
        `pitwall:iracing-oauth:${account}`,
      ]);
      const row = await trx<TokenRow>(IRACING_OAUTH_TOKENS_TABLE).where({ account }).first();
      const current = row ? fromRow(row) : null;
      const next = await renew(current);
      if (next !== current) {
        await trx(IRACING_OAUTH_TOKENS_TABLE)
          .insert({ account, ...toColumns(next), updated_at: trx.fn.now() })
          .onConflict('account')
          .merge();
      }
      return next;
    });
  }
}

function fromRow(row: TokenRow): StoredToken {
  return {
    accessToken: row.access_token,
    accessExpiresAt: new Date(row.access_expires_at).getTime(),
    refreshToken: row.refresh_token,
    refreshExpiresAt: row.refresh_expires_at ? new Date(row.refresh_expires_at).getTime() : null,
    scope: row.scope,
  };
}

function toColumns(token: StoredToken): Omit<TokenRow, 'account'> {
  return {
    access_token: token.accessToken,
    access_expires_at: new Date(token.accessExpiresAt),
    refresh_token: token.refreshToken,
    refresh_expires_at: token.refreshExpiresAt === null ? null : new Date(token.refreshExpiresAt),
    scope: token.scope,
  };
}
