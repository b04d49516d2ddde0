import type { Knex } from 'knex';

/**
 * Password-reset tokens (src/http/auth/reset-tokens.ts): only the SHA-256 of the token is kept,
 * so a database reader cannot use a pending reset link.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE password_reset_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL
    )
  `);
  await knex.raw('CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id)');
}
