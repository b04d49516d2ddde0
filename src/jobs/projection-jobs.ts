import { z } from 'zod';
import type { ProjectionRegistry } from '../projections/core/registry.ts';
import {
  createProjectionRunner,
  type RunnerDeps,
  type RunnerOptions,
} from '../projections/core/runner.ts';
import { defineJob, handleJob, type JobHandler } from './define.ts';

/** Catch one projection up to the head of the log. Queued by `JobSystem.wake`, deduplicated per projection. */
export const wakeProjection = defineJob({
  name: 'projections.wake',
  queue: 'projections',
  schema: z.object({ projection: z.string(), position: z.string().optional() }),
  attempts: 8,
  backoffMs: 500,
});

/** The safety net: wakes every projection on a repeat, in case a wake-up was never queued. */
export const pollProjections = defineJob({
  name: 'projections.poll',
  queue: 'projections',
  schema: z.object({}),
  attempts: 1,
  schedule: { everyMs: 15_000, data: {} },
});

/** Another process holds the projection's runner lock; BullMQ retries the wake with backoff. */
export class ProjectionBusyError extends Error {
  override readonly name = 'ProjectionBusyError';
  constructor(readonly projection: string) {
    super(`Projection ${projection} is being written by another runner; retrying later`);
  }
}

/**
 * Events committed after the wake were still held back by the event store's visibility bound
 * (an older transaction stayed open); BullMQ retries the wake with backoff.
 */
export class ProjectionHeldBackError extends Error {
  override readonly name = 'ProjectionHeldBackError';
  constructor(readonly projection: string) {
    super(`Events for ${projection} are held back behind an open transaction; retrying later`);
  }
}

/**
 * The handlers of the `projections` queue. A wake job runs the projection until readAll reports
 * the end of the log (not just one batch), so the wake that started it and every append it
 * absorbed are covered; a wake that arrives while it runs is kept as one follow-up job by the
 * deduplication (see JobSystem.wake). A projection that needs a (re)build is left alone here:
 * builds run at worker start and from the operator CLI, never implicitly from a wake.
 */
export function projectionJobHandlers(
  deps: RunnerDeps & {
    registry: ProjectionRegistry;
    /** JobSystem.wake (the job system imports this module's definitions, so not its type). */
    jobs: { wake(projections: 'all'): Promise<void> };
    runner?: RunnerOptions;
  },
): JobHandler[] {
  const runner = createProjectionRunner(deps, deps.runner);
  return [
    handleJob(wakeProjection, async ({ projection: name }, ctx) => {
      if (!deps.registry.has(name)) {
        ctx.logger.warn({ projection: name }, 'wake for a projection this process does not run');
        return { kind: 'unknown' };
      }
      const result = await runner.runUntilCaughtUp(deps.registry.get(name), { signal: ctx.signal });
      switch (result.kind) {
        case 'caught-up':
          if (result.heldBack) throw new ProjectionHeldBackError(name);
          return result;
        case 'stopped':
          return result;
        case 'busy':
          throw new ProjectionBusyError(name);
        case 'needs-rebuild':
          ctx.logger.warn(
            { projection: name, ...result },
            'projection needs a rebuild; run `npm run projections -- rebuild`',
          );
          return result;
        default: {
          const unreachable: never = result;
          throw new Error(`Unhandled catch-up result ${JSON.stringify(unreachable)}`);
        }
      }
    }),
    handleJob(pollProjections, async () => {
      await deps.jobs.wake('all');
    }),
  ];
}
