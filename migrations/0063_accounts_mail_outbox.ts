import type { Knex } from 'knex';

/**
 * Outgoing mail (src/mail): every message is written here first; with SMTP_URL it is sent and
 * its row deleted, without SMTP it stays for the operator (and the log line has the link).
 * `user_id` lets an account deletion erase the mail sent to it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY,
      user_id uuid,
      recipient text NOT NULL,
      subject text NOT NULL,
      body_text text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'kept', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL
    )
  `);
  await knex.raw('CREATE INDEX mail_outbox_user ON mail_outbox (user_id)');
  await knex.raw('CREATE INDEX mail_outbox_created ON mail_outbox (created_at)');
}
