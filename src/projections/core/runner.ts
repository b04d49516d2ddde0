import type { Knex } from 'knex';
import {
  comparePositions,
  type EventStore,
  type PayloadEvent,
  type Position,
  type ReadAllResult,
  type RecordedEvent,
} from '../../eventstore/port.ts';
import type { Logger } from '../../logger.ts';
import {
  advanceCheckpoint,
  CheckpointConflictError,
  describeError,
  readCheckpoint,
  recordFailure,
} from './checkpoints.ts';
import { heldBackWaiter } from './held-back.ts';
import { tryRunnerLock } from './locks.ts';
import { ReadAhead } from './read-ahead.ts';
import type { Projection } from './types.ts';

export interface RunnerDeps {
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
}

export interface RunnerOptions {
  /** Events read (and applied in one transaction) per batch. Default 500. */
  batchSize?: number;
  /** Attempts of a failing batch inside one catch-up before it gives up and throws. Default 3. */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt. Default 200 ms. */
  retryDelayMs?: number;
  /** Sleeps between the retries of a failing batch (injectable for tests). */
  /**
   * How long one catch-up keeps re-reading while the event store reports committed events held
   * back behind an older open transaction (PostgreSQL's visibility bound), before it returns
   * `caught-up` with `heldBack: true`. Default 5000 ms.
   */
  maxHeldBackWaitMs?: number;
  /**
   * Batches a catch-up reads ahead of the one it applies (read-ahead.ts): reads run on the event
   * store's pool, side by side with the batch transactions; after a batch takes its page, the next
   * read starts once that batch holds the runner lock (beside its `apply`). Default 2.
   */
  readAheadDepth?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type NeedsRebuild = {
  kind: 'needs-rebuild';
  /** not-built: no checkpoint or a first build in progress; version-changed: stored ≠ code. */
  reason: 'not-built' | 'version-changed';
  storedVersion: number | null;
};

export type BatchOutcome =
  | { kind: 'applied'; events: number; position: Position; isEnd: boolean; heldBack: boolean }
  /** Nothing new is readable; `heldBack`: committed events wait behind an open older transaction. */
  | { kind: 'caught-up'; position: Position; heldBack: boolean }
  /** Another process holds this projection's runner lock right now. */
  | { kind: 'busy' }
  /** The checkpoint moved between reading it and committing: nothing was applied. */
  | { kind: 'conflict' }
  | NeedsRebuild;

export type CatchUpResult =
  /** `heldBack`: gave up waiting for events the store holds back (visibility bound); wake it again later. */
  | {
      kind: 'caught-up';
      position: Position;
      eventsApplied: number;
      batches: number;
      heldBack: boolean;
    }
  /** Stopped between batches: the signal was aborted (shutdown) or `maxBatches` were applied. */
  | { kind: 'stopped'; position: Position; eventsApplied: number; batches: number }
  | { kind: 'busy' }
  | NeedsRebuild;

/** A batch kept failing for `maxAttempts` attempts; the error is recorded on the checkpoint row. */
export class ProjectionFailedError extends Error {
  override readonly name = 'ProjectionFailedError';
  constructor(
    readonly projection: string,
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(`Projection ${projection} failed ${attempts} times: ${describeError(cause)}`);
  }
}

export interface ProjectionRunner {
  /** Reads one batch from the checkpoint and applies it (see applyBatch). */
  runBatch(projection: Projection): Promise<BatchOutcome>;
  /**
   * Applies batches until readAll reports the end of the log. A failing batch is rolled back,
   * recorded (status 'failed', last_error) and retried with doubling delays; after
   * `maxAttempts` it throws ProjectionFailedError and the checkpoint stays before the batch.
   *
   * Pipelined: while batch n is applied and committed, the following batches (up to
   * `readAheadDepth`) are already being read, each from the previous page's end (reads run on
   * the event store's own pool; read-ahead.ts). Nothing of this is trusted: batch n+1 still
   * commits only by compare-and-set from n's position, and pages read ahead are dropped
   * whenever batch n did not commit. The checkpoint row is read at the start and
   * after a conflict or failure; in between, the position this catch-up committed last is used
   * (the compare-and-set proves it is still current). Returns with no read in flight.
   *
   * `maxBatches`: return 'stopped' after that many applied batches (to share a worker fairly,
   * or to measure a fixed amount of work).
   */
  runUntilCaughtUp(
    projection: Projection,
    opts?: { signal?: AbortSignal; maxBatches?: number },
  ): Promise<CatchUpResult>;
}

/**
 * Applies `events` (read from `from`, ending at `next`) to the live tables in ONE transaction
 * that also moves the checkpoint from `from` to `next` by compare-and-set:
 *  - the transaction first takes the projection's runner lock (pg_try_advisory_xact_lock); if
 *    another process holds it, nothing happens and the outcome is 'busy';
 *  - if the checkpoint is no longer at `from` (another runner or a rebuild's swap advanced it),
 *    the UPDATE matches 0 rows, the transaction rolls back and the outcome is 'conflict';
 *  - if `apply` throws, the transaction rolls back and the error propagates.
 * So a batch's effect on the read tables is committed exactly once, or not at all.
 *
 * The checkpoint moves LAST on purpose: the transaction gets its transaction id at its first
 * write, and while it holds one, the event store holds back every event appended after it
 * (the xid8 visibility bound). Writing the checkpoint first would start that during `apply`'s
 * preparation, however long it takes.
 *
 * `events` are what a read with the projection's `reads` returned (see `readsOf`): a payload
 * projection takes payload or full events, a full projection only full ones (checked: a
 * TypeError, nothing applied).
 */
export async function applyBatch(
  knex: Knex,
  projection: Projection,
  batch: {
    from: Position;
    events: readonly PayloadEvent[];
    next: Position;
    isEnd: boolean;
    heldBack?: boolean;
  },
  /** Called once the batch holds the runner lock, right before `apply` (the catch-up's cue to read ahead). */
  onLocked?: () => void,
): Promise<BatchOutcome> {
  try {
    return await knex.transaction(async (trx): Promise<BatchOutcome> => {
      if (!(await tryRunnerLock(trx, projection.name))) return { kind: 'busy' };
      onLocked?.();
      if (batch.events.length > 0) await applyEvents(trx, projection, batch.events);
      await advanceCheckpoint(trx, {
        name: projection.name,
        version: projection.version,
        from: batch.from,
        to: batch.next,
        applied: batch.events.length,
        isEnd: batch.isEnd,
      });
      return {
        kind: 'applied',
        events: batch.events.length,
        position: batch.next,
        isEnd: batch.isEnd,
        heldBack: batch.heldBack === true,
      };
    });
  } catch (err) {
    if (err instanceof CheckpointConflictError) return { kind: 'conflict' };
    throw err;
  }
}

/** The fields the runner reads for `projection` (FullProjection's `reads` is optional). */
export function readsOf(projection: Projection): 'full' | 'payload' {
  return projection.reads ?? 'full';
}

function applyEvents(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly PayloadEvent[],
): Promise<void> {
  if (projection.reads === 'payload') return projection.apply(trx, events);
  if (!events.every(isRecorded)) {
    throw new TypeError(`Projection ${projection.name} reads full events; it got payload events`);
  }
  return projection.apply(trx, events);
}

/** Full events carry metadata; payload events never do. */
function isRecorded(event: PayloadEvent): event is RecordedEvent {
  return 'metadata' in event;
}

const MAX_CONFLICTS_IN_A_ROW = 20;

export function createProjectionRunner(
  deps: RunnerDeps,
  opts: RunnerOptions = {},
): ProjectionRunner {
  const batchSize = opts.batchSize ?? 500;
  const maxAttempts = opts.maxAttempts ?? 3;
  const retryDelayMs = opts.retryDelayMs ?? 200;
  const maxHeldBackWaitMs = opts.maxHeldBackWaitMs ?? 5000;
  const readAheadDepth = opts.readAheadDepth ?? 2;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  type CheckpointCheck = { kind: 'current'; position: Position } | NeedsRebuild;

  async function currentCheckpoint(projection: Projection): Promise<CheckpointCheck> {
    const checkpoint = await readCheckpoint(deps.knex, projection.name);
    if (!checkpoint || checkpoint.version === 0) {
      return {
        kind: 'needs-rebuild',
        reason: 'not-built',
        storedVersion: checkpoint?.version ?? null,
      };
    }
    if (checkpoint.version !== projection.version) {
      return {
        kind: 'needs-rebuild',
        reason: 'version-changed',
        storedVersion: checkpoint.version,
      };
    }
    return { kind: 'current', position: checkpoint.position };
  }

  // Read outside the transaction: the batch transaction holds a connection only while it writes.
  // A payload projection's pages are read with fields: 'payload' (less to send and decode).
  const readFrom = (projection: Projection, from: Position): Promise<ReadAllResult<PayloadEvent>> =>
    deps.eventStore.readAll({
      from,
      maxCount: batchSize,
      eventTypes: projection.eventTypes,
      fields: readsOf(projection),
    });

  /** One batch from `from`: its page (`read`), then the transaction (`onLocked`: see applyBatch). */
  async function batchFrom(
    projection: Projection,
    from: Position,
    read: (from: Position) => Promise<ReadAllResult<PayloadEvent>>,
    onLocked?: () => void,
  ): Promise<BatchOutcome> {
    const page = await read(from);
    if (page.events.length === 0 && comparePositions(page.next, from) <= 0) {
      return { kind: 'caught-up', position: from, heldBack: page.heldBack === true };
    }
    return applyBatch(
      deps.knex,
      projection,
      {
        from,
        events: page.events,
        next: page.next,
        isEnd: page.isEnd,
        heldBack: page.heldBack === true,
      },
      onLocked,
    );
  }

  async function runBatch(projection: Projection): Promise<BatchOutcome> {
    const checkpoint = await currentCheckpoint(projection);
    if (checkpoint.kind !== 'current') return checkpoint;
    return batchFrom(projection, checkpoint.position, (from) => readFrom(projection, from));
  }

  async function runUntilCaughtUp(
    projection: Projection,
    runOpts: { signal?: AbortSignal; maxBatches?: number } = {},
  ): Promise<CatchUpResult> {
    let eventsApplied = 0;
    let batches = 0;
    let failures = 0;
    let conflicts = 0;
    let position: Position | undefined;
    /** The checkpoint as this catch-up last committed it; unknown after a conflict or failure. */
    let committed: Position | undefined;
    const maxBatches = runOpts.maxBatches ?? Infinity;
    // Pages held or in flight are for the batches after the one being applied. The reads ahead
    // start once the batch holds its lock (cued; read-ahead.ts): they then run beside the batch's
    // apply rather than its first round trips.
    const ahead = new ReadAhead({
      read: (from) => readFrom(projection, from),
      depth: readAheadDepth,
      mayRead: (pagesAhead) => batches + 1 + pagesAhead < maxBatches && !runOpts.signal?.aborted,
      cued: true,
    });
    // The end of the log is not final while the store holds committed events back: re-read after
    // a short, growing pause (bounded), since the older transaction may also roll back silently.
    const heldBack = heldBackWaiter(maxHeldBackWaitMs, runOpts.signal);
    const nextBatch = async (): Promise<BatchOutcome> => {
      let from = committed;
      if (from === undefined) {
        const checkpoint = await currentCheckpoint(projection);
        if (checkpoint.kind !== 'current') return checkpoint;
        from = checkpoint.position;
      }
      const outcome = await batchFrom(
        projection,
        from,
        (f) => ahead.take(f),
        () => ahead.cue(),
      );
      committed = outcome.kind === 'applied' ? outcome.position : undefined;
      return outcome;
    };

    const loop = async (): Promise<CatchUpResult> => {
      for (;;) {
        if (position !== undefined && (runOpts.signal?.aborted || batches >= maxBatches)) {
          return { kind: 'stopped', position, eventsApplied, batches };
        }
        let outcome: BatchOutcome;
        try {
          outcome = await nextBatch();
        } catch (err) {
          committed = undefined;
          ahead.clear();
          failures += 1;
          await recordFailure(deps.knex, projection.name, err).catch((recordErr: unknown) =>
            deps.logger.error(
              { err: recordErr, projection: projection.name },
              'could not record projection failure',
            ),
          );
          deps.logger.warn(
            { err, projection: projection.name, attempt: failures, maxAttempts },
            'projection batch failed; rolled back',
          );
          if (failures >= maxAttempts)
            throw new ProjectionFailedError(projection.name, failures, err);
          await sleep(retryDelayMs * 2 ** (failures - 1));
          continue;
        }
        failures = 0;
        if (outcome.kind !== 'applied') ahead.clear();
        switch (outcome.kind) {
          case 'applied':
            conflicts = 0;
            eventsApplied += outcome.events;
            batches += 1;
            position = outcome.position;
            if (outcome.isEnd && !(outcome.heldBack && (await heldBack.wait()))) {
              return {
                kind: 'caught-up',
                position,
                eventsApplied,
                batches,
                heldBack: outcome.heldBack,
              };
            }
            break;
          case 'caught-up':
            if (outcome.heldBack && (await heldBack.wait())) break;
            return {
              kind: 'caught-up',
              position: outcome.position,
              eventsApplied,
              batches,
              heldBack: outcome.heldBack,
            };
          case 'conflict':
            conflicts += 1;
            if (conflicts >= MAX_CONFLICTS_IN_A_ROW) return { kind: 'busy' };
            break;
          case 'busy':
          case 'needs-rebuild':
            return outcome;
          default: {
            const unreachable: never = outcome;
            throw new Error(`Unhandled batch outcome ${JSON.stringify(unreachable)}`);
          }
        }
      }
    };

    try {
      return await loop();
    } finally {
      // Leave nothing running behind the caller's back (shutdown closes the store next):
      // reads still in flight are awaited and dropped.
      await ahead.settle();
    }
  }

  return { runBatch, runUntilCaughtUp };
}
