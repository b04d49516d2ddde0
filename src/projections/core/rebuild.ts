import type { Knex } from 'knex';
import { comparePositions, START, type Position } from '../../eventstore/port.ts';
import { CHECKPOINTS_TABLE, describeError, readCheckpoint, setStatus } from './checkpoints.ts';
import { REBUILD_LOCK_CLASS, runnerLock } from './locks.ts';
import type { RunnerDeps } from './runner.ts';
import { heldBackWaiter } from './held-back.ts';
import { acquireSessionLock } from './session-lock.ts';
import type { Projection, RebuildSession } from './types.ts';

export interface RebuildProgress {
  projection: string;
  /**
   * replay: filling the shadow tables from the log (up to the moving head); finish: the replay
   * ended, the session's `finish` and ANALYZE run (reported once); swap: final tail + swap.
   */
  phase: 'replay' | 'finish' | 'swap';
  eventsApplied: number;
  batches: number;
  position: Position;
  /** The log's head when the rebuild started (the replay continues past it while appends go on). */
  headAtStart: Position;
}

export type RebuildResult =
  | {
      kind: 'rebuilt';
      projection: string;
      version: number;
      position: Position;
      eventsApplied: number;
      batches: number;
    }
  /** locked: another process is rebuilding it; up-to-date: `onlyIfStale` and the stored version matches. */
  | { kind: 'skipped'; projection: string; reason: 'locked' | 'up-to-date' };

export interface RebuildOptions {
  batchSize?: number;
  /** Called after every replay batch and after the swap; awaited (a slow callback slows the rebuild). */
  onProgress?(progress: RebuildProgress): void | Promise<void>;
  /** Rebuild only when the checkpoint is missing or its version differs from the code's. */
  onlyIfStale?: boolean;
  /** Wait for another process's rebuild of the same projection instead of skipping it. */
  waitForLock?: boolean;
  /** lock_timeout of the swap transaction; the swap is retried when it expires. Default 5 s. */
  swapLockTimeoutMs?: number;
  maxSwapAttempts?: number;
  /** Batches applied inside the swap transaction (the tail appended since the replay ended). Default 5. */
  maxTailBatches?: number;
  /**
   * How long the replay may wait, in all, at the end of the log for committed events that an
   * older open transaction still holds back (PostgreSQL store). Default 10 s; after it the
   * rebuild swaps in without them and the live runner applies them once they are readable.
   */
  maxHeldBackWaitMs?: number;
}

export function shadowSchemaName(projection: string): string {
  return `projection_rebuild_${projection}`;
}

const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Rebuilds a projection from the whole log into fresh tables and swaps them in atomically; the
 * same path builds a projection that has no checkpoint yet.
 *
 * Guarantees:
 *  - readers never see a half-built table: the replay fills tables in a shadow schema
 *    (`SET LOCAL search_path TO <shadow>, public` in every batch transaction) while the live
 *    tables keep serving; one transaction then drops the live tables, moves the shadow ones into
 *    `public` and sets checkpoint + version;
 *  - nothing is lost or applied twice across the swap: the swap takes the projection's runner
 *    lock and the checkpoint row lock, applies the tail the replay has not seen, and sets the
 *    checkpoint to exactly the position the shadow tables reflect; a live runner whose batch
 *    was read before the swap then fails its compare-and-set and re-reads;
 *  - one rebuild per projection at a time across processes (a session advisory lock);
 *  - the new tables arrive with planner statistics: they are ANALYZEd in the shadow schema
 *    before the swap (the statistics move with them);
 *  - the shadow schema must be empty after the move (DROP SCHEMA … RESTRICT), so a projection
 *    that created anything besides its declared tables fails the rebuild instead of losing it.
 * A rebuild that fails leaves the live tables and checkpoint as they were (status 'failed').
 */
