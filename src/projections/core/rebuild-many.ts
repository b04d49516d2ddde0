import type { Knex } from 'knex';
import {
  rebuildProjection,
  staleProjections,
  type RebuildOptions,
  type RebuildResult,
} from './rebuild.ts';
import type { RunnerDeps } from './runner.ts';
import type { Projection } from './types.ts';

/** Rebuilds side by side by default: one projection's replay (Node) overlaps another's SQL. */
export const DEFAULT_REBUILD_CONCURRENCY = 2;

export interface RebuildManyOptions extends RebuildOptions {
  /**
   * How many rebuilds run at the same time (default DEFAULT_REBUILD_CONCURRENCY). Lowered to
   * half of knex's pool size: each running rebuild holds one connection for its lock and needs
   * at least one more to write.
   */
  concurrency?: number;
  /**
   * Only projections without a checkpoint or whose stored version differs from the code's (what
   * the worker does at start): the others are left out of the outcomes; each rebuild waits for
   * another process's rebuild of the same projection, then re-checks.
   */
  staleOnly?: boolean;
  onStart?: (projection: string) => void;
  onDone?: (outcome: RebuildOutcome) => void;
}

export type RebuildOutcome =
  | { projection: string; ok: true; result: RebuildResult; seconds: number }
  | { projection: string; ok: false; error: unknown; seconds: number };

/**
 * Rebuilds several projections, up to `concurrency` at the same time, each through
 * `rebuildProjection` (so each keeps every guarantee documented there: shadow tables, atomic
 * swap, exact checkpoint, one rebuild per projection across processes, a failure leaves its
 * live tables as they were). Side by side is safe because every table has exactly one owner
 * (ProjectionRegistry) and a rebuild takes locks only on its own tables, its own runner lock
 * and its own checkpoint row; projections never read each other's tables.
 *
 * They start in the given order (list the longest first: the others fill the remaining slots).
 * ONE of them replays the log at a time, in the given order: a started rebuild waits before its
 * first replay batch (its lock taken, its shadow tables created) until the previous projection's
 * replay has reached its `finish` phase (or its rebuild ended), then replays while that one
 * finishes. A replay's batch preparation (decoding pages, reducing, encoding COPY lines) is
 * JavaScript on this process's one event loop: two replays only take turns on it, and each makes
 * the other's reads and writes wait for the loop, whereas `finish` and ANALYZE are database work
 * that overlaps a replay well. At 100,000 drivers (docs/benchmarks.md, "Data")
 * racing_results took 46.7 s alone and 57–64 s with another projection's replay beside it.
 * A failure does not stop the others. Resolves with one outcome per rebuilt projection, in the
 * given order; never rejects.
 */
export async function rebuildProjections(
  deps: RunnerDeps,
  projections: readonly Projection[],
  opts: RebuildManyOptions = {},
): Promise<RebuildOutcome[]> {
  const { concurrency, staleOnly, onStart, onDone, ...rebuildOpts } = opts;
  const todo = staleOnly ? await staleProjections(deps, projections) : [...projections];
  const slots = Math.max(
    1,
    Math.min(todo.length, concurrency ?? DEFAULT_REBUILD_CONCURRENCY, poolLimit(deps.knex)),
  );
  const outcomes = new Array<RebuildOutcome | undefined>(todo.length);
  // replayEnded[i] resolves when projection i leaves its replay or its rebuild ends.
  const replayEnded = todo.map(() => deferred());
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < todo.length; i = next++) {
      const projection = todo[i]!;
      const started = Date.now();
      const seconds = () => (Date.now() - started) / 1000;
      onStart?.(projection.name);
      let outcome: RebuildOutcome;
      // rebuildProjection awaits onProgress: its first 'replay' report waits for the previous
      // replay to end; its first report of a later phase ends its own.
      let waited = false;
      try {
        const result = await rebuildProjection(deps, projection, {
          ...rebuildOpts,
          ...(staleOnly ? { onlyIfStale: true, waitForLock: true } : {}),
          onProgress: async (progress) => {
            if (progress.phase === 'replay' && !waited) {
              await replayEnded[i - 1]?.promise;
              waited = true;
            } else if (progress.phase !== 'replay') {
              replayEnded[i]!.resolve();
            }
            await rebuildOpts.onProgress?.(progress);
          },
        });
        outcome = { projection: projection.name, ok: true, result, seconds: seconds() };
      } catch (error) {
        outcome = { projection: projection.name, ok: false, error, seconds: seconds() };
      } finally {
        replayEnded[i]!.resolve();
      }
      outcomes[i] = outcome;
      onDone?.(outcome);
    }
  };
  await Promise.all(Array.from({ length: slots }, lane));
  return outcomes.map((o) => o!);
}

/** Half of knex's pool (at least 1): a rebuild holds a lock connection and writes on another. */
function poolLimit(knex: Knex): number {
  const max = (knex.client as { pool?: { max?: unknown } }).pool?.max;
  return typeof max === 'number' && max > 0 ? Math.max(1, Math.floor(max / 2)) : 1;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
