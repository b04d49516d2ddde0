import { pino } from 'pino';
import type { EventStore } from '../eventstore/index.ts';
import type { Projection } from '../projections/core/types.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';

/**
 * Test support for the ingest int tests: a test runtime (tests/support/runtime.ts) on a fresh
 * database with the app's validating event store.
 */

export const silentLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export interface IngestTestEnv {
  db: TestDatabase;
  store: EventStore;
  close(): Promise<void>;
}

/** `projections`: the ones appends wake (default: every projection of the app). */
export async function createIngestTestEnv(
  opts: { projections?: readonly Projection[] } = {},
): Promise<IngestTestEnv> {
  const db = await createTestDatabase({
    label: 'ingest',
    logger: silentLogger,
    ...(opts.projections ? { projections: opts.projections } : {}),
  });
  return { db, store: db.runtime.eventStore, close: () => db.drop() };
}

/**
 * Every event of the log, in order (type and stream), for "nothing was appended" assertions.
 * Waits while the PostgreSQL adapter holds events back (an older transaction anywhere in the
 * cluster is still open), so the answer is the whole committed log.
 */
export async function allEvents(
  store: EventStore,
): Promise<{ type: string; streamName: string }[]> {
  for (let attempt = 0; ; attempt++) {
    const out: { type: string; streamName: string }[] = [];
    let from: Awaited<ReturnType<EventStore['readAll']>>['next'] | undefined;
    for (;;) {
      const page = await store.readAll({ ...(from ? { from } : {}), maxCount: 1000 });
      out.push(...page.events.map((e) => ({ type: e.type, streamName: e.streamName })));
      if (page.heldBack && attempt < 200) break;
      if (page.isEnd) return out;
      from = page.next;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const fixedClock =
  (iso = '2025-06-01T12:00:00.000Z') =>
  () =>
    new Date(iso);
