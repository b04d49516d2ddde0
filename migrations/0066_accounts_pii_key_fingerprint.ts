import type { Knex } from 'knex';

/**
 * The fingerprint (not the key) of the personal-data master key this database's data keys are
 * wrapped under, recorded by the first process that starts (src/events/pii-key-check.ts). A
 * process holding another key refuses to start instead of writing rows nobody else can open.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE pii_key_fingerprint (
      id smallint PRIMARY KEY CHECK (id = 1),
      fingerprint text NOT NULL,
      recorded_at timestamptz NOT NULL
    )
  `);
}
