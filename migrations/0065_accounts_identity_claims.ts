import type { Knex } from 'knex';

/**
 * Identity claims (src/commands/users/claims.ts): one row per email or Discord account in use,
 * keyed by its lookup HMAC, written by the command side in one statement before the append, so
 * uniqueness needs no lock held across the append. Backfilled from the users read model's
 * lookup tables when they exist (a database with accounts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE identity_claims (
      kind text NOT NULL CHECK (kind IN ('email', 'discord')),
      identity_hash text NOT NULL,
      user_id uuid NOT NULL,
      claimed_at timestamptz NOT NULL,
      PRIMARY KEY (kind, identity_hash)
    )
  `);
  await knex.raw('CREATE INDEX identity_claims_user ON identity_claims (user_id)');
  if (await knex.schema.hasTable('user_emails')) {
    await knex.raw(`
      INSERT INTO identity_claims (kind, identity_hash, user_id, claimed_at)
      SELECT 'email', email_hash, user_id, now() FROM user_emails
      ON CONFLICT DO NOTHING
    `);
  }
  if (await knex.schema.hasTable('user_discord_accounts')) {
    await knex.raw(`
      INSERT INTO identity_claims (kind, identity_hash, user_id, claimed_at)
      SELECT 'discord', discord_hash, user_id, now() FROM user_discord_accounts
      ON CONFLICT DO NOTHING
    `);
  }
}
