import type { Knex } from 'knex';

/**
 * Fixed-window rate-limit counters when Redis is not configured (src/http/auth/rate-limit.ts).
 * Keys hold no personal data: accounts are keyed by an HMAC of the email.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE UNLOGGED TABLE rate_limit_counters (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (key, window_start)
    )
  `);
  await knex.raw('CREATE INDEX rate_limit_counters_expiry ON rate_limit_counters (expires_at)');
}