export async function rebuildProjection(
  deps: RunnerDeps,
  projection: Projection,
  opts: RebuildOptions = {},
): Promise<RebuildResult> {
  const { knex, eventStore, logger } = deps;
  const lock = await acquireSessionLock(knex, [REBUILD_LOCK_CLASS, projection.name], {
    wait: opts.waitForLock ?? false,
  });
  if (!lock) return { kind: 'skipped', projection: projection.name, reason: 'locked' };

  const shadow = shadowSchemaName(projection.name);
  try {
    const before = await readCheckpoint(knex, projection.name);
    if (opts.onlyIfStale && before && before.version === projection.version) {
      return { kind: 'skipped', projection: projection.name, reason: 'up-to-date' };
    }
    if (projection.startAt === 'head') return await startAtHead(deps, projection);
    // Version 0 = "first build under way": visible to operators, never applied to by a runner.
    await knex(CHECKPOINTS_TABLE)
      .insert({ name: projection.name, version: 0, position: START, status: 'rebuilding' })
      .onConflict('name')
      .merge({ status: 'rebuilding', updated_at: knex.fn.now() });

    const session = projection.rebuild?.();
    const batchSize = opts.batchSize ?? session?.batchSize ?? 1000;
    await createShadowTables(knex, projection, shadow, session);

    const headAtStart = await eventStore.headPosition();
    let position: Position = START;
    let eventsApplied = 0;
    let batches = 0;
    const report = async (phase: RebuildProgress['phase']) =>
      opts.onProgress?.({
        projection: projection.name,
        phase,
        eventsApplied,
        batches,
        position,
        headAtStart,
      });
    logger.info(
      { projection: projection.name, version: projection.version, headAtStart },
      'rebuild started',
    );
    await report('replay');

    // The next page is read while the current one is applied (the log and the shadow tables are
    // written by different connections), so reading the log and writing overlap.
    const readFrom = (from: Position) => {
      const page = eventStore.readAll({
        from,
        maxCount: batchSize,
        eventTypes: projection.eventTypes,
      });
      page.catch(() => undefined); // awaited below; never an unhandled rejection
      return page;
    };
    // Takes the count, not the events: a batch's events may be collected once prepared.
    const writeBatch = (eventCount: number, write: WriteBatch) =>
      knex.transaction(async (trx) => {
        await useSchema(trx, shadow);
        // The shadow tables are dropped if the rebuild does not finish, so a batch lost in a
        // crash costs nothing: no need to wait for its commit to reach the disk.
        await trx.raw('SET LOCAL synchronous_commit = off');
        if (eventCount > 0) await write(trx);
      });
    // A session's batch N+1 is prepared (CPU) while batch N is written (database).
    let writing: { done: Promise<void>; next: Position; events: number } | null = null;
    const settle = async () => {
      if (!writing) return;
      await writing.done;
      position = writing.next;
      eventsApplied += writing.events;
      batches += 1;
      writing = null;
      await report('replay');
    };
    // The end of the log is not final while events that committed before the rebuild's last read
    // are held back by an older open transaction (anywhere on the server): wait for them, briefly
    // and in all at most maxHeldBackWaitMs, so a rebuild reflects the log as it was committed.
    const heldBack = heldBackWaiter(opts.maxHeldBackWaitMs ?? 10_000);
    let next = readFrom(position);
    for (;;) {
      const read = await next;
      const from = writing?.next ?? position;
      if (read.events.length === 0 && comparePositions(read.next, from) <= 0) {
        if (read.heldBack && (await heldBack.wait())) {
          next = readFrom(from);
          continue;
        }
        break;
      }
      if (!read.isEnd) next = readFrom(read.next);
      const write: WriteBatch = session
        ? (
            (batch) => (trx) =>
              batch.write(trx)
          )(session.prepare(read.events))
        : (trx) => projection.apply(trx, read.events);
      await settle();
      const done = writeBatch(read.events.length, write);
      done.catch(() => undefined); // awaited by settle(); never an unhandled rejection
      writing = { done, next: read.next, events: read.events.length };
      if (!session) await settle();
      if (read.isEnd) {
        if (read.heldBack && (await heldBack.wait())) {
          next = readFrom(read.next);
          continue;
        }
        break;
      }
    }
    if (heldBack.gaveUp()) {
      logger.warn(
        { projection: projection.name },
        'rebuild replay ended while an open transaction still held events back; the live runner applies them',
      );
    }
    await settle();
    await report('finish');
    if (session) {
      await session.finish((work) =>
        knex.transaction(async (trx) => {
          await useSchema(trx, shadow);
          // Index builds and the set-based fills sort millions of rows.
          await trx.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
          await trx.raw(`SET LOCAL work_mem = '128MB'`);
          return work(trx);
        }),
      );
    }
    // Statistics before the swap: readers' first queries on the new tables get real plans, and
    // the time is spent while the live tables still serve (the swap's tail moves few rows).
    await analyzeTables(knex, shadow, projection.tables);

    const swapped = await swapIn(deps, projection, shadow, {
      position,
      batchSize,
      eventsApplied,
      opts,
    });
    position = swapped.position;
    eventsApplied = swapped.eventsApplied;
    batches += swapped.batches;
    await report('swap');

    logger.info({ projection: projection.name, position, eventsApplied }, 'rebuild swapped in');
    return {
      kind: 'rebuilt',
      projection: projection.name,
      version: projection.version,
      position,
      eventsApplied,
      batches,
    };
  } catch (err) {
    logger.error({ err, projection: projection.name }, 'rebuild failed; live tables unchanged');
    await setStatus(knex, projection.name, 'failed', `rebuild failed: ${describeError(err)}`).catch(
      () => undefined,
    );
    throw err;
  } finally {
    await knex
      .raw('DROP SCHEMA IF EXISTS ?? CASCADE', [shadow])
      .catch((err: unknown) => logger.warn({ err, shadow }, 'could not drop the shadow schema'));
    await lock.release();
  }
}

