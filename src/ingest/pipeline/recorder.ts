import {
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../../eventstore/port.ts';
import { contentHash, uuidV5 } from './content-hash.ts';
import { isSingleSlotStream, placementOf, slotOfRecorded, type RacingFact } from './facts.ts';

/** Where the facts came from; kept in every event's metadata. */
export type IngestSource = 'iracing' | 'demo' | 'import';

export interface RecorderOptions {
  /** The observation time written as `metadata.occurredAt` (the demo passes its world's "now"). */
  now: () => Date;
  source: IngestSource;
  correlationId?: string;
  /** Attempts when another writer appended to the stream between our read and our append. Default 5. */
  maxAttempts?: number;
}

export interface AppendedFact {
  type: string;
  slot: string;
  /** true: the slot had a different value before (a correction / update). */
  replaced: boolean;
}

export interface StreamOutcome {
  streamName: string;
  appended: AppendedFact[];
  unchanged: number;
  /** Position of the append; null when nothing was appended. */
  position: Position | null;
}

/**
 * Records the facts of ONE stream so that the stream's slots end up holding them:
 *  - a fact equal (by content hash) to its slot's last event appends nothing;
 *  - a new slot appends the fact's first type; a changed one its correction type;
 *  - everything to append goes in ONE append with the revision that was read as the expected
 *    revision; when another writer got in between, the stream is re-read and compared again
 *    (bounded attempts), so concurrent ingests of the same data append it once;
 *  - event ids are uuid v5 of (stream, slot, content hash, id of the slot's previous event),
 *    so a retried append of the same decision is idempotent in the event store, while a value
 *    that comes back after a change (A → B → A) still gets a new id.
 * `metadata.contentHash` keeps the hash so the next comparison need not re-hash stored data.
 */
export async function recordStreamFacts(
  store: EventStore,
  streamName: string,
  facts: readonly RacingFact[],
  opts: RecorderOptions,
): Promise<StreamOutcome> {
  const prepared = facts.map((fact) => {
    const placement = placementOf(fact);
    if (placement.streamName !== streamName) {
      throw new TypeError(`Fact for ${placement.streamName} recorded on ${streamName}`);
    }
    return { fact, placement, hash: contentHash(fact.data) };
  });
  const singleSlot = facts.every(isSingleSlotStream);
  const maxAttempts = opts.maxAttempts ?? 5;

  for (let attempt = 1; ; attempt++) {
    const existing = await store.readStream(
      streamName,
      singleSlot ? { direction: 'backwards', maxCount: 1 } : {},
    );
    const lastBySlot = new Map<string, RecordedEvent>();
    let last: RecordedEvent | undefined;
    for (const e of existing) {
      if (!last || e.revision > last.revision) last = e;
      const slot = slotOfRecorded(e.type, e.data);
      const prev = slot === null ? undefined : lastBySlot.get(slot);
      if (slot !== null && (!prev || e.revision > prev.revision)) lastBySlot.set(slot, e);
    }

    const metadata: EventMetadata = {
      occurredAt: opts.now().toISOString(),
      actor: { type: 'system', id: `ingest:${opts.source}` },
      source: opts.source,
      ...(opts.correlationId ? { correlationId: opts.correlationId } : {}),
    };
    const toAppend: NewEvent[] = [];
    const appended: AppendedFact[] = [];
    const pending = new Map<string, { id: string; hash: string }>();
    for (const { fact, placement, hash } of prepared) {
      const before = pending.get(placement.slot) ?? previousOf(lastBySlot.get(placement.slot));
      if (before && before.hash === hash) continue;
      const type = before ? placement.correctionType : placement.firstType;
      const id = uuidV5(`${streamName}|${placement.slot}|${hash}|${before?.id ?? 'none'}`);
      toAppend.push({ id, type, data: fact.data, metadata: { ...metadata, contentHash: hash } });
      appended.push({ type, slot: placement.slot, replaced: before !== undefined });
      pending.set(placement.slot, { id, hash });
    }
    if (toAppend.length === 0) {
      return { streamName, appended: [], unchanged: facts.length, position: null };
    }
    const expectedRevision: ExpectedRevision = last ? last.revision : 'no_stream';
    try {
      const result = await store.append(streamName, toAppend, { expectedRevision });
      return {
        streamName,
        appended,
        unchanged: facts.length - appended.length,
        position: result.position,
      };
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw err;
    }
  }
}

function previousOf(event: RecordedEvent | undefined): { id: string; hash: string } | undefined {
  if (!event) return undefined;
  const stored = event.metadata.contentHash;
  return { id: event.id, hash: typeof stored === 'string' ? stored : contentHash(event.data) };
}
