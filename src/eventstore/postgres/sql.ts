import type { QueryArrayConfig, QueryConfig } from 'pg';
import {
  parsePosition,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type PayloadEvent,
  type Position,
  type ReadFields,
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

const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
// recorded_at travels as epoch milliseconds: `new Date(ms)` costs a fraction of parsing the
// timestamptz text, which was a tenth of readAll's client time. date_part (float8) rather than
// extract (numeric since PostgreSQL 14): no numeric arithmetic per row; a float8 holds epoch
// microseconds exactly enough for a Date's milliseconds.
// global_position travels as text: it only ever becomes part of the position string (parsing it
// as a bigint and printing it again cost a tenth of readAll's client time).
// readStream and readAll read these in array row mode: their ORDER is the slot order of
// EventTuple/ReadAllRow. A payload read (fields: 'payload') selects only the ones marked
// `payload`: no uuid, metadata or timestamp output on the server, fewer columns to decode per row
// (PayloadTuple's slots).
// Each: [select expression, output name, SQL type of the output, in a payload read].
const EVENT_COLUMNS: readonly (readonly [string, string, string, boolean])[] = [
  ['transaction_id', 'transaction_id', 'xid8', true],
  ['global_position::text', 'global_position_text', 'text', true],
  ['stream_name', 'stream_name', 'text', false],
  ['revision', 'revision', 'bigint', false],
  ['event_id', 'event_id', 'uuid', false],
  ['event_type', 'event_type', 'text', true],
  ['schema_version', 'schema_version', 'int', true],
  ['data', 'data', 'json', true],
  ['metadata', 'metadata', 'json', false],
  ["date_part('epoch', recorded_at) * 1000", 'recorded_at_ms', 'float8', false],
];

/** The event columns a read of `fields` selects, in slot order. */
const columnsOf = (fields: ReadFields) =>
  EVENT_COLUMNS.filter(([, , , payload]) => fields === 'full' || payload);

/**
 * The select lists of a readAll page, per ReadFields (one slot layout each, see ReadAllRow):
 * `columns` from es_events, `pageColumns` the same from the `scanned` CTE, `noEvent` the typed
 * NULLs of the facts row.
 */
const PAGE_SHAPES = Object.fromEntries(
  (['full', 'payload'] as const).map((fields) => {
    const columns = columnsOf(fields);
    return [
      fields,
      {
        columns: columns
          .map(([expr, name]) => (expr === name ? name : `${expr} AS ${name}`))
          .join(', '),
        pageColumns: columns.map(([, name]) => name).join(', '),
        noEvent: columns.map(([, name, type]) => `NULL::${type} AS ${name}`).join(', '),
        slots: columns.length,
      },
    ];
  }),
) as Record<ReadFields, { columns: string; pageColumns: string; noEvent: string; slots: number }>;
const COLUMNS = PAGE_SHAPES.full.columns;
/** Slots of the event part of a readAll row (the facts follow them): 10 full, 5 payload. */
export const EVENT_SLOTS: Record<ReadFields, number> = {
  full: PAGE_SHAPES.full.slots,
  payload: PAGE_SHAPES.payload.slots,
};

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

const NO_META =
  'NULL::xid8 AS head_transaction_id, NULL::bigint AS head_global_position, ' +
  'NULL::xid8 AS scan_end_transaction_id, NULL::bigint AS scan_end_global_position, ' +
  'NULL::int AS scanned_count, NULL::boolean AS held_back';

/**
 * One page of the global log after `from` (exclusive), in one snapshot (one statement). The
 * FIRST row is the page's facts, every further row one event of the page, in log order:
 *  - the events: an ordered walk of the primary key that stops after `maxCount` rows
 *    (unfiltered) or `window` rows (filtered), whatever the planner believes about the type
 *    filter (filtering inside the scan let it choose "all rows after `from`, then sort":
 *    quadratic over a catch-up). Filtered, that walk (`scanned`) takes each row whole in the
 *    same heap visit that shows its type, and the page is its first `maxCount` wanted rows;
 *  - the facts: the newest visible position (so a short page can move the caller past
 *    filtered-out events), whether committed events wait behind the visibility bound, and,
 *    filtered, how far the walk got (unfiltered, the page's last event is that).
 * The facts travel once per page, not on every row (they cost parsing per row).
 * `fields` only chooses the event columns (EVENT_SLOTS of them); rows, order and facts are the
 * same statement's either way.
 */
export function readAllStatement(
  from: Position,
  maxCount: number,
  eventTypes: readonly string[] | undefined,
  window: number,
  fields: ReadFields = 'full',
): QueryArrayConfig {
  const { major, minor } = parsePosition(from);
  const shape = PAGE_SHAPES[fields];
  const suffix = fields === 'full' ? '' : `_${fields}`;
  const after = `(transaction_id, global_position) > ($1::xid8, $2::bigint) AND ${VISIBLE}`;
  const order = 'ORDER BY transaction_id, global_position';
  const facts = (scanEnd: string) => `SELECT ${shape.noEvent}, head.*, ${scanEnd},
        -- ORDER BY … LIMIT 1 keeps this on the primary key even before the table is analysed
        -- (a bare EXISTS may be planned as a sequential scan of the whole log).
        (SELECT transaction_id FROM es_events
         WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY transaction_id LIMIT 1) IS NOT NULL AS held_back
      FROM (SELECT 1) AS one
      LEFT JOIN (
        SELECT transaction_id AS head_transaction_id, global_position AS head_global_position
        FROM es_events WHERE ${VISIBLE}
        ORDER BY transaction_id DESC, global_position DESC LIMIT 1
      ) AS head ON true`;
  if (!eventTypes) {
    return {
      rowMode: 'array',
      name: `es_read_all${suffix}`,
      text: `${facts(
        'NULL::xid8 AS scan_end_transaction_id, NULL::bigint AS scan_end_global_position, NULL::int AS scanned_count',
      )}
      UNION ALL
      (SELECT ${shape.columns}, ${NO_META} FROM es_events WHERE ${after} ${order} LIMIT $3)`,
      values: [major.toString(), minor.toString(), maxCount],
    };
  }
  // One pass, no sort: the walk comes in primary-key order, so the row number and the running
  // count of wanted rows are computed on the way (the window ORDER BY is the index's order).
  const wanted = 'event_type = ANY($5::text[])';
  return {
    rowMode: 'array',
    name: `es_read_all_filtered${suffix}`,
    text: `WITH scanned AS MATERIALIZED (
        SELECT ${shape.columns},
               row_number() OVER walk AS scanned_n,
               count(*) FILTER (WHERE ${wanted}) OVER walk AS wanted_n
        FROM es_events WHERE ${after}
        WINDOW walk AS (${order} ROWS UNBOUNDED PRECEDING)
        ${order} LIMIT $4
      )
      ${facts(`scan_end.*`)}
      LEFT JOIN (
        SELECT transaction_id AS scan_end_transaction_id,
               global_position_text::bigint AS scan_end_global_position,
               scanned_n::int AS scanned_count
        FROM scanned WHERE scanned_n = (SELECT max(scanned_n) FROM scanned)
      ) AS scan_end ON true
      UNION ALL
      (SELECT ${shape.pageColumns}, ${NO_META} FROM scanned
       WHERE ${wanted} AND wanted_n <= $3)`,
    values: [major.toString(), minor.toString(), maxCount, window, eventTypes],
  };
}

/**
 * A full readAll row, as an array (row mode 'array': no object per row keyed by column names).
 * The first row holds the page's facts (slots 10–15, the event slots null); every other row one
 * event (slots 0–9 as in EventTuple, the fact slots null). A payload read's rows have the five
 * PayloadTuple slots first, then the same six fact slots (EVENT_SLOTS).
 */
export type ReadAllRow = [
  transactionId: string | null,
  globalPositionText: string | null,
  streamName: string | null,
  revision: bigint | null,
  eventId: string | null,
  eventType: string | null,
  schemaVersion: number | null,
  data: unknown,
  metadata: EventMetadata | null,
  recordedAtMs: number | null,
  headTransactionId: string | null,
  headGlobalPosition: bigint | null,
  /** Filtered reads only (unfiltered: null; the page's last event is where the walk ended). */
  scanEndTransactionId: string | null,
  scanEndGlobalPosition: bigint | null,
  scannedCount: number | null,
  heldBack: boolean | null,
];
/** The slots of an event row: readStream's rows, and the event slots of a full readAll row. */
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

/** The event slots of a payload readAll row that holds an event (columnsOf('payload') order). */
export type PayloadTuple = [
  transactionId: string,
  globalPositionText: string,
  eventType: string,
  schemaVersion: number,
  data: unknown,
];

export function headStatement(): QueryConfig {
  return {
    name: 'es_head',
    text: `SELECT transaction_id, global_position FROM es_events WHERE ${VISIBLE}
           ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  };
}

/**
 * An event row in array row mode (readStream's rows, a full readAll's event rows: COLUMNS'
 * order). Both parts of the position come from the database as canonical unsigned integers: no
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

/** A payload readAll row in array row mode (PayloadTuple's slots). */
export function tupleToPayloadEvent(t: PayloadTuple): PayloadEvent {
  return {
    type: t[2],
    data: t[4],
    schemaVersion: t[3],
    position: `${t[0]}/${t[1]}` as Position,
  };
}
