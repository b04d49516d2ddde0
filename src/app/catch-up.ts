import { comparePositions, type Position } from '../eventstore/port.ts';
import { describeVisibilityHold } from '../projections/core/held-back.ts';
import { rebuildProjection, rebuildStaleProjections } from '../projections/core/rebuild.ts';
import { createProjectionRunner, type RunnerDeps } from '../projections/core/runner.ts';
import type { Projection } from '../projections/core/types.ts';
import { waitForProjections } from '../projections/core/wait-for.ts';

/**
 * Projections brought up to date by a process that runs no workers (the operator CLIs, the
 * int-test harness), the way a worker would.
 */

/** Default bound of `catchUpTo`. */
export const CATCH_UP_TIMEOUT_MS = 30_000;

/**
 * Brings each of `projections` at least to `target` (the position a command returned), or, when
 * no target is given, through every event committed before the call: builds a projection never
 * built (or whose version changed), then runs it to the end of the log. The end of the log
 * counts only once the store holds nothing back: while an older transaction anywhere on the
 * PostgreSQL server is open, events committed after it stay invisible, and this waits for them.
 * When another process is running a projection right now ('busy', e.g. a live worker), waits
 * for that one to pass the target, or, with no target, until this call can run it itself.
 * Throws when that is not reached within `timeoutMs`, naming the open transaction that holds
 * the events back, if any.
 */
export async function catchUpTo(
  deps: RunnerDeps,
  projections: readonly Projection[],
  target?: Position | null,
  opts: { timeoutMs?: number } = {},
): Promise<void> {
  // Short held-back waits inside the runner: this loop owns the bound and its error.
  const runner = createProjectionRunner(deps, { maxHeldBackWaitMs: 1000 });
  const timeoutMs = opts.timeoutMs ?? CATCH_UP_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (const projection of projections) {
    for (;;) {
      let result = await runner.runUntilCaughtUp(projection);
      if (result.kind === 'needs-rebuild') {
        await rebuildProjection(deps, projection, { onlyIfStale: true, waitForLock: true });
        result = await runner.runUntilCaughtUp(projection);
      }
      const heldBack = result.kind === 'caught-up' && result.heldBack;
      const reached =
        result.kind === 'busy'
          ? !!target &&
            (await waitForProjections(deps.knex, [projection.name], target, { timeoutMs: 1000 }))
          : result.kind === 'caught-up' &&
            (target ? comparePositions(result.position, target) >= 0 : !heldBack);
      if (reached) break;
      if (Date.now() > deadline) {
        const why = heldBack
          ? `: committed events are held back behind ${await describeVisibilityHold(deps.knex)}`
          : '';
        throw new Error(
          `Projection ${projection.name} did not reach ${target ?? 'the end of the log'} ` +
            `within ${timeoutMs} ms${why}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

export interface CatchUpSummary {
  projection: string;
  events: number;
  outcome: string;
}

/**
 * Brings every one of `projections` up to the log's head, as a worker would: builds the ones
 * never built (and rebuilds those whose version changed), then applies what was appended
 * since. A projection another process is running right now ('busy') is left to it.
 */
export async function catchUpAll(
  deps: RunnerDeps,
  projections: readonly Projection[],
  onProgress?: (text: string) => void,
): Promise<CatchUpSummary[]> {
  const built = await rebuildStaleProjections(deps, projections, {
    onProgress: (p) =>
      onProgress?.(
        `projections: building ${p.projection}: ${p.eventsApplied.toLocaleString('en')} events`,
      ),
  });
  const summaries: CatchUpSummary[] = built.map((r) => ({
    projection: r.projection,
    events: r.kind === 'rebuilt' ? r.eventsApplied : 0,
    outcome: r.kind === 'rebuilt' ? 'built' : `skipped (${r.reason})`,
  }));
  const runner = createProjectionRunner(deps, { batchSize: 1000 });
  for (const projection of projections) {
    onProgress?.(`projections: catching up ${projection.name}`);
    const result = await runner.runUntilCaughtUp(projection);
    const events = result.kind === 'caught-up' ? result.eventsApplied : 0;
    const previous = summaries.find((s) => s.projection === projection.name);
    if (previous) previous.events += events;
    else
      summaries.push({
        projection: projection.name,
        events,
        outcome: result.kind === 'busy' ? 'run by another process' : result.kind,
      });
  }
  return summaries;
}
