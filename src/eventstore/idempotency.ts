import type { ExpectedRevision, Position, StreamRevision } from './port.ts';

/** An already-written event found by id when an append conflicted. */
export interface WrittenEvent {
  eventId: string;
  streamName: string;
  revision: StreamRevision;
  position: Position;
}

export type RetryVerdict =
  /** The batch is exactly a previous write: succeed without writing. */
  | { kind: 'idempotent'; lastRevision: StreamRevision; position: Position }
  /** Some ids are in this stream but not as this batch at this place (EventStoreDB: corrupted idempotency). */
  | { kind: 'wrong_expected_version' }
  /** Some ids belong to other streams. */
  | { kind: 'foreign_ids'; eventIds: string[] }
  /** None of the ids is written. */
  | { kind: 'none_written' };

/**
 * EventStoreDB's idempotence rules, applied to the events already written with the batch's ids.
 * A batch is an idempotent retry when ALL its ids are in this stream, in the batch's order, at
 * consecutive revisions r0…r0+k-1, and the expected revision points at that place:
 * `any` / `stream_exists` (anywhere), `no_stream` (r0 = 0) or n (r0 = n + 1). A retry whose
 * expected revision is now stale still succeeds, exactly as a lost-acknowledgement retry should.
 * Anything else that touches written ids is a conflict.
 */
export function judgeRetry(
  streamName: string,
  eventIds: readonly string[],
  expected: ExpectedRevision,
  written: readonly WrittenEvent[],
): RetryVerdict {
  if (written.length === 0) return { kind: 'none_written' };
  const foreign = written.filter((w) => w.streamName !== streamName).map((w) => w.eventId);
  if (foreign.length > 0) return { kind: 'foreign_ids', eventIds: foreign };

  const byId = new Map(written.map((w) => [w.eventId, w]));
  const first = byId.get(eventIds[0] ?? '');
  if (!first || written.length !== eventIds.length) return { kind: 'wrong_expected_version' };
  let last = first;
  for (const [index, id] of eventIds.entries()) {
    const w = byId.get(id);
    if (!w || w.revision !== first.revision + BigInt(index))
      return { kind: 'wrong_expected_version' };
    last = w;
  }
  if (!expectedFits(expected, first.revision)) return { kind: 'wrong_expected_version' };
  return { kind: 'idempotent', lastRevision: last.revision, position: last.position };
}

function expectedFits(expected: ExpectedRevision, firstRevision: StreamRevision): boolean {
  switch (expected) {
    case 'any':
    case 'stream_exists':
      return true;
    case 'no_stream':
      return firstRevision === 0n;
    default:
      return firstRevision === expected + 1n;
  }
}

/** Ids repeated inside one batch (an append can never write them). */
export function repeatedIds(eventIds: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of eventIds) {
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
  }
  return [...repeated];
}
