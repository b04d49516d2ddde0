import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import {
  catchUpForTest,
  createTestDatabase,
  type TestDatabase,
  type TestRuntimeOptions,
} from '../../../tests/support/runtime.ts';
import { defineEvent } from '../../eventstore/event-types.ts';
import {
  comparePositions,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../../eventstore/port.ts';
import type { Projection } from './types.ts';

/** Test-only helpers shared by the projection and job int tests (not a *.test.ts file). */

export const silentLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export const TALLY_EVENT = 'TallyAdded';
export const OTHER_EVENT = 'SomethingElseHappened';

/** The fixtures' event types, which a test runtime registers besides the app's (`events`). */
export const tallyEventDefinitions = [
  defineEvent({ type: TALLY_EVENT, version: 1, schema: z.object({ amount: z.number() }) }),
  defineEvent({ type: OTHER_EVENT, version: 1, schema: z.object({}) }),
];

/**
 * A test database (tests/support/runtime.ts) that knows the tally events, for the projection
 * and job int tests: `createTestDatabase` with `tallyEventDefinitions` and the silent logger.
 */
export function createTallyDatabase(opts: TestRuntimeOptions = {}): Promise<TestDatabase> {
  return createTestDatabase({
    logger: silentLogger,
    ...opts,
    events: [...tallyEventDefinitions, ...(opts.events ?? [])],
  });
}

/**
 * A fresh test database with the runtime's PostgreSQL event store on it for the enclosing
 * describe: created in a beforeAll (register seeding hooks after this call), closed and dropped
 * in an afterAll. `db`, `store` and `deps()` may be used inside hooks and tests only.
 */
export function useTestStore() {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTallyDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  const fixture = {
    get db(): TestDatabase {
      if (!db) throw new Error('useTestStore: the database exists only inside hooks and tests');
      return db;
    },
    get store(): EventStore {
      if (!db) throw new Error('useTestStore: the store exists only inside hooks and tests');
      return db.runtime.eventStore;
    },
    deps: () => ({ knex: fixture.db.knex, eventStore: fixture.store, logger: silentLogger }),
    /**
     * Builds `projections` when needed and runs them through every committed event, waiting
     * while the server holds events back (catchUpForTest): reads after it see the whole log.
     */
    project: (...projections: Projection[]) => catchUpForTest(fixture.deps(), projections),
  };
  return fixture;
}

export function tallyEvent(amount: number): NewEvent {
  return {
    id: randomUUID(),
    type: TALLY_EVENT,
    data: { amount },
    metadata: { occurredAt: '2024-01-01T00:00:00.000Z' },
  };
}

export function otherEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: OTHER_EVENT,
    data: {},
    metadata: { occurredAt: '2024-01-01T00:00:00.000Z' },
  };
}

/**
 * Appends `count` tally events (amounts start..start+count-1) spread over `streams` streams and,
 * unless `visible: false`, waits until the last one is readable.
 */
export async function appendTallies(
  store: EventStore,
  count: number,
  opts: { start?: number; streams?: number; perAppend?: number; visible?: boolean } = {},
): Promise<Position> {
  const start = opts.start ?? 1;
  const streams = opts.streams ?? 3;
  const perAppend = opts.perAppend ?? 1;
  let last: Position | undefined;
  for (let i = 0; i < count; i += perAppend) {
    const events = [];
    for (let j = i; j < Math.min(count, i + perAppend); j++) events.push(tallyEvent(start + j));
    const result = await store.append(`tally-${(start + i) % streams}`, events);
    last = result.position;
  }
  if (!last) throw new Error('appendTallies(0) appends nothing');
  if (opts.visible !== false) await waitUntilVisible(store, last);
  return last;
}

/**
 * Waits until `position` is readable: the PostgreSQL store holds committed events back while any
 * older transaction in the cluster is open (other test files run beside this one).
 */
export async function waitUntilVisible(store: EventStore, position: Position): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (comparePositions(await store.headPosition(), position) >= 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`position ${position} never became visible`);
}

export interface TallyHooks {
  /** Throw from `apply` (after earlier events of the batch were written) when this returns true. */
  failWhen?: (event: RecordedEvent) => boolean;
  /** Awaited at the start of every `apply` call. */
  beforeApply?: (events: readonly RecordedEvent[]) => Promise<void>;
  /** Extra DDL for version-change tests. */
  extraColumn?: string;
}

/**
 * A small leaderboard-like read model: per stream a count and a sum, plus one row per applied
 * event WITHOUT a unique constraint, so an event applied twice shows up as a duplicate row.
 */
export function tallyProjection(name: string, version = 1, hooks: TallyHooks = {}): Projection {
  const totals = `${name}_totals`;
  const applied = `${name}_applied`;
  return {
    name,
    version,
    eventTypes: [TALLY_EVENT],
    tables: [totals, applied],
    async createTables(db) {
      await db.schema.createTable(totals, (t) => {
        t.text('stream').primary();
        t.integer('n').notNullable();
        t.bigInteger('sum').notNullable();
        if (hooks.extraColumn) t.text(hooks.extraColumn);
      });
      await db.schema.createTable(applied, (t) => {
        t.uuid('event_id').notNullable();
        t.text('position').notNullable();
        t.index(['event_id']);
      });
    },
    async apply(trx, events) {
      await hooks.beforeApply?.(events);
      for (const e of events) {
        await trx(applied).insert({ event_id: e.id, position: e.position });
        if (hooks.failWhen?.(e)) throw new Error(`tally refuses amount ${amountOf(e)}`);
        await trx(totals)
          .insert({ stream: e.streamName, n: 1, sum: amountOf(e) })
          .onConflict('stream')
          .merge({
            n: trx.raw('??.n + 1', [totals]),
            sum: trx.raw('??.sum + excluded.sum', [totals]),
          });
      }
    },
  };
}

export function amountOf(e: RecordedEvent): number {
  return (e.data as { amount: number }).amount;
}

export async function tallyRows(knex: Knex, name: string, schema = 'public') {
  const totals = (await knex
    .withSchema(schema)
    .from(`${name}_totals`)
    .select('stream', 'n', 'sum')
    .orderBy('stream')) as {
    stream: string;
    n: number;
    sum: number;
  }[];
  const ids: string[] = await knex.withSchema(schema).from(`${name}_applied`).pluck('event_id');
  return {
    totals,
    appliedCount: ids.length,
    distinctApplied: new Set(ids).size,
    appliedIds: new Set(ids),
  };
}

/** Expected totals computed straight from the log. */
export async function expectedTallies(store: EventStore) {
  const byStream = new Map<string, { n: number; sum: number }>();
  let from: Position | undefined;
  for (;;) {
    const read = await store.readAll({
      ...(from ? { from } : {}),
      maxCount: 1000,
      eventTypes: [TALLY_EVENT],
    });
    for (const e of read.events) {
      const t = byStream.get(e.streamName) ?? { n: 0, sum: 0 };
      t.n += 1;
      t.sum += amountOf(e);
      byStream.set(e.streamName, t);
    }
    from = read.next;
    if (read.isEnd) break;
  }
  const totals = [...byStream.entries()]
    .map(([stream, t]) => ({ stream, ...t }))
    .sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
  return { totals, count: totals.reduce((s, t) => s + t.n, 0) };
}

export function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
