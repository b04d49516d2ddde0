import type { Knex } from 'knex';

/**
 * The iRacing OAuth token pair of the ingest account(s), shared by all processes
 * (src/ingest/client/token-store-postgres.ts). `account` is an opaque key derived from the client
 * id and a hash of the username, never the e-mail itself.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('iracing_oauth_tokens', (t) => {
    t.text('account').primary();
    t.text('access_token').notNullable();
    t.timestamp('access_expires_at', { useTz: true }).notNullable();
    t.text('refresh_token');
    t.timestamp('refresh_expires_at', { useTz: true });
    t.text('scope');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('iracing_oauth_tokens');
}
