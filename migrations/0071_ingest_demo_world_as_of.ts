import type { Knex } from 'knex';

/**
 * The day a demo world's "now" is anchored to (src/demo/racing-world.ts, `demoCalendarAt`):
 * the first seed records today, restarts and replays rebuild the world of that day. Null for
 * the fixed calendar.
 */
export async function up(knex: Knex): Promise<void> {
  // text, not date: the day is a key of the world and must come back exactly as written.
  await knex.raw(`ALTER TABLE ingest_demo_world ADD COLUMN as_of text
    CHECK (as_of IS NULL OR as_of ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE ingest_demo_world DROP COLUMN IF EXISTS as_of');
}
