import {
  START,
  type Position,
  type ReadAllOptions,
  type ReadAllResult,
  type SubscribeOptions,
  type Subscription,
} from './port.ts';

/** Something that says "the log may have grown" (LISTEN/NOTIFY, an in-process append, …). */
export interface WakeSource {
  /** A counter that changes on every wake-up; read it BEFORE reading so no wake-up is lost. */
  generation(): number;
  /** Resolves when the generation differs from `seen`, after `timeoutMs`, or on abort. */
  waitFor(seen: number, timeoutMs: number, signal: AbortSignal): Promise<void>;
  /** Keeps the wake source listening while the returned release function is not called. */
  retain(): () => void;
}

export interface CatchUpDeps {
  readAll(opts: ReadAllOptions<'full'>): Promise<ReadAllResult & { heldBack?: boolean }>;
  wake: WakeSource;
  /** Safety-net poll while idle: covers lost notifications and rolled-back writers. */
  pollIntervalMs: number;
}

/**
 * A catch-up subscription over `readAll`: reads batches from `from` until the end, then waits for
 * a wake-up (or the poll interval) and reads again. Guarantees:
 *  - batches are delivered in global order, each strictly after the previous one, and the next
 *    batch is read only after `onEvents` resolved;
 *  - a wake-up that arrives while a read or `onEvents` is running is not lost (generation check);
 *  - when readAll reports events held back behind an open older transaction, it re-reads with a
 *    short back-off instead of waiting for the next notification (the older transaction may roll
 *    back, which notifies nobody);
 *  - a failing read is reported to `onError` and retried with back-off; a failing `onEvents` is
 *    reported and ends the subscription (the consumer owns its position and may resubscribe).
 */
export function runCatchUp(deps: CatchUpDeps, opts: SubscribeOptions): Subscription {
  const abort = new AbortController();
  const release = deps.wake.retain();
  const batchSize = opts.batchSize ?? 500;
  const reportError = (err: unknown): void => {
    try {
      opts.onError?.(err);
    } catch {
      // An error reporter that throws must not kill the loop.
    }
  };

  const loop = async (): Promise<void> => {
    let from: Position = opts.from ?? START;
    let shortWaitMs = 5;
    let failures = 0;
    while (!abort.signal.aborted) {
      const seen = deps.wake.generation();
      let result: ReadAllResult & { heldBack?: boolean };
      try {
        result = await deps.readAll({
          from,
          maxCount: batchSize,
          ...(opts.eventTypes ? { eventTypes: opts.eventTypes } : {}),
        });
        failures = 0;
      } catch (err) {
        if (abort.signal.aborted) return;
        reportError(err);
        failures += 1;
        await deps.wake.waitFor(Number.NaN, Math.min(100 * 2 ** failures, 10_000), abort.signal);
        continue;
      }
      if (abort.signal.aborted) return;
      if (result.events.length > 0) {
        try {
          await opts.onEvents(result.events, result.next);
        } catch (err) {
          reportError(err);
          abort.abort();
          return;
        }
      }
      from = result.next;
      if (!result.isEnd) continue;
      if (result.heldBack) {
        await deps.wake.waitFor(seen, shortWaitMs, abort.signal);
        shortWaitMs = Math.min(shortWaitMs * 2, deps.pollIntervalMs);
        continue;
      }
      shortWaitMs = 5;
      await deps.wake.waitFor(seen, deps.pollIntervalMs, abort.signal);
    }
  };

  const done = loop().finally(release);
  return {
    stop: async () => {
      abort.abort();
      await done;
    },
  };
}

/** A wake source for one process: `bump()` wakes every waiter. */
export class LocalWakeSource implements WakeSource {
  #generation = 0;
  readonly #waiters = new Set<() => void>();

  generation(): number {
    return this.#generation;
  }

  bump(): void {
    this.#generation += 1;
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const wake of waiters) wake();
  }

  waitFor(seen: number, timeoutMs: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    // NaN = "sleep, but let any wake-up end it early" (used for error back-off).
    if (!Number.isNaN(seen) && seen !== this.#generation) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.#waiters.delete(finish);
        signal.removeEventListener('abort', finish);
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      this.#waiters.add(finish);
      signal.addEventListener('abort', finish, { once: true });
    });
  }

  retain(): () => void {
    return () => {};
  }
}
