import type { Knex } from 'knex';
import type { PayloadEvent, RecordedEvent } from '../../eventstore/port.ts';

/**
 * A read model: a name, a version, the event types it handles, the tables it owns and how to
 * apply a batch of events to them.
 *
 * Contract with the runner (src/projections/core/runner.ts):
 *  - `apply` runs inside ONE transaction together with the checkpoint update, so a batch is
 *    applied exactly once or not at all; it must not commit, start its own transactions or
 *    touch tables it does not own.
 *  - `apply` and `createTables` use UNQUALIFIED table names (the exported constants). During a
 *    rebuild the runner sets `search_path` to a fresh shadow schema first, so the same code
 *    fills the shadow tables while the live ones keep serving; the swap then moves them into
 *    `public` atomically.
 *  - Changing the tables' DDL or `apply`'s meaning requires bumping `version`; a projection
 *    whose stored version differs rebuilds itself when the worker starts.
 */
export type Projection = FullProjection | PayloadProjection;

/** What every projection has, whatever it reads. */
interface ProjectionBase {
  readonly name: string;
  readonly version: number;
  /** Only events of these types are passed to `apply` (the checkpoint still advances past others). */
  readonly eventTypes: readonly string[];
  /** Unqualified names of the tables this projection owns (and drops/recreates on rebuild). */
  readonly tables: readonly string[];
  /**
   * Where its first build starts. 'beginning' (default): replay the whole log into fresh tables.
   * 'head': an event processor with side effects (mail, follow-up jobs) that must never re-run
   * history: its first build only sets the checkpoint to the log's head, a version change or an
   * operator rebuild keeps the position, and it may own no tables (see src/jobs/processor.ts).
   */
  readonly startAt?: 'beginning' | 'head';
  /** Creates the owned tables and their indexes in the current search_path's first schema. */
  createTables(trx: Knex.Transaction | Knex): Promise<void>;
  /**
   * Optional faster path for a full rebuild (see src/projections/core/rebuild.ts): a fresh session
   * per rebuild replaces `createTables` + `apply` for the replay into the shadow tables, then
   * `finish` completes them before the swap. The swap's tail and the live runner always use
   * `apply`. Contract: after `finish` the tables, their indexes and their rows are those
   * `createTables` + `apply` would have produced from the same events.
   */
  readonly rebuild?: () => RebuildSession;
}

/** A projection that reads whole events (id, stream, revision, metadata, time). The default. */
export interface FullProjection extends ProjectionBase {
  readonly reads?: 'full';
  readonly apply: (trx: Knex.Transaction, events: readonly RecordedEvent[]) => Promise<void>;
}

/**
 * A projection that reads only type, schemaVersion, data and position of its events: the runner
 * reads its batches with `readAll({ fields: 'payload' })` (no metadata, ids or times sent or
 * decoded). `apply` is typed with PayloadEvent (a property, so checked strictly: an `apply` that
 * wants RecordedEvent does not fit), so it cannot touch anything else. Full events fit it too (the
 * rebuild may hand it those).
 */
export interface PayloadProjection extends ProjectionBase {
  readonly reads: 'payload';
  readonly apply: (trx: Knex.Transaction, events: readonly PayloadEvent[]) => Promise<void>;
}

/**
 * One rebuild's replay. It may keep state in memory across batches (the replay sees the log
 * once, in order, into empty tables) and defer work — secondary indexes, aggregates — to `finish`.
 * Every database call runs in its own transaction with the shadow schema first on the search_path.
 */
export interface RebuildSession {
  /** Replay batch size in events, unless the caller asks for another. */
  readonly batchSize?: number;
  /** Creates the owned tables (the indexes may wait for `finish`). */
  createTables(trx: Knex.Transaction): Promise<void>;
  /**
   * The work on one batch that needs no database (reduce, remember, serialise), called in log
   * order; it may run while the previous batch's writes are still executing. The batches'
   * `write`s run one after the other, in the same order.
   */
  prepare(events: readonly RecordedEvent[]): RebuildBatch;
  /**
   * After the last batch was written: whatever `createTables` + `apply` would have written
   * besides, in one or more transactions of `inShadow` (they may run at the same time).
   */
  finish(inShadow: ShadowTransaction): Promise<void>;
}

/** Runs `work` in a transaction of its own with the shadow schema first on the search_path. */
export type ShadowTransaction = <T>(work: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;

export interface RebuildBatch {
  write(trx: Knex.Transaction): Promise<void>;
}
