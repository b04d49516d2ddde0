import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractNoted, ContractRenamed, noted, renamed, renamedV1 } from './contract-fixtures.ts';
import { UnknownEventTypeError } from './event-types.ts';
import {
  InvalidEventError,
  WrongExpectedVersionError,
  comparePositions,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type PayloadEvent,
  type Position,
  type ReadFields,
  type RecordedEvent,
} from './port.ts';

/**
 * The event store contract: ONE suite that every adapter passes (run by
 * src/eventstore/postgres/postgres.int.test.ts and src/eventstore/esdb/esdb.int.test.ts).
 * Every test writes to streams of its own random prefix and only looks at those, so the suite also
 * runs against a shared server. No test asserts on timing: waits are bounded by vitest's timeout.
 */
export interface ContractHarness {
  /** The adapter wrapped by createValidatingStore with `contractRegistry`. */
  store: EventStore;
  /** The same adapter without validation: writes payloads of old schema versions. */
  raw: EventStore;
  /** Events stored in streams whose name starts with `prefix`, counted by the backend itself. */
  countEvents?(prefix: string): Promise<number>;
  /**
   * Starts an append in a transaction held open on a SECOND connection (it takes its transaction
   * id and sequence value now), to be committed or rolled back later.
   */
  holdAppendOpen?(streamName: string, events: NewEvent[]): Promise<HeldAppend>;
  close(): Promise<void>;
}

