import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position as EsdbPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import type { Logger } from '../../logger.ts';
import { LocalWakeSource, runCatchUp, type WakeSource } from '../catch-up.ts';
import {
  START,
  WrongExpectedVersionError,
  comparePositions,
  makePosition,
  parsePosition,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventOfFields,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type PayloadEvent,
  type Position,
  type ReadAllOptions,
  type ReadFields,
  type ReadAllResult,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port.ts';

/** Metadata key that carries the payload's schema version (EventStoreDB has no column for it). */
export const SCHEMA_VERSION_KEY = 'pitwallSchemaVersion';

export interface EsdbEventStoreOptions {
  /** e.g. esdb://eventstore:2113?tls=false */
  connectionString: string;
  logger: Logger;
  /** Safety-net poll of idle subscriptions, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** readAll's default page size. Default 1000. */
  defaultMaxCount?: number;
}

/**
 * The EventStoreDB adapter of the event store port, over the gRPC client.
 * - Positions are `<commit>/<prepare>` of the transaction file, EventStoreDB's own total order.
 * - Expected revisions and WrongExpectedVersion map one to one; idempotence is the server's.
 * - readAll skips system events ($-types and $-streams) and filters event types client side;
 *   `next` moves past everything scanned.
 * - subscribe reuses the catch-up loop of the PostgreSQL adapter over readAll; a live
 *   subscribeToAll serves only as the doorbell that wakes it.
 */
export class EsdbEventStore implements EventStore {
  readonly kind = 'esdb' as const;
  readonly #client: EventStoreDBClient;
  readonly #wake: EsdbWakeSource;
  readonly #pollIntervalMs: number;
  readonly #defaultMaxCount: number;
  readonly #subscriptions = new Set<Subscription>();

  constructor(opts: EsdbEventStoreOptions) {
    this.#client = EventStoreDBClient.connectionString(opts.connectionString);
    this.#wake = new EsdbWakeSource(this.#client, opts.logger);
    this.#pollIntervalMs = opts.pollIntervalMs ?? 1000;
    this.#defaultMaxCount = opts.defaultMaxCount ?? 1000;
  }

  async append(
    streamName: string,
    events: readonly NewEvent[],
    opts: AppendOptions = {},
  ): Promise<AppendResult> {
    const expected = opts.expectedRevision ?? 'any';
    try {
      const result = await this.#client.appendToStream(
        streamName,
        events.map((e) =>
          jsonEvent({
            id: e.id,
            type: e.type,
            data: e.data as JSONType,
            metadata: { ...e.metadata, [SCHEMA_VERSION_KEY]: e.schemaVersion ?? 1 },
          }),
        ),
        { expectedRevision: toEsdbExpected(expected) },
      );
      this.#wake.bump();
      const position = result.position
        ? toPosition(result.position)
        : ((await this.readStream(streamName, { direction: 'backwards', maxCount: 1 }))[0]
            ?.position ?? START);
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (err) {
      if (err instanceof EsdbWrongExpectedVersionError) {
        const actual = err.actualVersion === NO_STREAM ? 'no_stream' : err.actualVersion;
        throw new WrongExpectedVersionError(streamName, expected, actual);
      }
      throw err;
    }
  }

  async readStream(streamName: string, opts: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const forwards = (opts.direction ?? 'forwards') === 'forwards';
    const events: RecordedEvent[] = [];
    try {
      const read = this.#client.readStream(streamName, {
        direction: forwards ? FORWARDS : BACKWARDS,
        fromRevision: opts.fromRevision ?? (forwards ? ESDB_START : END),
        ...(opts.maxCount !== undefined ? { maxCount: opts.maxCount } : {}),
      });
      for await (const resolved of read) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return events;
  }

  async readAll<F extends ReadFields = 'full'>(
    opts: ReadAllOptions<F> = {},
  ): Promise<ReadAllResult<EventOfFields<F>>> {
    const from = opts.from ?? START;
    // The server sends whole events either way: a payload read only keeps less of each.
    const decode: (event: EsdbRecordedEvent) => PayloadEvent =
      opts.fields === 'payload' ? toPayloadEvent : toRecordedEvent;
    const maxCount = opts.maxCount ?? this.#defaultMaxCount;
    const types = opts.eventTypes ? new Set(opts.eventTypes) : undefined;
    // fromPosition is inclusive: read one more and drop what is not strictly after `from`.
    const requested = maxCount + 1;
    const read = this.#client.readAll({
      direction: FORWARDS,
      fromPosition: from === START ? ESDB_START : toEsdbPosition(from),
      maxCount: requested,
    });
    const events: PayloadEvent[] = [];
    let scanned = 0;
    let next = from;
    let full = false;
    for await (const resolved of read) {
      const event = resolved.event;
      if (!event) continue;
      scanned += 1;
      const position = toPosition(event.position);
      if (comparePositions(position, from) <= 0) continue;
      next = position;
      if (isSystemEvent(event)) continue;
      if (types && !types.has(event.type)) continue;
      events.push(decode(event));
      if (events.length === maxCount) {
        full = true;
        break;
      }
    }
    // `decode` follows opts.fields: the events are EventOfFields<F>.
    return {
      events: events as EventOfFields<F>[],
      next,
      isEnd: !full && scanned < requested,
    };
  }

  subscribe(opts: SubscribeOptions): Subscription {
    const subscription = runCatchUp(
      {
        readAll: (o) => this.readAll<'full'>(o),
        wake: this.#wake,
        pollIntervalMs: this.#pollIntervalMs,
      },
      opts,
    );
    this.#subscriptions.add(subscription);
    return {
      stop: async () => {
        this.#subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  async headPosition(): Promise<Position> {
    let fromPosition: EsdbPosition | typeof END = END;
    for (;;) {
      let scanned = 0;
      let last: EsdbPosition | undefined;
      for await (const resolved of this.#client.readAll({
        direction: BACKWARDS,
        fromPosition,
        maxCount: 200,
      })) {
        const event = resolved.event;
        if (!event) continue;
        scanned += 1;
        if (!isSystemEvent(event)) return toPosition(event.position);
        last = event.position;
      }
      if (scanned < 200 || !last) return START;
      fromPosition = last;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.#subscriptions].map((s) => s.stop()));
    this.#subscriptions.clear();
    await this.#wake.close();
    await this.#client.dispose();
  }
}

