import type { QueryArrayConfig, QueryConfig } from 'pg';
import {
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../port.ts';

/**
 * The SQL of the PostgreSQL adapter (schema: migrations/0010_eventstore.ts). Every statement is a
 * named prepared statement: parsed and planned once per connection.
 *
 * The global order is (transaction_id, global_position) — the REAL columns, in the primary key's
 * order. Readers only see rows with transaction_id < pg_snapshot_xmin(pg_current_snapshot()): every
 * transaction below that bound has finished, and every transaction still running (or not yet
 * started) has an xid at or above it, so no row can later appear behind a position a reader has
 * passed. All parts of one statement share one snapshot, so a page and its head agree.
 */

export const EVENTS_TABLE = 'es_events';
export const STREAMS_TABLE = 'es_streams';
export const EVENT_ID_CONSTRAINT = 'es_events_event_id_key';

export const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
// readStream's columns, in array row mode: their ORDER is the slot order of EventTuple.
// recorded_at travels as epoch milliseconds: `new Date(ms)` costs a fraction of parsing the
// timestamptz text. date_part (float8) rather than extract (numeric since PostgreSQL 14): no
// numeric arithmetic per row; a float8 holds epoch microseconds exactly enough for a Date's
// milliseconds. global_position travels as text: it only ever becomes part of the position string.
// (readAll aggregates its pages instead: read-all.ts.)
export const COLUMNS = [
  'transaction_id',
  'global_position::text AS global_position_text',
  'stream_name',
  'revision',
  'event_id',
  'event_type',
  'schema_version',
  'data',
  'metadata',
  "date_part('epoch', recorded_at) * 1000 AS recorded_at_ms",
].join(', ');

/**
 * Advisory-lock class of stream locks (two-int form, so it cannot collide with single-bigint
 * advisory locks of other modules).
 */
export const STREAM_LOCK_CLASS = 0x45530001;

/**
 * Updates the stream row and computes the new last revision; returns no row on a mismatch.
 * Every variant reads from the `lock` CTE, so the stream's advisory lock is held BEFORE the first
 * write — and the first write is what assigns the transaction id. Writers of one stream thus get
 * their transaction ids in revision order (a writer that waited on the row lock itself would
 * already hold an id, and the row lock's queue is not FIFO), so the global order always agrees
 * with every stream's own order.
 */
function updateStream(expected: ExpectedRevision): { name: string; sql: string } {
  switch (expected) {
    case 'any':
      return {
        name: 'any',
        sql: `INSERT INTO es_streams AS s (stream_name, revision) SELECT $1, $2::bigint - 1 FROM lock
              ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + $2::bigint
              RETURNING s.revision`,
      };
    case 'no_stream':
      return {
        name: 'no_stream',
        sql: `INSERT INTO es_streams (stream_name, revision) SELECT $1, $2::bigint - 1 FROM lock
              ON CONFLICT (stream_name) DO NOTHING
              RETURNING revision`,
      };
    case 'stream_exists':
      return {
        name: 'stream_exists',
        sql: `UPDATE es_streams SET revision = es_streams.revision + $2::bigint FROM lock
              WHERE stream_name = $1
              RETURNING es_streams.revision`,
      };
    default:
      return {
        name: 'exact',
        sql: `UPDATE es_streams SET revision = es_streams.revision + $2::bigint FROM lock
              WHERE stream_name = $1 AND es_streams.revision = $8::bigint
              RETURNING es_streams.revision`,
      };
  }
}

/**
 * ONE statement per append (one round trip, its own transaction in autocommit): take the stream's
 * lock, update its row with the expected-revision check, insert the events at the following revisions, return the
 * new last revision and the last event's position. No row back means the expected revision did
 * not match (nothing written). A reused event id fails on the unique index (nothing written).
 * The stream lock serialises writers of one stream, so revisions stay gapless.
 */
export function appendStatement(
  streamName: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): QueryConfig {
  const stream = updateStream(expected);
  const lock = `lock AS MATERIALIZED (
        SELECT pg_advisory_xact_lock(${STREAM_LOCK_CLASS}, hashtext($1)) AS locked
      )`;
  const tail = typeof expected === 'bigint' ? [expected.toString()] : [];
  const [single] = events;
  if (events.length === 1 && single) {
    // One event (the common command case): scalar parameters, no arrays to build and unnest.
    return {
      name: `es_append1_${stream.name}`,
      text: `WITH ${lock},
      stream AS (${stream.sql}),
      written AS (
        INSERT INTO es_events (stream_name, revision, event_id, event_type, schema_version, data, metadata)
        SELECT $1, stream.revision, $3::uuid, $4, $5::int, $6::json, $7::json FROM stream
        RETURNING transaction_id, global_position
      )
      SELECT stream.revision, written.transaction_id, written.global_position FROM stream, written`,
      values: [
        streamName,
        1,
        single.id,
        single.type,
        single.schemaVersion ?? 1,
        JSON.stringify(single.data),
        JSON.stringify(single.metadata),
        ...tail,
      ],
    };
  }
  return {
    name: `es_append_${stream.name}`,
    text: `WITH ${lock},
      stream AS (${stream.sql}),
      written AS (
        INSERT INTO es_events (stream_name, revision, event_id, event_type, schema_version, data, metadata)
        SELECT $1, stream.revision - $2::bigint + e.ord, e.event_id, e.event_type, e.schema_version,
               e.data::json, e.metadata::json
        FROM stream,
             unnest($3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[])
               WITH ORDINALITY AS e(event_id, event_type, schema_version, data, metadata, ord)
        ORDER BY e.ord
        RETURNING transaction_id, global_position
      )
      SELECT stream.revision, last.transaction_id, last.global_position
      FROM stream,
           LATERAL (SELECT transaction_id, global_position FROM written
                    ORDER BY global_position DESC LIMIT 1) AS last`,
    values: [
      streamName,
      events.length,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => e.schemaVersion ?? 1),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
      ...tail,
    ],
  };
}

