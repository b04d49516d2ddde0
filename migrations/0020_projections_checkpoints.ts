import type { Knex } from 'knex';

/**
 * One row per projection: where its live tables stand in the global log.
 *
 * `position` is the event store's opaque "<major>/<minor>" text (exclusive: the next read starts
 * after it); it is only ever compared for equality in SQL (compare-and-set) and ordered in code
 * with comparePositions. `version` 0 marks a projection whose first build is under way (code
 * versions start at 1), so a runner never applies to tables that do not exist yet.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE projection_checkpoints (
      name            text PRIMARY KEY,
      version         integer NOT NULL,
      position        text NOT NULL DEFAULT '0/0' CHECK (position ~ '^[0-9]+/[0-9]+$'),
      status          text NOT NULL DEFAULT 'idle'
                        CHECK (status IN ('running', 'rebuilding', 'failed', 'idle')),
      events_applied  bigint NOT NULL DEFAULT 0,
      failures        integer NOT NULL DEFAULT 0,
      last_error      text,
      last_error_at   timestamptz,
      rebuilt_at      timestamptz,
      updated_at      timestamptz NOT NULL DEFAULT now()
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS projection_checkpoints');
}