export interface HeldAppend {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export interface ContractOptions {
  /** Why the whole suite cannot run here (printed; the suite is then skipped). */
  skip?: string | undefined;
  /** Why the open-transaction tests do not apply (adapters without client-held transactions). */
  noOpenTransactions?: string;
}

export function eventStoreContract(
  adapterName: string,
  createHarness: () => Promise<ContractHarness>,
  options: ContractOptions = {},
): void {
  if (options.skip) console.warn(`[${adapterName}] event store contract skipped: ${options.skip}`);
  describe.skipIf(options.skip !== undefined)(`event store contract: ${adapterName}`, () => {
    let h: ContractHarness;
    const prefix = `contract_${randomBytes(4).toString('hex')}`;
    const stream = (label: string): string => `${prefix}_${label}-${randomUUID()}`;

    beforeAll(async () => {
      h = await createHarness();
    });
    afterAll(async () => {
      await h?.close();
    });

    /**
     * Every event after `from` up to `until` (a visible position), in pages of 2, read with
     * `fields`; checks on the way that the positions increase and `next` never falls behind.
     */
    async function readUntil(
      fields: ReadFields,
      from: Position,
      until: Position,
      eventTypes?: readonly string[],
    ): Promise<PayloadEvent[]> {
      const out: PayloadEvent[] = [];
      let position = from;
      while (comparePositions(position, until) < 0) {
        const page = await h.store.readAll({
          from: position,
          maxCount: 2,
          fields,
          ...(eventTypes ? { eventTypes } : {}),
        });
        for (const e of page.events) {
          expect(comparePositions(e.position, position)).toBe(1);
          position = e.position;
          if (comparePositions(e.position, until) <= 0) out.push(e);
        }
        expect(comparePositions(page.next, position)).toBeGreaterThanOrEqual(0);
        position = page.next;
        if (page.isEnd && comparePositions(position, until) < 0) await pause(10);
      }
      return out;
    }

    const payloadOf = (e: PayloadEvent): PayloadEvent => ({
      type: e.type,
      data: e.data,
      schemaVersion: e.schemaVersion,
      position: e.position,
    });

    /** Reads the global log from `from` until `until` holds, keeping only events of `streams`. */
    async function readAllOf(
      from: Position,
      belongs: (e: RecordedEvent) => boolean,
      until: (seen: RecordedEvent[]) => boolean,
      store: EventStore = h.store,
    ): Promise<RecordedEvent[]> {
      const seen: RecordedEvent[] = [];
      let position = from;
      for (;;) {
        const page = await store.readAll({ from: position, maxCount: 50 });
        seen.push(...page.events.filter(belongs));
        position = page.next;
        if (page.isEnd && until(seen)) return seen;
        if (page.isEnd) await pause(10);
      }
    }

    describe('optimistic concurrency', () => {
      type Outcome = 'ok' | 'conflict';
      const matrix: [string, number, (len: number) => ExpectedRevision, Outcome][] = [
        ['any on a new stream', 0, () => 'any', 'ok'],
        ['any on an existing stream', 2, () => 'any', 'ok'],
        ['no_stream on a new stream', 0, () => 'no_stream', 'ok'],
        ['no_stream on an existing stream', 2, () => 'no_stream', 'conflict'],
        ['stream_exists on a new stream', 0, () => 'stream_exists', 'conflict'],
        ['stream_exists on an existing stream', 2, () => 'stream_exists', 'ok'],
        ['the current revision', 2, (len) => BigInt(len - 1), 'ok'],
        ['a stale revision', 3, () => 0n, 'conflict'],
        ['a revision ahead of the stream', 2, () => 5n, 'conflict'],
        ['revision 0 on a new stream', 0, () => 0n, 'conflict'],
      ];

      it.each(matrix)('expected %s → %s', async (_label, existing, expectedOf, outcome) => {
        const name = stream('matrix');
        if (existing > 0) {
          await h.store.append(
            name,
            Array.from({ length: existing }, (_, i) => noted(i)),
          );
        }
        const expected = expectedOf(existing);
        const attempt = h.store.append(name, [noted(99)], { expectedRevision: expected });
        if (outcome === 'ok') {
          const result = await attempt;
          expect(result.nextExpectedRevision).toBe(BigInt(existing));
          const events = await h.store.readStream(name);
          expect(events.map((e) => e.revision)).toEqual(
            Array.from({ length: existing + 1 }, (_, i) => BigInt(i)),
          );
        } else {
          const err = await attempt.then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(WrongExpectedVersionError);
          const wev = err as WrongExpectedVersionError;
          expect(wev.streamName).toBe(name);
          expect(wev.actual).toEqual(existing === 0 ? 'no_stream' : BigInt(existing - 1));
          expect(await h.store.readStream(name)).toHaveLength(existing);
        }
      });

      it('16 concurrent writers on one stream: every success is one row, revisions gapless, log in revision order', async () => {
        const from = await h.store.headPosition();
        const name = stream('race');
        const perWriter = 8;
        let successes = 0;
        const writer = async (w: number): Promise<void> => {
          for (let done = 0; done < perWriter;) {
            let expected: ExpectedRevision = 'any';
            if (w % 2 === 0) {
              const [last] = await h.store.readStream(name, {
                direction: 'backwards',
                maxCount: 1,
              });
              expected = last ? last.revision : 'no_stream';
            }
            try {
              await h.store.append(name, [noted(w * 1000 + done)], { expectedRevision: expected });
              successes += 1;
              done += 1;
            } catch (err) {
              if (!(err instanceof WrongExpectedVersionError)) throw err;
            }
          }
        };
        await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
        const events = await h.store.readStream(name);
        expect(successes).toBe(16 * perWriter);
        expect(events).toHaveLength(successes);
        expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => BigInt(i)));
        expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
        if (h.countEvents) expect(await h.countEvents(name)).toBe(successes);
        const inLog = await readAllOf(
          from,
          (e) => e.streamName === name,
          (seen) => seen.length >= successes,
        );
        expect(inLog.map((e) => e.revision)).toEqual(events.map((e) => e.revision));
      });
      it('the global log lists one stream in revision order, even when many writers queue on it', async () => {
        const from = await h.store.headPosition();
        const name = stream('queue');
        const writer = async (w: number): Promise<void> => {
          for (let i = 0; i < 12; i++) await h.store.append(name, [noted(w * 100 + i)]);
        };
        await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
        const inLog = await readAllOf(
          from,
          (e) => e.streamName === name,
          (seen) => seen.length >= 16 * 12,
        );
        expect(inLog.map((e) => e.revision)).toEqual(inLog.map((_, i) => BigInt(i)));
      });
    });

    describe('idempotent append by event id', () => {
      it('re-appending the same ids at the same place writes nothing and returns the first result', async () => {
        const name = stream('idem');
        const batch = [noted(1), noted(2)];
        const first = await h.store.append(name, batch, { expectedRevision: 'no_stream' });
        const again = await h.store.append(name, batch, { expectedRevision: 'no_stream' });
        const anyAgain = await h.store.append(name, batch, { expectedRevision: 'any' });
        expect(again.nextExpectedRevision).toBe(1n);
        expect(anyAgain.nextExpectedRevision).toBe(1n);
        expect(first.nextExpectedRevision).toBe(1n);
        expect(await h.store.readStream(name)).toHaveLength(2);
      });

      it('a retry with an expected revision that went stale is still idempotent at its place', async () => {
        const name = stream('idem-stale');
        await h.store.append(name, [noted(0)]);
        const retried = [noted(1), noted(2)];
        const first = await h.store.append(name, retried, { expectedRevision: 0n });
        await h.store.append(name, [noted(3)]);
        const again = await h.store.append(name, retried, { expectedRevision: 0n });
        expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect((await h.store.readStream(name)).map((e) => e.data)).toEqual([
          { note: 'note 0', n: 0 },
          { note: 'note 1', n: 1 },
          { note: 'note 2', n: 2 },
          { note: 'note 3', n: 3 },
        ]);
      });

      it('a batch that starts with a written id but goes on with new ones is a conflict and writes nothing', async () => {
        const name = stream('idem-partial');
        const written = noted(1);
        await h.store.append(name, [written]);
        const err = await h.store.append(name, [written, noted(2)]).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(WrongExpectedVersionError);
        expect(await h.store.readStream(name)).toHaveLength(1);
      });
    });

    describe('reading', () => {
      it('reads a stream forwards and backwards, from a revision, with maxCount; an absent stream is empty', async () => {
        const name = stream('read');
        await h.store.append(
          name,
          Array.from({ length: 5 }, (_, i) => noted(i)),
        );
        const forwards = await h.store.readStream(name, { fromRevision: 1n, maxCount: 3 });
        expect(forwards.map((e) => e.revision)).toEqual([1n, 2n, 3n]);
        const backwards = await h.store.readStream(name, { direction: 'backwards', maxCount: 2 });
        expect(backwards.map((e) => e.revision)).toEqual([4n, 3n]);
        const backFrom = await h.store.readStream(name, {
          direction: 'backwards',
          fromRevision: 1n,
        });
        expect(backFrom.map((e) => e.revision)).toEqual([1n, 0n]);
        const [first] = forwards;
        expect(first).toMatchObject({
          streamName: name,
          type: 'ContractNoted',
          data: { note: 'note 1', n: 1 },
        });
        expect(first?.metadata.occurredAt).toBe('2026-01-01T00:00:00.000Z');
        expect(first?.recordedAt).toBeInstanceOf(Date);
        expect(await h.store.readStream(stream('absent'))).toEqual([]);
      });

      it('readAll pages in global order and filters by event type while moving past the others', async () => {
        const from = await h.store.headPosition();
        const name = stream('all');
        await h.store.append(name, [noted(0), renamed('a'), noted(1), renamed('b'), noted(2)]);
        const mine = (e: RecordedEvent): boolean => e.streamName === name;
        const all = await readAllOf(from, mine, (seen) => seen.length === 5);
        expect(all.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
        for (let i = 1; i < all.length; i++) {
          expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
        }
        const seen: RecordedEvent[] = [];
        let position = from;
        for (let guard = 0; guard < 10_000; guard++) {
          const page = await h.store.readAll({
            from: position,
            maxCount: 2,
            eventTypes: ['ContractRenamed'],
          });
          expect(page.events.every((e) => e.type === 'ContractRenamed')).toBe(true);
          seen.push(...page.events.filter(mine));
          expect(comparePositions(page.next, position)).toBeGreaterThanOrEqual(0);
          position = page.next;
          if (page.isEnd && seen.length === 2) break;
        }
        expect(seen.map((e) => (e.data as { title: string }).title)).toEqual(['a', 'b']);
        expect(comparePositions(position, all.at(-1)!.position)).toBeGreaterThanOrEqual(0);
      });

      it('a payload read returns the same events, order and positions as a full read, filtered and unfiltered', async () => {
        const from = await h.store.headPosition();
        const name = stream('payload');
        await h.store.append(name, [noted(0), renamed('a'), noted(1), renamed('b'), noted(2)]);
        const mine = await readAllOf(
          from,
          (e) => e.streamName === name,
          (s) => s.length === 5,
        );
        const until = mine.at(-1)!.position;
        for (const eventTypes of [undefined, ['ContractRenamed']]) {
          const full = await readUntil('full', from, until, eventTypes);
          const payload = await readUntil('payload', from, until, eventTypes);
          expect(payload).toEqual(full.map(payloadOf));
          for (const e of payload) {
            expect(Object.keys(e).sort()).toEqual(['data', 'position', 'schemaVersion', 'type']);
          }
          expect(payload.filter((e) => mine.some((m) => m.position === e.position))).toHaveLength(
            eventTypes ? 2 : 5,
          );
        }
      });

      it('headPosition is the position of the newest event once it is visible', async () => {
        const name = stream('head');
        const { position } = await h.store.append(name, [noted(0)]);
        let head = await h.store.headPosition();
        while (comparePositions(head, position) < 0) {
          await pause(10);
          head = await h.store.headPosition();
        }
        expect(comparePositions(head, position)).toBeGreaterThanOrEqual(0);
      });
    });

    describe('one global order', () => {
      it('a concurrent reader sees every committed event once, in commit order, and as many as were stored', async () => {
        const from = await h.store.headPosition();
        const streams = Array.from({ length: 4 }, (_, i) => stream(`order${i}`));
        const streamPrefix = `${prefix}_order`;
        const belongs = (e: RecordedEvent): boolean => e.streamName.startsWith(streamPrefix);
        let tick = 0;
        const appends: { start: number; end: number; position: Position; ids: string[] }[] = [];
        let writersDone = false;

        const writer = async (w: number): Promise<void> => {
          for (let i = 0; i < 20; i++) {
            const batch = Array.from({ length: 1 + ((w + i) % 3) }, (_, k) =>
              noted(w * 100 + i * 3 + k),
            );
            const start = ++tick;
            const { position } = await h.store.append(streams[(w + i) % streams.length]!, batch);
            appends.push({ start, end: ++tick, position, ids: batch.map((e) => e.id) });
          }
        };
        const seen: RecordedEvent[] = [];
        const reader = async (): Promise<void> => {
          let position = from;
          const expectedTotal = (): number => appends.reduce((n, a) => n + a.ids.length, 0);
          for (;;) {
            const page = await h.store.readAll({ from: position, maxCount: 37 });
            seen.push(...page.events.filter(belongs));
            position = page.next;
            if (writersDone && page.isEnd && seen.length >= expectedTotal()) return;
            if (page.isEnd) await pause(writersDone ? 10 : 1);
          }
        };
        const reading = reader();
        await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
        writersDone = true;
        await reading;

        const total = appends.reduce((n, a) => n + a.ids.length, 0);
        expect(seen).toHaveLength(total);
        expect(new Set(seen.map((e) => e.id)).size).toBe(total);
        if (h.countEvents) expect(await h.countEvents(streamPrefix)).toBe(total);
        for (let i = 1; i < seen.length; i++) {
          expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBe(-1);
        }
        // Within a stream, the log order is the revision order.
        for (const name of streams) {
          const revisions = seen.filter((e) => e.streamName === name).map((e) => e.revision);
          expect(revisions).toEqual(revisions.map((_, i) => BigInt(i)));
        }
        // An append that finished before another started is earlier in the log.
        const byStart = [...appends].sort((a, b) => a.start - b.start);
        for (const later of byStart) {
          for (const earlier of appends) {
            if (earlier.end < later.start) {
              expect(comparePositions(earlier.position, later.position)).toBe(-1);
            }
          }
        }
      });

      const openTx = options.noOpenTransactions;
      if (openTx && !options.skip)
        console.warn(`[${adapterName}] open-transaction tests skipped: ${openTx}`);

      it.skipIf(openTx !== undefined)(
        'an append that took its position first but commits after a later one is still read',
        async () => {
          const from = await h.store.headPosition();
          const slowStream = stream('slow');
          const fastStream = stream('fast');
          const belongs = (e: RecordedEvent): boolean =>
            e.streamName === slowStream || e.streamName === fastStream;
          const slowEvent = noted(1);
          const held = await h.holdAppendOpen!(slowStream, [slowEvent]);
          const fast = await h.store.append(fastStream, [noted(2)]);

          // The reader goes as far as it may while the slow transaction is open…
          const before: RecordedEvent[] = [];
          let position = from;
          for (;;) {
            const page = await h.store.readAll({ from: position, maxCount: 100 });
            before.push(...page.events.filter(belongs));
            position = page.next;
            if (page.isEnd) break;
          }
          // …and nothing it has passed may be an event that sorts after the slow one.
          expect(before.map((e) => e.streamName)).not.toContain(fastStream);
          expect(comparePositions(await h.store.headPosition(), fast.position)).toBe(-1);

          await held.commit();
          const after = await readAllOf(position, belongs, (seen) => seen.length === 2);
          expect([...before, ...after].map((e) => e.streamName)).toEqual([slowStream, fastStream]);
          expect(after[0]?.id).toBe(slowEvent.id);
        },
      );

      it.skipIf(openTx !== undefined)(
        'a rolled-back append leaves a hole that readers skip without stalling',
        async () => {
          const from = await h.store.headPosition();
          const goneStream = stream('gone');
          const keptStream = stream('kept');
          const belongs = (e: RecordedEvent): boolean =>
            e.streamName === goneStream || e.streamName === keptStream;
          const held = await h.holdAppendOpen!(goneStream, [noted(1)]);
          const kept = [noted(2), noted(3)];
          await h.store.append(keptStream, kept);
          await held.rollback();
          await h.store.append(keptStream, [noted(4)]);

          const seen = await readAllOf(from, belongs, (s) => s.length >= 3);
          expect(seen.map((e) => e.streamName)).toEqual([keptStream, keptStream, keptStream]);
          expect(await h.store.readStream(goneStream)).toEqual([]);
          if (h.countEvents) expect(await h.countEvents(goneStream)).toBe(0);
        },
      );
    });

    describe('subscribe', () => {
      it('delivers the catch-up, then live events, in order', async () => {
        const from = await h.store.headPosition();
        const name = stream('sub');
        await h.store.append(name, [noted(0), noted(1), noted(2)]);

        const received: RecordedEvent[] = [];
        const waiters: { count: number; resolve: () => void }[] = [];
        const errors: unknown[] = [];
        const subscription = h.store.subscribe({
          from,
          batchSize: 2,
          onEvents: (events) => {
            received.push(...events.filter((e) => e.streamName === name));
            for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
            return Promise.resolve();
          },
          onError: (err) => errors.push(err),
        });
        const receivedAtLeast = (count: number): Promise<void> =>
          received.length >= count
            ? Promise.resolve()
            : new Promise((resolve) => waiters.push({ count, resolve }));
        try {
          await receivedAtLeast(3);
          await h.store.append(name, [noted(3)]);
          await h.store.append(name, [noted(4), noted(5)]);
          await receivedAtLeast(6);
        } finally {
          await subscription.stop();
        }
        expect(received.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
        expect(errors).toEqual([]);
      });

      it('delivers only the requested event types', async () => {
        const from = await h.store.headPosition();
        const name = stream('subfilter');
        const received: RecordedEvent[] = [];
        let resolveDone: () => void = () => {};
        const done = new Promise<void>((resolve) => (resolveDone = resolve));
        const subscription = h.store.subscribe({
          from,
          eventTypes: [ContractRenamed.type],
          onEvents: (events) => {
            received.push(...events);
            if (received.filter((e) => e.streamName === name).length >= 2) resolveDone();
            return Promise.resolve();
          },
        });
        try {
          await h.store.append(name, [noted(0), renamed('x'), noted(1), renamed('y')]);
          await done;
        } finally {
          await subscription.stop();
        }
        expect(received.every((e) => e.type === ContractRenamed.type)).toBe(true);
        expect(received.filter((e) => e.streamName === name).map((e) => e.revision)).toEqual([
          1n,
          3n,
        ]);
      });
    });

    describe('event types', () => {
      it('upcasts an event written with an older schema version on every read path', async () => {
        const from = await h.store.headPosition();
        const name = stream('upcast');
        await h.raw.append(name, [renamedV1('Old name')]);
        await h.store.append(name, [renamed('New name')]);
        const expected = [
          { schemaVersion: 1, data: { title: 'Old name', subtitle: '' } },
          { schemaVersion: 2, data: { title: 'New name', subtitle: 'sub' } },
        ];
        const shape = (events: PayloadEvent[]): unknown =>
          events.map((e) => ({ schemaVersion: e.schemaVersion, data: e.data }));

        expect(shape(await h.store.readStream(name))).toEqual(expected);
        const mine = (e: RecordedEvent): boolean => e.streamName === name;
        const viaReadAll = await readAllOf(from, mine, (s) => s.length === 2);
        expect(shape(viaReadAll)).toEqual(expected);
        const positions = new Set(viaReadAll.map((e) => e.position));
        const viaPayloadRead = (
          await readUntil('payload', from, viaReadAll.at(-1)!.position, ['ContractRenamed'])
        ).filter((e) => positions.has(e.position));
        expect(shape(viaPayloadRead)).toEqual(expected);

        const viaSubscription: RecordedEvent[] = [];
        let resolveDone: () => void = () => {};
        const done = new Promise<void>((resolve) => (resolveDone = resolve));
        const subscription = h.store.subscribe({
          from,
          onEvents: (events) => {
            viaSubscription.push(...events.filter(mine));
            if (viaSubscription.length >= 2) resolveDone();
            return Promise.resolve();
          },
        });
        await done;
        await subscription.stop();
        expect(shape(viaSubscription)).toEqual(expected);
        // The raw adapter returns what was stored.
        expect((await h.raw.readStream(name))[0]?.data).toEqual({ name: 'Old name' });
      });

      it('rejects an invalid payload and writes nothing of its batch', async () => {
        const name = stream('invalid');
        const bad = { ...noted(1), data: { note: '', n: 1.5 } };
        const err = await h.store.append(name, [noted(0), bad]).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(InvalidEventError);
        expect((err as InvalidEventError).eventType).toBe(ContractNoted.type);
        expect(await h.store.readStream(name)).toEqual([]);
      });

      it('rejects an unknown event type and bad metadata', async () => {
        const name = stream('unknown');
        const unknown: NewEvent = { ...noted(0), type: 'NeverDefined' };
        await expect(h.store.append(name, [unknown])).rejects.toBeInstanceOf(UnknownEventTypeError);
        const noTime: NewEvent = { ...noted(0), metadata: { occurredAt: 'yesterday' } };
        await expect(h.store.append(name, [noTime])).rejects.toBeInstanceOf(InvalidEventError);
        expect(await h.store.readStream(name)).toEqual([]);
      });
    });
  });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