/** Wakes subscriptions on every live non-system event of a subscribeToAll from the end. */
class EsdbWakeSource implements WakeSource {
  readonly #local = new LocalWakeSource();
  #users = 0;
  #live: AllStreamSubscription | undefined;
  #closed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly logger: Logger,
  ) {}

  generation(): number {
    return this.#local.generation();
  }
  waitFor(seen: number, timeoutMs: number, signal: AbortSignal): Promise<void> {
    return this.#local.waitFor(seen, timeoutMs, signal);
  }
  bump(): void {
    this.#local.bump();
  }
  retain(): () => void {
    this.#users += 1;
    if (this.#users === 1) this.#start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#users -= 1;
      if (this.#users === 0) this.#stop();
    };
  }
  close(): Promise<void> {
    this.#closed = true;
    this.#stop();
    this.#local.bump();
    return Promise.resolve();
  }

  #start(): void {
    if (this.#closed || this.#live) return;
    const live = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.#live = live;
    live.on('data', () => this.#local.bump());
    live.on('confirmation', () => this.#local.bump());
    live.on('error', (err: Error) => {
      if (this.#live !== live) return;
      this.#live = undefined;
      this.logger.warn({ err }, 'EventStoreDB live subscription failed; polling until it is back');
      const retry = setTimeout(() => {
        if (this.#users > 0) this.#start();
      }, 1000);
      retry.unref();
    });
  }

  #stop(): void {
    const live = this.#live;
    this.#live = undefined;
    if (live) live.unsubscribe().catch(() => {});
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
}

function toPosition(p: EsdbPosition | undefined): Position {
  return p ? makePosition(p.commit, p.prepare) : START;
}

function toEsdbPosition(p: Position): EsdbPosition {
  const { major, minor } = parsePosition(p);
  return { commit: major, prepare: minor };
}

function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
  const { [SCHEMA_VERSION_KEY]: schemaVersion, ...metadata } = (event.metadata ?? {}) as Record<
    string,
    unknown
  >;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: metadata as EventMetadata,
    streamName: event.streamId,
    revision: event.revision,
    position: toPosition(event.position),
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    recordedAt: event.created,
  };
}

function toPayloadEvent(event: EsdbRecordedEvent): PayloadEvent {
  const schemaVersion = (event.metadata as Record<string, unknown> | undefined)?.[
    SCHEMA_VERSION_KEY
  ];
  return {
    type: event.type,
    data: event.data,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    position: toPosition(event.position),
  };
}