const EXPECTED_KIND = { any: 0, no_stream: 1, stream_exists: 2, exact: 3 } as const;

/**
 * Several single-event appends, each to a DIFFERENT stream, in ONE statement and one commit
 * (group commit, see group-commit.ts). Per append the same rules as appendStatement:
 *  - `lock` takes every stream's advisory lock, in ascending key order (so two groups never
 *    deadlock), before the first write (so transaction ids follow every stream's order);
 *  - each stream row is moved by the statement matching its expected revision (any: upsert;
 *    no_stream: insert unless present; stream_exists / exact: update, exact only at the expected
 *    revision); the row-level checks see the latest committed row, as in appendStatement;
 *  - an append whose check fails gets no stream row, hence no event and no result row;
 *  - result rows carry the append's ordinal (1-based) in the group.
 */
export function appendGroupStatement(
  appends: readonly { streamName: string; event: NewEvent; expected: ExpectedRevision }[],
): QueryConfig {
  const kindOf = (e: ExpectedRevision): number =>
    typeof e === 'bigint' ? EXPECTED_KIND.exact : EXPECTED_KIND[e];
  return {
    name: 'es_append_group',
    text: `WITH input AS MATERIALIZED (
        SELECT * FROM json_to_recordset($1::json) AS i(ord int, stream_name text, kind int,
          expected bigint, event_id uuid, event_type text, schema_version int, data json, metadata json)
      ),
      lock AS MATERIALIZED (
        SELECT count(pg_advisory_xact_lock(${STREAM_LOCK_CLASS}, k.key)) AS locked
        FROM (SELECT DISTINCT hashtext(stream_name) AS key FROM input ORDER BY 1) AS k
      ),
      upserted AS (
        INSERT INTO es_streams AS s (stream_name, revision)
        SELECT i.stream_name, 0 FROM lock, input i WHERE i.kind = ${EXPECTED_KIND.any}
        ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + 1
        RETURNING s.stream_name, s.revision
      ),
      created AS (
        INSERT INTO es_streams (stream_name, revision)
        SELECT i.stream_name, 0 FROM lock, input i WHERE i.kind = ${EXPECTED_KIND.no_stream}
        ON CONFLICT (stream_name) DO NOTHING
        RETURNING stream_name, revision
      ),
      advanced AS (
        UPDATE es_streams AS s SET revision = s.revision + 1
        FROM lock, input i
        WHERE s.stream_name = i.stream_name
          AND (i.kind = ${EXPECTED_KIND.stream_exists}
               OR (i.kind = ${EXPECTED_KIND.exact} AND s.revision = i.expected))
        RETURNING s.stream_name, s.revision
      ),
      moved AS (
        SELECT * FROM upserted UNION ALL SELECT * FROM created UNION ALL SELECT * FROM advanced
      ),
      written AS (
        INSERT INTO es_events (stream_name, revision, event_id, event_type, schema_version, data, metadata)
        SELECT i.stream_name, m.revision, i.event_id, i.event_type, i.schema_version,
               i.data, i.metadata
        FROM input i JOIN moved m USING (stream_name)
        ORDER BY i.ord
        RETURNING stream_name, revision, transaction_id, global_position
      )
      SELECT i.ord, w.revision, w.transaction_id, w.global_position
      FROM written w JOIN input i USING (stream_name)`,
    // One JSON document for the whole group: one JSON.stringify here, one parse on the server
    // (eight text arrays cost more to escape and to parse).
    values: [
      JSON.stringify(
        appends.map((a, i) => ({
          ord: i + 1,
          stream_name: a.streamName,
          kind: kindOf(a.expected),
          expected: typeof a.expected === 'bigint' ? a.expected.toString() : null,
          event_id: a.event.id,
          event_type: a.event.type,
          schema_version: a.event.schemaVersion ?? 1,
          data: a.event.data,
          metadata: a.event.metadata,
        })),
      ),
    ],
  };
}

