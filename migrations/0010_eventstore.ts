import type { Knex } from 'knex';

/**
 * The PostgreSQL event store (src/eventstore/postgres).
 *
 * - `es_streams` holds each stream's last revision; appends lock its row (UPDATE / INSERT … ON
 *   CONFLICT), which serialises writers of one stream and keeps revisions gapless.
 * - `es_events` is the log. The global order is (transaction_id, global_position): the writing
 *   transaction's xid8 first, then a sequence. Readers only return rows whose transaction_id is
 *   below `pg_snapshot_xmin(pg_current_snapshot())`, i.e. rows of transactions that have all
 *   finished, so a transaction that commits late can never land behind a reader (see
 *   docs/eventstore.md). The primary key is that order, so readAll is one index range scan.
 * - `event_id` is unique: idempotent appends are enforced by the index, not by hope.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE es_streams (
      stream_name text PRIMARY KEY,
      revision bigint NOT NULL CHECK (revision >= 0)
    )
  `);
  await knex.raw(`CREATE SEQUENCE es_events_global_position_seq AS bigint`);
  await knex.raw(`
    CREATE TABLE es_events (
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      global_position bigint NOT NULL DEFAULT nextval('es_events_global_position_seq'),
      stream_name text NOT NULL,
      revision bigint NOT NULL CHECK (revision >= 0),
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      schema_version integer NOT NULL DEFAULT 1 CHECK (schema_version >= 1),
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT es_events_pkey PRIMARY KEY (transaction_id, global_position),
      CONSTRAINT es_events_event_id_key UNIQUE (event_id),
      CONSTRAINT es_events_stream_revision_key UNIQUE (stream_name, revision)
    )
  `);
  await knex.raw(`ALTER SEQUENCE es_events_global_position_seq OWNED BY es_events.global_position`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS es_events');
  await knex.raw('DROP TABLE IF EXISTS es_streams');
}
