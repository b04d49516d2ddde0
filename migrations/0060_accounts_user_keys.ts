import type { Knex } from 'knex';

/**
 * Per-user data keys (src/events/user-pii.ts), wrapped under the PII master key, which never
 * enters the database. Deleting a row crypto-shreds every personal field of that user's events.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE user_keys (
      user_id uuid PRIMARY KEY,
      wrapped_key text NOT NULL,
      master_key_id text NOT NULL,
      created_at timestamptz NOT NULL
    )
  `);
}
