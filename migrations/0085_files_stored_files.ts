import type { Knex } from 'knex';

/**
 * Uploaded files (src/files): setup files and team logos, stored in PostgreSQL as `bytea`
 * (docs/files.md). Not a read model: a projection rebuild never touches these rows; events
 * name a file by its id and checksum. `setup_downloads` counts downloads per setup (a counter,
 * not events: docs/community.md, "Setups").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE stored_files (
      id          uuid PRIMARY KEY,
      kind        text NOT NULL CHECK (kind IN ('setup', 'team_logo')),
      file_name   text NOT NULL,
      media_type  text NOT NULL,
      byte_size   integer NOT NULL CHECK (byte_size > 0),
      sha256      text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      content     bytea NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw(`
    CREATE TABLE setup_downloads (
      setup_id   uuid PRIMARY KEY,
      downloads  bigint NOT NULL DEFAULT 0
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS setup_downloads');
  await knex.raw('DROP TABLE IF EXISTS stored_files');
}