/**
 * The "build" of a startAt: 'head' processor: never a replay. A first build puts the checkpoint
 * at the log's head; a version change or an operator rebuild keeps the position.
 */
async function startAtHead(deps: RunnerDeps, projection: Projection): Promise<RebuildResult> {
  const position = await deps.knex.transaction(async (trx) => {
    await runnerLock(trx, projection.name);
    const head = await deps.eventStore.headPosition();
    const { rows } = await trx.raw<{ rows: { position: Position }[] }>(
      `INSERT INTO ${CHECKPOINTS_TABLE} (name, version, position, status) VALUES (?, ?, ?, 'idle')
       ON CONFLICT (name) DO UPDATE
         SET version = excluded.version, status = 'idle', failures = 0, last_error = NULL, updated_at = now()
       RETURNING position`,
      [projection.name, projection.version, head],
    );
    const [row] = rows;
    return row!.position;
  });
  deps.logger.info(
    { projection: projection.name, position },
    'processor starts at its checkpoint; history is not replayed',
  );
  return {
    kind: 'rebuilt',
    projection: projection.name,
    version: projection.version,
    position,
    eventsApplied: 0,
    batches: 0,
  };
}

/**
 * VACUUM of each table, then ANALYZE of each, two at a time (each on its own connection): the
 * visibility map set, so index-only scans on the swapped-in tables answer from the index instead
 * of fetching every heap page until autovacuum first visits the new tables (never, on a server
 * that runs with autovacuum off), and statistics for the planner.
 *
 * The replay's batches commit without waiting for their WAL to be flushed, and a vacuum cannot
 * mark a page all-visible while a commit of its rows is not yet flushed (it may not set the hint
 * bits): the vacuums wait until the WAL written so far is flushed (the WAL writer does it within
 * its delay, 200 ms by default). The vacuums run before the analyzes, not beside them: an ANALYZE holds a snapshot, whose horizon
 * (the oldest transaction running anywhere on the server when it began) a vacuum of the same
 * database must respect, and it could keep the new rows from counting as visible to everyone.
 */
async function analyzeTables(knex: Knex, schema: string, tables: readonly string[]): Promise<void> {
  await walFlushed(knex);
  for (const command of ['VACUUM ??.??', 'ANALYZE ??.??']) {
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < tables.length; i = next++) {
        await knex.raw(command, [schema, tables[i]!]);
      }
    };
    await Promise.all([lane(), lane()]);
  }
}

/**
 * Resolves once the server has flushed every WAL record inserted before the call, or after about
 * 10 s without it (the vacuums then mark what they can; autovacuum marks the rest later).
 */
