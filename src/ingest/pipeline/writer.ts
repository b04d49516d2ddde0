import { comparePositions, type EventStore, type Position } from '../../eventstore/port.ts';
import type { RacingFact } from './facts.ts';
import { placementOf } from './facts.ts';
import { countResultRows } from './map-results.ts';
import { recordStreamFacts, type RecorderOptions, type StreamOutcome } from './recorder.ts';

export interface IngestCounts {
  /** Facts offered to the writer. */
  facts: number;
  /** Events appended (first recordings + corrections/updates). */
  appended: number;
  /** Of `appended`, how many replaced a different earlier value. */
  corrected: number;
  /** Facts equal to what their stream already held: nothing appended. */
  unchanged: number;
  /** Appended events by type. */
  byType: Record<string, number>;
  /** Result rows (every simsession) of the subsession events appended. */
  resultRows: number;
}

export const emptyCounts = (): IngestCounts => ({
  facts: 0,
  appended: 0,
  corrected: 0,
  unchanged: 0,
  byType: {},
  resultRows: 0,
});

export interface AppendedNotice {
  position: Position;
  eventTypes: string[];
}

export interface IngestWriterOptions extends RecorderOptions {
  /**
   * Told what was appended, so projections can be woken (JobSystem.notifyAppended). Coalesced:
   * at most one call per `notifyEveryMs` with the highest position and every type since the last
   * call, and a final one on `flush()`. Errors are swallowed (the safety poll catches up).
   */
  onAppended?: (notice: AppendedNotice) => unknown;
  notifyEveryMs?: number;
}

/**
 * The ingest's single way into the event store: groups facts by stream and records each stream
 * with `recordStreamFacts` (idempotent, correcting). Safe to call concurrently for different
 * streams; the caller bounds the concurrency. Keeps running counts for progress output.
 */
export class IngestWriter {
  readonly counts: IngestCounts = emptyCounts();
  private pendingPosition: Position | null = null;
  private readonly pendingTypes = new Set<string>();
  private lastNotify = 0;

  constructor(
    private readonly store: EventStore,
    private readonly opts: IngestWriterOptions,
  ) {}

  async record(facts: readonly RacingFact[]): Promise<StreamOutcome[]> {
    const byStream = new Map<string, RacingFact[]>();
    for (const fact of facts) {
      const stream = placementOf(fact).streamName;
      const list = byStream.get(stream) ?? [];
      list.push(fact);
      byStream.set(stream, list);
    }
    const outcomes: StreamOutcome[] = [];
    for (const [stream, list] of byStream) {
      const outcome = await recordStreamFacts(this.store, stream, list, this.opts);
      this.count(list, outcome);
      outcomes.push(outcome);
    }
    await this.maybeNotify(false);
    return outcomes;
  }

  /** Sends the last coalesced notice (call when a run ends). */
  async flush(): Promise<void> {
    await this.maybeNotify(true);
  }

  private count(facts: readonly RacingFact[], outcome: StreamOutcome): void {
    const c = this.counts;
    c.facts += facts.length;
    c.unchanged += outcome.unchanged;
    c.appended += outcome.appended.length;
    for (const a of outcome.appended) {
      if (a.replaced) c.corrected += 1;
      c.byType[a.type] = (c.byType[a.type] ?? 0) + 1;
      this.pendingTypes.add(a.type);
    }
    if (outcome.appended.length > 0) {
      for (const fact of facts) {
        if (fact.kind === 'subsession') c.resultRows += countResultRows(fact.data).all;
      }
    }
    if (
      outcome.position &&
      (!this.pendingPosition || comparePositions(outcome.position, this.pendingPosition) > 0)
    ) {
      this.pendingPosition = outcome.position;
    }
  }

  private async maybeNotify(force: boolean): Promise<void> {
    const notify = this.opts.onAppended;
    if (!notify || !this.pendingPosition) return;
    const now = Date.now();
    if (!force && now - this.lastNotify < (this.opts.notifyEveryMs ?? 1000)) return;
    const notice = { position: this.pendingPosition, eventTypes: [...this.pendingTypes] };
    this.pendingPosition = null;
    this.pendingTypes.clear();
    this.lastNotify = now;
    try {
      await notify(notice);
    } catch {
      // The events are committed; the projections' safety poll picks them up.
    }
  }
}