export interface AppendRow {
  revision: bigint;
  transaction_id: string;
  global_position: bigint;
}

export function streamRevisionStatement(streamName: string): QueryConfig {
  return {
    name: 'es_stream_revision',
    text: 'SELECT revision FROM es_streams WHERE stream_name = $1',
    values: [streamName],
  };
}

export function writtenByIdsStatement(eventIds: readonly string[]): QueryConfig {
  return {
    name: 'es_written_by_ids',
    text: `SELECT event_id, stream_name, revision, transaction_id, global_position
           FROM es_events WHERE event_id = ANY($1::uuid[])`,
    values: [eventIds],
  };
}

export interface WrittenRow {
  event_id: string;
  stream_name: string;
  revision: bigint;
  transaction_id: string;
  global_position: bigint;
}

const MAX_REVISION = '9223372036854775807';

export function readStreamStatement(
  streamName: string,
  direction: 'forwards' | 'backwards',
  fromRevision: bigint | undefined,
  maxCount: number | undefined,
): QueryArrayConfig {
  const forwards = direction === 'forwards';
  return {
    rowMode: 'array',
    name: forwards ? 'es_read_stream_fwd' : 'es_read_stream_bwd',
    text: `SELECT ${COLUMNS} FROM es_events
           WHERE stream_name = $1 AND revision ${forwards ? '>=' : '<='} $2::bigint
           ORDER BY revision ${forwards ? 'ASC' : 'DESC'} LIMIT $3`,
    values: [
      streamName,
      fromRevision?.toString() ?? (forwards ? '0' : MAX_REVISION),
      maxCount ?? null,
    ],
  };
}

/**
 * Rows a filtered readAll examines at most per call (EventStoreDB's "max search window"): the page
 * size, but at least 1000 rows so that sparse types with small pages still advance quickly.
 * A dense filter thus scans no row it will not return; a sparse one comes back for more.
 */
export function searchWindow(maxCount: number): number {
  return Math.max(maxCount, 1000);
}

/** The slots of a readStream row. */
export type EventTuple = [
  transactionId: string,
  globalPositionText: string,
  streamName: string,
  revision: bigint,
  eventId: string,
  eventType: string,
  schemaVersion: number,
  data: unknown,
  metadata: EventMetadata,
  recordedAtMs: number,
];

export function headStatement(): QueryConfig {
  return {
    name: 'es_head',
    text: `SELECT transaction_id, global_position FROM es_events WHERE ${VISIBLE}
           ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  };
}

/**
 * A readStream row in array row mode (COLUMNS' order). Both parts of the position come from the database as canonical unsigned integers: no
 * re-parsing needed.
 */
export function tupleToRecordedEvent(t: EventTuple): RecordedEvent {
  return {
    id: t[4],
    type: t[5],
    data: t[7],
    metadata: t[8],
    streamName: t[2],
    revision: t[3],
    position: `${t[0]}/${t[1]}` as Position,
    schemaVersion: t[6],
    recordedAt: new Date(t[9]),
  };
}