async function walFlushed(knex: Knex): Promise<void> {
  const inserted = (
    await knex.raw<{ rows: { lsn: string }[] }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')
  ).rows[0]!.lsn;
  for (let i = 0; i < 500; i++) {
    const { rows } = await knex.raw<{ rows: { flushed: boolean }[] }>(
      'SELECT pg_current_wal_flush_lsn() >= ?::pg_lsn AS flushed',
      [inserted],
    );
    if (rows[0]!.flushed) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

type WriteBatch = (trx: Knex.Transaction) => Promise<void>;

async function useSchema(trx: Knex.Transaction, schema: string): Promise<void> {
  await trx.raw('SET LOCAL search_path TO ??, public', [schema]);
}

/** A fresh shadow schema with the projection's tables; fails if a declared table is not created. */
async function createShadowTables(
  knex: Knex,
  projection: Projection,
  shadow: string,
  session: RebuildSession | undefined,
): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [shadow]);
    await trx.raw('CREATE SCHEMA ??', [shadow]);
    await useSchema(trx, shadow);
    if (session) await session.createTables(trx);
    else await projection.createTables(trx);
    const { rows } = await trx.raw<{ rows: { table_name: string }[] }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = ?`,
      [shadow],
    );
    const created = new Set(rows.map((r) => r.table_name));
    const missing = projection.tables.filter((t) => !created.has(t));
    if (missing.length > 0) {
      throw new Error(
        `Projection ${projection.name}: createTables did not create ${missing.join(', ')}`,
      );
    }
  });
}

async function swapIn(
  deps: RunnerDeps,
  projection: Projection,
  shadow: string,
  args: { position: Position; batchSize: number; eventsApplied: number; opts: RebuildOptions },
): Promise<{ position: Position; eventsApplied: number; batches: number }> {
  const { knex, eventStore, logger } = deps;
  const maxAttempts = args.opts.maxSwapAttempts ?? 10;
  const lockTimeoutMs = args.opts.swapLockTimeoutMs ?? 5000;
  const maxTailBatches = args.opts.maxTailBatches ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await knex.transaction(async (trx) => {
        await trx.raw(`SET LOCAL lock_timeout = '${Math.max(1, Math.floor(lockTimeoutMs))}ms'`);
        // Lock order runner lock → checkpoint row → tables, the same as a live batch's, so the
        // swap and a runner never deadlock: the swap waits for an in-flight batch to commit.
        await runnerLock(trx, projection.name);
        await readCheckpoint(trx, projection.name, { forUpdate: true });
        await useSchema(trx, shadow);
        let position = args.position;
        let eventsApplied = args.eventsApplied;
        let batches = 0;
        for (let i = 0; i < maxTailBatches; i++) {
          const read = await eventStore.readAll({
            from: position,
            maxCount: args.batchSize,
            eventTypes: projection.eventTypes,
          });
          if (read.events.length === 0 && comparePositions(read.next, position) <= 0) break;
          if (read.events.length > 0) await projection.apply(trx, read.events);
          position = read.next;
          eventsApplied += read.events.length;
          batches += 1;
          if (read.isEnd) break;
        }
        for (const table of projection.tables) {
          await trx.raw('DROP TABLE IF EXISTS public.??', [table]);
          await trx.raw('ALTER TABLE ??.?? SET SCHEMA public', [shadow, table]);
        }
        await trx.raw('SET LOCAL search_path TO public');
        await trx(CHECKPOINTS_TABLE).where({ name: projection.name }).update({
          version: projection.version,
          position,
          status: 'idle',
          events_applied: eventsApplied,
          failures: 0,
          last_error: null,
          last_error_at: null,
          rebuilt_at: trx.fn.now(),
          updated_at: trx.fn.now(),
        });
        await trx.raw('DROP SCHEMA ?? RESTRICT', [shadow]);
        return { position, eventsApplied, batches };
      });
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code !== LOCK_NOT_AVAILABLE || attempt >= maxAttempts) throw err;
      logger.warn(
        { projection: projection.name, attempt },
        'rebuild swap waited too long for a lock; retrying',
      );
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/**
 * Builds every projection that has no checkpoint yet and rebuilds every one whose stored
 * version differs from its code version. Waits for a rebuild another process is already
 * running, then re-checks. One after the other, stopping at the first failure; the worker
 * rebuilds side by side instead (rebuildProjections, ./rebuild-many.ts).
 */
export async function rebuildStaleProjections(
  deps: RunnerDeps,
  projections: readonly Projection[],
  opts: Omit<RebuildOptions, 'onlyIfStale' | 'waitForLock'> = {},
): Promise<RebuildResult[]> {
  const results: RebuildResult[] = [];
  for (const projection of await staleProjections(deps, projections)) {
    results.push(
      await rebuildProjection(deps, projection, { ...opts, onlyIfStale: true, waitForLock: true }),
    );
  }
  return results;
}

/** The projections without a checkpoint or whose stored version differs from the code's (logged). */
export async function staleProjections(
  deps: RunnerDeps,
  projections: readonly Projection[],
): Promise<Projection[]> {
  const stale: Projection[] = [];
  for (const projection of projections) {
    const checkpoint = await readCheckpoint(deps.knex, projection.name);
    if (checkpoint && checkpoint.version === projection.version) continue;
    deps.logger.info(
      {
        projection: projection.name,
        stored: checkpoint?.version ?? null,
        code: projection.version,
      },
      checkpoint ? 'projection version changed: rebuilding' : 'projection not built yet: building',
    );
    stale.push(projection);
  }
  return stale;
}
