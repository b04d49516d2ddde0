import pg from 'pg';
import type { Logger } from '../../logger.ts';
import { runCatchUp } from '../catch-up.ts';
import { judgeRetry, repeatedIds } from '../idempotency.ts';
import {
  DuplicateEventIdError,
  START,
  WrongExpectedVersionError,
  comparePositions,
  makePosition,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type EventOfFields,
  type NewEvent,
  type PayloadEvent,
  type Position,
  type ReadAllOptions,
  type ReadFields,
  type ReadAllResult,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamRevision,
  type SubscribeOptions,
  type Subscription,
} from '../port.ts';
import {
  EVENT_ID_CONSTRAINT,
  searchWindow,
  appendStatement,
  headStatement,
  readStreamStatement,
  streamRevisionStatement,
  tupleToRecordedEvent,
  writtenByIdsStatement,
  type AppendRow,
  type EventTuple,
  type WrittenRow,
} from './sql.ts';
import { decodePage, readAllStatement, type PageRow } from './read-all.ts';
import { decodeRowsPage, readAllRowsStatement, type RowsPageRow } from './read-all-rows.ts';
import { GroupCommit } from './group-commit.ts';
import { PgWakeSource } from './wakeups.ts';

export interface PostgresEventStoreOptions {
  connectionString: string;
  logger: Logger;
  /** Connections of the store's own pool (appends run one statement each). Default 10. */
  poolMax?: number;
  /** Safety-net poll of idle subscriptions, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** readAll's default page size. Default 1000. */
  defaultMaxCount?: number;
  /**
   * Statements of single-event appends in flight at once (group commit, group-commit.ts):
   * appends arriving while they run wait and are then written together, one statement and one
   * commit per group. Default 2 (measured on 2 cores: groups of ~8 for 16 writers, about half
   * the server CPU per append of one commit each).
   */
  singleAppendsInFlight?: number;
}

const INT8_OID = 20;
const JSON_OID = 114;
const JSONB_OID = 3802;

/**
 * The pool's own parsers for the types the store reads: int8 as bigint, json/jsonb with plain
 * JSON.parse. Other libraries replace pg's process-wide parsers (knex.ts: int8 → number; Emmett's
 * dumbo: int8 → BigInt, json/jsonb through its own deserialiser); the store must not depend on
 * who was imported first.
 */
function typeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  switch (oid) {
    case INT8_OID:
      return (value) => BigInt(value);
    case JSON_OID:
    case JSONB_OID:
      return (value) => JSON.parse(value) as unknown;
    default:
      return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  }
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The PostgreSQL adapter of the event store port (see sql.ts for the statements and their
 * guarantees). It owns its own pg pool with its own type parsers (see `typeParser`).
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;
  /** One connection for the coalesced NOTIFYs after appends (see wakeups.ts). */
  readonly #notifyPool: pg.Pool;
  readonly #wake: PgWakeSource;
  readonly #pollIntervalMs: number;
  readonly #defaultMaxCount: number;
  readonly #subscriptions = new Set<Subscription>();
  readonly #groupCommit: GroupCommit;

  constructor(opts: PostgresEventStoreOptions) {
    this.#pool = new pg.Pool({
      connectionString: opts.connectionString,
      max: opts.poolMax ?? 10,
      application_name: 'pitwall-eventstore',
      types: { getTypeParser: typeParser as typeof pg.types.getTypeParser },
    });
    this.#pool.on('error', (err) =>
      opts.logger.warn({ err }, 'idle event store connection failed'),
    );
    this.#notifyPool = new pg.Pool({
      connectionString: opts.connectionString,
      max: 1,
      application_name: 'pitwall-eventstore-notify',
    });
    this.#notifyPool.on('error', (err) =>
      opts.logger.warn({ err }, 'idle event store NOTIFY connection failed'),
    );
    this.#wake = new PgWakeSource({
      connectionString: opts.connectionString,
      notify: (sql) => this.#notifyPool.query(sql),
      logger: opts.logger,
    });
    this.#groupCommit = new GroupCommit(this.#pool, {
      maxInFlight: Math.max(1, opts.singleAppendsInFlight ?? 2),
      maxGroup: 64,
      minParallelGroup: 8,
    });
    this.#pollIntervalMs = opts.pollIntervalMs ?? 1000;
    this.#defaultMaxCount = opts.defaultMaxCount ?? 1000;
  }

  async append(
    streamName: string,
    events: readonly NewEvent[],
    opts: AppendOptions = {},
  ): Promise<AppendResult> {
    const expected = opts.expectedRevision ?? 'any';
    if (events.length === 0) return this.#appendNothing(streamName, expected);
    const ids = events.map((e) => {
      if (!UUID_RE.test(e.id))
        throw new TypeError(`Event id ${JSON.stringify(e.id)} is not a uuid`);
      return e.id.toLowerCase();
    });
    const repeated = repeatedIds(ids);
    if (repeated.length > 0) throw new DuplicateEventIdError(streamName, repeated);

    for (let attempt = 1; ; attempt++) {
      let cause: 'revision_mismatch' | 'event_id_taken';
      try {
        const row = await this.#write(streamName, events, expected);
        if (row) {
          this.#wake.appended();
          return {
            nextExpectedRevision: row.revision,
            position: makePosition(row.transaction_id, row.global_position),
          };
        }
        cause = 'revision_mismatch';
      } catch (err) {
        if (!isUniqueViolation(err, EVENT_ID_CONSTRAINT)) throw err;
        // The rolled-back transaction may have held readers back: let them look again.
        this.#wake.appended();
        cause = 'event_id_taken';
      }

      const { rows: written } = await this.#pool.query<WrittenRow>(writtenByIdsStatement(ids));
      const verdict = judgeRetry(
        streamName,
        ids,
        expected,
        written.map((w) => ({
          eventId: w.event_id,
          streamName: w.stream_name,
          revision: w.revision,
          position: makePosition(w.transaction_id, w.global_position),
        })),
      );
      switch (verdict.kind) {
        case 'idempotent':
          return { nextExpectedRevision: verdict.lastRevision, position: verdict.position };
        case 'foreign_ids':
          throw new DuplicateEventIdError(streamName, verdict.eventIds);
        case 'wrong_expected_version':
          throw new WrongExpectedVersionError(
            streamName,
            expected,
            await this.#currentRevision(streamName),
          );
        case 'none_written':
          // The conflicting writer rolled back between our insert and our look-up: try again.
          if (cause === 'event_id_taken' && attempt < 3) continue;
          throw new WrongExpectedVersionError(
            streamName,
            expected,
            await this.#currentRevision(streamName),
          );
        default: {
          const never: never = verdict;
          throw new Error(`Unhandled verdict ${JSON.stringify(never)}`);
        }
      }
    }
  }

  /** The written last event's row, or undefined when the expected revision did not match. */
  async #write(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendRow | undefined> {
    const [single] = events;
    if (events.length === 1 && single) {
      return this.#groupCommit.append({ streamName, event: single, expected });
    }
    const { rows } = await this.#pool.query<AppendRow>(
      appendStatement(streamName, events, expected),
    );
    return rows[0];
  }

  async readStream(streamName: string, opts: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.#pool.query<EventTuple>(
      readStreamStatement(
        streamName,
        opts.direction ?? 'forwards',
        opts.fromRevision,
        opts.maxCount,
      ),
    );
    return rows.map(tupleToRecordedEvent);
  }

  readAll<F extends ReadFields = 'full'>(
    opts: ReadAllOptions<F> = {},
  ): Promise<ReadAllResult<EventOfFields<F>>> {
    // #readAllPage decodes rows by opts.fields: EventOfFields<F> is what it returns.
    return this.#readAllPage(opts) as Promise<ReadAllResult<EventOfFields<F>>>;
  }

  subscribe(opts: SubscribeOptions): Subscription {
    const subscription = runCatchUp(
      {
        readAll: (o) => this.#readAllPage(o) as Promise<ReadAllResult & { heldBack: boolean }>,
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
    const { rows } = await this.#pool.query<{ transaction_id: string; global_position: bigint }>(
      headStatement(),
    );
    const row = rows[0];
    return row ? makePosition(row.transaction_id, row.global_position) : START;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#subscriptions].map((s) => s.stop()));
    this.#subscriptions.clear();
    await this.#wake.close();
    await Promise.all([this.#pool.end(), this.#notifyPool.end()]);
  }

  async #readAllPage(
    opts: ReadAllOptions,
  ): Promise<ReadAllResult<PayloadEvent> & { heldBack: boolean }> {
    const from = opts.from ?? START;
    const maxCount = opts.maxCount ?? this.#defaultMaxCount;
    const fields = opts.fields ?? 'full';
    if (!Number.isInteger(maxCount) || maxCount < 1) {
      throw new RangeError('maxCount must be a positive integer');
    }
    const window = opts.eventTypes ? searchWindow(maxCount) : maxCount;
    // Whole events stream row by row (read-all-rows.ts: large pages of large events); payload
    // reads come as one aggregated row (read-all.ts: the runner's small events).
    const {
      events,
      head: headOrNull,
      heldBack,
      scanEnd,
    } = fields === 'full'
      ? decodeRowsPage(
          (
            await this.#pool.query<RowsPageRow>(
              readAllRowsStatement(from, maxCount, opts.eventTypes, window),
            )
          ).rows,
        )
      : decodePage(
          (
            await this.#pool.query<PageRow>(
              readAllStatement(from, maxCount, opts.eventTypes, window),
            )
          ).rows[0]!,
        );
    const head = headOrNull ?? START;
    const atHead = (p: Position): boolean => comparePositions(p, head) >= 0;

    const last = events.at(-1)?.position;
    if (events.length === maxCount && last !== undefined) {
      return { events, next: last, isEnd: atHead(last), heldBack };
    }
    if (scanEnd !== null) {
      // The search window filled up before maxCount matches: resume after what was scanned.
      return { events, next: scanEnd, isEnd: atHead(scanEnd), heldBack };
    }
    // The scan reached the end of the visible log: move past the filtered-out rows too.
    return { events, next: comparePositions(head, from) > 0 ? head : from, isEnd: true, heldBack };
  }

  async #appendNothing(streamName: string, expected: ExpectedRevision): Promise<AppendResult> {
    const actual = await this.#currentRevision(streamName);
    const fits =
      expected === 'any' ||
      (expected === 'no_stream' && actual === 'no_stream') ||
      (expected === 'stream_exists' && actual !== 'no_stream') ||
      (typeof expected === 'bigint' && actual === expected);
    if (!fits) throw new WrongExpectedVersionError(streamName, expected, actual);
    return {
      nextExpectedRevision: actual === 'no_stream' ? -1n : actual,
      position: await this.headPosition(),
    };
  }

  async #currentRevision(streamName: string): Promise<StreamRevision | 'no_stream'> {
    const { rows } = await this.#pool.query<{ revision: bigint }>(
      streamRevisionStatement(streamName),
    );
    return rows[0]?.revision ?? 'no_stream';
  }
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  return (
    err instanceof Error &&
    (err as { code?: unknown }).code === '23505' &&
    (err as { constraint?: unknown }).constraint === constraint
  );
}
