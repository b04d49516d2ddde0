import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { createLogger } from '../../logger.ts';
import { eventStoreContract, type ContractHarness } from '../contract.ts';
import { contractRegistry, noted, renamed } from '../contract-fixtures.ts';
import {
  DuplicateEventIdError,
  WrongExpectedVersionError,
  comparePositions,
  type NewEvent,
  type RecordedEvent,
} from '../port.ts';
import { createValidatingStore } from '../validating-store.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { appendStatement } from './sql.ts';

const logger = createLogger({ level: 'silent', pretty: false });

/** Runs an append statement inside BEGIN on its own connection and keeps it open. */
async function holdAppendOpen(url: string, streamName: string, events: NewEvent[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  const { rows } = await client.query(appendStatement(streamName, events, 'any'));
  if (rows.length !== 1) throw new Error('held append wrote nothing');
  const finish = async (sql: 'COMMIT' | 'ROLLBACK'): Promise<void> => {
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return { commit: () => finish('COMMIT'), rollback: () => finish('ROLLBACK') };
}

eventStoreContract('postgres', async (): Promise<ContractHarness> => {
  const db = await createTestDatabase({ poolMax: 2 });
  const raw = new PostgresEventStore({ connectionString: db.url, logger, poolMax: 20 });
  return {
    raw,
    store: createValidatingStore(raw, contractRegistry),
    countEvents: async (prefix) => {
      const rows = await db
        .knex('es_events')
        .whereLike('stream_name', `${prefix}%`)
        .count({ n: '*' });
      return Number(rows[0]?.n);
    },
    holdAppendOpen: (streamName, events) => holdAppendOpen(db.url, streamName, events),
    close: async () => {
      await raw.close();
      await db.drop();
    },
  };
});

describe('postgres event store specifics', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 2 });
    store = new PostgresEventStore({ connectionString: db.url, logger, poolMax: 4 });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('rejects event ids that belong to another stream (unique index), writing nothing', async () => {
    const event = noted(1);
    await store.append(`pg-a-${randomUUID()}`, [event]);
    const other = `pg-b-${randomUUID()}`;
    await expect(store.append(other, [noted(2), event])).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
    expect(await store.readStream(other)).toEqual([]);
  });

  it('treats the same ids at another place of their stream as a conflict (EventStoreDB would write them again)', async () => {
    const name = `pg-place-${randomUUID()}`;
    const batch = [noted(1)];
    await store.append(name, batch, { expectedRevision: 'no_stream' });
    await store.append(name, [noted(2)]);
    await expect(store.append(name, batch, { expectedRevision: 1n })).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
    expect(await store.readStream(name)).toHaveLength(2);
  });

  it('reads a sparse event type through bounded search windows, never skipping a match', async () => {
    const from = await store.headPosition();
    const name = `pg-sparse-${randomUUID()}`;
    const rare = renamed('rare');
    await store.append(
      name,
      Array.from({ length: 1500 }, (_, i) => noted(i)),
    );
    await store.append(name, [rare, ...Array.from({ length: 1500 }, (_, i) => noted(i))]);
    const found: RecordedEvent[] = [];
    let position = from;
    let calls = 0;
    for (;;) {
      const page = await store.readAll({
        from: position,
        maxCount: 10,
        eventTypes: ['ContractRenamed'],
      });
      calls += 1;
      found.push(...page.events.filter((e) => e.streamName === name));
      expect(comparePositions(page.next, position)).toBeGreaterThanOrEqual(0);
      position = page.next;
      // Other transactions on the server may hold the visibility bound back for a moment.
      if (page.isEnd && found.length > 0) break;
    }
    expect(found.map((e) => e.id)).toEqual([rare.id]);
    // 3001 rows with a window of 1000 rows per call: the reader had to come back for more.
    expect(calls).toBeGreaterThanOrEqual(3);
  });

  it('commits concurrent single-event appends together, each with its own outcome', async () => {
    // One statement in flight: while the first append runs, the others queue and are written
    // together (several appends, one transaction id).
    const grouped = new PostgresEventStore({
      connectionString: db.url,
      logger,
      poolMax: 4,
      singleAppendsInFlight: 1,
    });
    try {
      const id = randomUUID().slice(0, 8);
      const existing = `pg-grp-existing-${id}`;
      const taken = noted(0);
      const first = await grouped.append(existing, [taken], { expectedRevision: 'no_stream' });
      const fresh = Array.from({ length: 20 }, (_, i) => `pg-grp-fresh-${i}-${id}`);
      const wrong = Array.from({ length: 3 }, (_, i) => `pg-grp-wrong-${i}-${id}`);
      const settled = await Promise.allSettled([
        ...fresh.map((name, i) =>
          grouped.append(name, [noted(i)], { expectedRevision: 'no_stream' }),
        ),
        ...wrong.map((name) => grouped.append(name, [noted(9)], { expectedRevision: 4n })),
        // A retry of an id already written at its place: idempotent, in the same burst.
        grouped.append(existing, [taken], { expectedRevision: 'no_stream' }),
        grouped.append(existing, [noted(1)], { expectedRevision: 0n }),
        grouped.append(existing, [noted(2)], { expectedRevision: 'stream_exists' }),
        grouped.append(existing, [noted(3)], { expectedRevision: 'any' }),
      ]);
      const values: unknown[] = settled.map((r) =>
        r.status === 'fulfilled' ? r.value : (r.reason as unknown),
      );
      const freshResults = values.slice(0, fresh.length);
      for (const result of freshResults) expect(result).toMatchObject({ nextExpectedRevision: 0n });
      for (const failure of values.slice(fresh.length, fresh.length + wrong.length)) {
        expect(failure).toBeInstanceOf(WrongExpectedVersionError);
      }
      const [retry, exact, exists, any] = values.slice(fresh.length + wrong.length);
      expect(retry).toEqual(first);
      expect(
        [exact, exists, any].map(
          (r) => (r as { nextExpectedRevision: bigint }).nextExpectedRevision,
        ),
      ).toEqual([1n, 2n, 3n]);

      // Grouped: fewer transactions than appends.
      const transactions = new Set(
        freshResults.map((r) => (r as { position: string }).position.split('/')[0]),
      );
      expect(transactions.size).toBeLessThan(fresh.length);
      // Each fresh stream has its one event at revision 0; the failed ones wrote nothing.
      for (const name of fresh) {
        expect((await grouped.readStream(name)).map((e) => e.revision)).toEqual([0n]);
      }
      for (const name of wrong) expect(await grouped.readStream(name)).toEqual([]);
      expect((await grouped.readStream(existing)).map((e) => [e.revision, e.id])).toEqual([
        [0n, taken.id],
        ...[1n, 2n, 3n].map((revision): unknown[] => [revision, expect.any(String)]),
      ]);

      // A reused id fails the whole group statement on the unique index: the group is written
      // again one append at a time, and every append still meets its own verdict.
      const more = Array.from({ length: 10 }, (_, i) => `pg-grp-more-${i}-${id}`);
      // The first append of a burst goes alone; the reused id is in the group behind it.
      const results = await Promise.all([
        ...more.map((name, i) => grouped.append(name, [noted(i)], { expectedRevision: 'any' })),
        grouped.append(existing, [taken], { expectedRevision: 'any' }),
      ]);
      const again = results.pop();
      const others = results;
      expect(again).toEqual(first);
      expect(others.map((r) => r.nextExpectedRevision)).toEqual(more.map(() => 0n));
      for (const name of more) expect(await grouped.readStream(name)).toHaveLength(1);
      expect(await grouped.readStream(existing)).toHaveLength(4);
    } finally {
      await grouped.close();
    }
  });

  it('answers an idempotent retry with the original revision and position', async () => {
    const name = `pg-idem-${randomUUID()}`;
    const batch = [noted(1), noted(2)];
    const first = await store.append(name, batch, { expectedRevision: 'no_stream' });
    await store.append(name, [noted(3)]);
    expect(await store.append(name, batch, { expectedRevision: 'no_stream' })).toEqual(first);
    expect(await store.append(name, batch)).toEqual(first);
  });

  it('rejects an id repeated inside one batch', async () => {
    const name = `pg-rep-${randomUUID()}`;
    const event = noted(1);
    await expect(store.append(name, [event, { ...event }])).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
    expect(await store.readStream(name)).toEqual([]);
  });

  it('orders and stores by the transaction id and sequence columns, one transaction id per append', async () => {
    const name = `pg-cols-${randomUUID()}`;
    const result = await store.append(name, [noted(1), noted(2), noted(3)]);
    const rows = await db.knex.raw<{ rows: { tx: string; gp: string; revision: string }[] }>(
      `SELECT transaction_id::text AS tx, global_position::text AS gp, revision::text AS revision
       FROM es_events WHERE stream_name = ? ORDER BY transaction_id, global_position`,
      [name],
    );
    expect(new Set(rows.rows.map((r) => r.tx)).size).toBe(1);
    expect(rows.rows.map((r) => r.revision)).toEqual(['0', '1', '2']);
    const last = rows.rows.at(-1)!;
    expect(result.position).toBe(`${last.tx}/${last.gp}`);
  });

  it('reports events held back by an older open transaction, and releases them on commit', async () => {
    const from = await store.headPosition();
    const held = await holdAppendOpen(db.url, `pg-held-${randomUUID()}`, [noted(1)]);
    const fastEvent = noted(2);
    const fast = await store.append(`pg-fast-${randomUUID()}`, [fastEvent]);
    try {
      const page = await store.readAll({ from });
      expect(page.events.map((e) => e.id)).not.toContain(fastEvent.id);
      expect(page.isEnd).toBe(true);
      expect(page).toMatchObject({ heldBack: true });
      expect(comparePositions(page.next, fast.position)).toBe(-1);
    } finally {
      await held.commit();
    }
    let head = await store.headPosition();
    while (comparePositions(head, fast.position) < 0) head = await store.headPosition();
    expect(head).toBe(fast.position);
  });

  it('wakes an idle subscription of another store instance through LISTEN/NOTIFY (its poll is 10 minutes)', async () => {
    const listener = new PostgresEventStore({
      connectionString: db.url,
      logger,
      poolMax: 2,
      pollIntervalMs: 600_000,
    });
    const name = `pg-notify-${randomUUID()}`;
    const from = await store.headPosition();
    await store.append(name, [noted(0)]);
    const received: RecordedEvent[] = [];
    const waiters: { count: number; resolve: () => void }[] = [];
    const receivedAtLeast = (count: number): Promise<void> =>
      received.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve }));
    const subscription = listener.subscribe({
      from,
      onEvents: (events) => {
        received.push(...events.filter((e) => e.streamName === name));
        for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
        return Promise.resolve();
      },
    });
    try {
      await receivedAtLeast(1);
      await store.append(name, [noted(1)]);
      await receivedAtLeast(2);
    } finally {
      await subscription.stop();
      await listener.close();
    }
    expect(received.map((e) => e.revision)).toEqual([0n, 1n]);
  });
});
