/**
 * The event store port. Every adapter (PostgreSQL in src/eventstore/postgres, EventStoreDB in
 * src/eventstore/esdb) passes the contract suite in src/eventstore/contract.ts, which proves:
 *  - optimistic concurrency: `any | no_stream | stream_exists | <revision>`; a mismatch throws
 *    WrongExpectedVersionError;
 *  - idempotent append by event id: re-appending ids already written writes nothing;
 *  - one global order: `readAll` never skips an event that commits later with a smaller
 *    position; positions returned by readAll are strictly increasing;
 *  - a payload read (`readAll({ fields: 'payload' })`) returns the same events, in the same order,
 *    with the same positions and `next`/`isEnd` as a full read, each with only its payload fields.
 */

/** Revisions are 0-based per stream; bigint because EventStoreDB uses 64-bit revisions. */
export type StreamRevision = bigint;
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | StreamRevision;

/**
 * An opaque, totally ordered position in the global log, encoded as "<major>/<minor>" with two
 * unsigned decimal integers (PostgreSQL: transaction id xid8 / global sequence; EventStoreDB:
 * commit / prepare position). Compare only with `comparePositions`.
 */
export type Position = string & { readonly __brand: 'Position' };

export const START: Position = '0/0' as Position;

export function makePosition(
  major: bigint | number | string,
  minor: bigint | number | string,
): Position {
  return `${BigInt(major)}/${BigInt(minor)}` as Position;
}

export function parsePosition(p: Position | string): { major: bigint; minor: bigint } {
  const m = /^(\d+)\/(\d+)$/.exec(p);
  if (!m) throw new TypeError(`Not an event store position: ${JSON.stringify(p)}`);
  return { major: BigInt(m[1]!), minor: BigInt(m[2]!) };
}

export function comparePositions(a: Position | string, b: Position | string): -1 | 0 | 1 {
  const x = parsePosition(a);
  const y = parsePosition(b);
  if (x.major !== y.major) return x.major < y.major ? -1 : 1;
  if (x.minor !== y.minor) return x.minor < y.minor ? -1 : 1;
  return 0;
}

export interface EventMetadata {
  /** When the fact happened, ISO-8601; injected by the caller, never read from a clock in domain code. */
  occurredAt: string;
  correlationId?: string;
  causationId?: string;
  /** Who caused it: a user id (never an email or a name: events keep no personal data) or a system actor. */
  actor?: { type: 'user'; id: string } | { type: 'system'; id: string };
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** uuid; the idempotency key of the append. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  /**
   * Version of `data`'s schema. Set by the validating store (src/eventstore/validating-store.ts)
   * from the event type's definition; adapters store it (default 1).
   */
  schemaVersion?: number;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<
  Type,
  Data
> {
  streamName: string;
  revision: StreamRevision;
  position: Position;
  /** The schema version the payload was written with (before upcasting). */
  schemaVersion: number;
  recordedAt: Date;
}

/**
 * What a payload read (`readAll({ fields: 'payload' })`) returns of an event: the fields a read
 * model folds, nothing else (no id, stream, revision, metadata or time, which the store then
 * neither sends nor decodes). A RecordedEvent is one too, so code written for payload events
 * accepts full ones.
 */
export interface PayloadEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  /** The schema version the payload was written with (before upcasting). */
  schemaVersion: number;
  position: Position;
}

/** Which fields readAll returns per event: 'full' (RecordedEvent, default) or 'payload'. */
export type ReadFields = 'full' | 'payload';

/** The event type a read of `F` returns. */
export type EventOfFields<F extends ReadFields> = F extends 'payload'
  ? PayloadEvent
  : RecordedEvent;

export interface AppendOptions {
  expectedRevision?: ExpectedRevision; // default 'any'
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextExpectedRevision: StreamRevision;
  /** Global position of the last event of this append (or of the already-written duplicate). */
  position: Position;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Default: start (forwards) or end (backwards). */
  fromRevision?: StreamRevision;
  maxCount?: number;
}

export interface ReadAllOptions<F extends ReadFields = ReadFields> {
  /** Exclusive: events strictly after this position. */
  from?: Position;
  maxCount?: number;
  /** Only these event types (the position still advances past others). */
  eventTypes?: readonly string[];
  /** 'payload': events as PayloadEvent (same events, order, positions). Default 'full'. */
  fields?: F;
}

export interface ReadAllResult<E extends PayloadEvent = RecordedEvent> {
  events: E[];
  /** Where the next read should start (exclusive); past any filtered-out events that were scanned. */
  next: Position;
  /** True when no further committed event is visible right now. */
  isEnd: boolean;
  /**
   * PostgreSQL only: committed events exist beyond the visibility bound because an older
   * transaction is still open; they become readable when it ends (read again shortly).
   */
  heldBack?: boolean;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions extends Omit<ReadAllOptions<'full'>, 'maxCount' | 'fields'> {
  batchSize?: number;
  /** Called with each batch in global order; the next batch waits for the promise. */
  onEvents(events: RecordedEvent[], next: Position): Promise<void>;
  onError?(err: unknown): void;
}

export interface EventStore {
  readonly kind: 'postgres' | 'esdb';
  append(
    streamName: string,
    events: readonly NewEvent[],
    opts?: AppendOptions,
  ): Promise<AppendResult>;
  /** An absent stream reads as []. */
  readStream(streamName: string, opts?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll<F extends ReadFields = 'full'>(
    opts?: ReadAllOptions<F>,
  ): Promise<ReadAllResult<EventOfFields<F>>>;
  /** Catch-up from `from`, then live. */
  subscribe(opts: SubscribeOptions): Subscription;
  /** Position of the newest committed event visible to readers (START when empty). */
  headPosition(): Promise<Position>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: StreamRevision | 'no_stream',
  ) {
    super(
      `Wrong expected version on ${streamName}: expected ${String(expected)}, actual ${String(actual)}`,
    );
  }
}

/** An append whose payload fails its event type's schema. Nothing is written. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
  constructor(
    readonly eventType: string,
    readonly issues: unknown,
  ) {
    super(`Event ${eventType} does not match its schema`);
  }
}

/**
 * An append that would reuse event ids that belong to another stream, or that repeats an id
 * inside one batch. Nothing is written. (A retry of ids already written to the SAME stream is
 * either idempotent or a WrongExpectedVersionError, as in EventStoreDB.)
 */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(
    readonly streamName: string,
    readonly eventIds: readonly string[],
  ) {
    super(`Event ids already used elsewhere (appending to ${streamName}): ${eventIds.join(', ')}`);
  }
}
