import type { Knex } from 'knex';

/** Current password hash per user, outside the event log (src/commands/users/credentials.ts). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE user_credentials (
      user_id uuid PRIMARY KEY,
      password_hash text NOT NULL,
      updated_at timestamptz NOT NULL
    )
  `);
}
