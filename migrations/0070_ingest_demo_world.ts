import type { Knex } from 'knex';

/**
 * Which deterministic demo world this database was seeded with (src/demo/racing-world.ts).
 * One row at most. Jobs that re-fetch demo data later (session replays) rebuild the SAME world
 * from it; `npm start` skips a seed that already completed with the same parameters.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE ingest_demo_world (
      id           smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      seed         integer NOT NULL,
      drivers      integer NOT NULL,
      status       text NOT NULL CHECK (status IN ('seeding', 'seeded')),
      started_at   timestamptz NOT NULL,
      finished_at  timestamptz,
      summary      jsonb
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS ingest_demo_world');
}
