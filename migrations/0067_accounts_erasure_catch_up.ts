import type { Knex } from 'knex';

/**
 * The record that the account_erasure processor's history is done: deletions appended before
 * the processor's checkpoint were searched in the log and erased once
 * (src/commands/users/erasure.ts, `finishErasuresBeforeProcessor`). One row; a worker that
 * finds it skips the search.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE account_erasure_catch_up (
      id smallint PRIMARY KEY CHECK (id = 1),
      through text NOT NULL,
      deletions integer NOT NULL,
      completed_at timestamptz NOT NULL
    )
  `);
}
