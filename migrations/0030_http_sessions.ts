import type { Knex } from 'knex';

/** express-session rows (connect-pg-simple's layout), so sessions survive restarts. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE http_sessions (
      sid varchar NOT NULL PRIMARY KEY,
      sess json NOT NULL,
      expire timestamp(6) NOT NULL
    )
  `);
  await knex.raw('CREATE INDEX http_sessions_expire ON http_sessions (expire)');
}
