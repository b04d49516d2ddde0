import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import type { EventStore } from '../eventstore/port.ts';
import type { JobHandler } from '../jobs/define.ts';
import type { JobHandlerFactory } from '../jobs/handlers.ts';
import {
  accountErasureProcessor,
  finishErasuresBeforeProcessor,
} from '../commands/users/erasure.ts';
import { allJobHandlerFactories } from './job-handlers.ts';
import { bindProcessorJobs } from '../jobs/processor.ts';
import { pollProjections, projectionJobHandlers } from '../jobs/projection-jobs.ts';
import type { JobSystem } from '../jobs/system.ts';
import type { Logger } from '../logger.ts';
import { rebuildProjections } from '../projections/core/rebuild-many.ts';
import type { ProjectionRegistry } from '../projections/core/registry.ts';

/** The runtime's parts the workers use (src/app/runtime.ts opens them). */
export interface WorkerParts {
  config: Config;
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
  jobs: JobSystem;
  projections: ProjectionRegistry;
}

export interface WorkerOptions {
  /** Default: allJobHandlerFactories. */
  handlerFactories?: readonly JobHandlerFactory[];
  /** Safety poll interval. Default: the poll job's own schedule (15 s). */
  pollEveryMs?: number;
}

export interface Workers {
  /**
   * Closes the job system (its workers finish or stop at a safe point, then its queues), then
   * unbinds the processors, so no running job finds them gone. Closing the job system again
   * later waits for the same close.
   */
  stop(): Promise<void>;
}

/**
 * Runs the workers of one process: builds projections that have no checkpoint and rebuilds those
 * whose version changed, one replay at a time (each failure is logged and recorded on its
 * checkpoint; the others go on), erases the accounts deleted before the account_erasure
 * processor existed (once per database; a failure is logged and retried at the next start),
 * starts the workers of every handled queue, schedules the
 * safety poll and wakes every projection once to catch up with what was appended while no
 * worker ran.
 */
export async function startWorkers(parts: WorkerParts, opts: WorkerOptions = {}): Promise<Workers> {
  const logger = parts.logger.child({ component: 'worker' });
  const registry = parts.projections;
  const runnerDeps = { knex: parts.knex, eventStore: parts.eventStore, logger };

  const outcomes = await rebuildProjections(runnerDeps, registry.all, {
    staleOnly: true,
    onProgress: (p) => {
      if (p.phase !== 'replay' || p.batches % 50 === 0) {
        logger.info(
          {
            projection: p.projection,
            phase: p.phase,
            events: p.eventsApplied,
            position: p.position,
          },
          'rebuild progress',
        );
      }
    },
  });
  for (const o of outcomes) {
    if (!o.ok) {
      logger.error(
        { err: o.error, projection: o.projection },
        'projection build failed; it stays out of date until rebuilt',
      );
    }
  }

  if (registry.all.some((p) => p.name === accountErasureProcessor.name)) {
    await finishErasuresBeforeProcessor(runnerDeps).catch((err: unknown) =>
      logger.error(
        { err },
        'account erasure catch-up failed; deletions from before the processor are retried at the next start',
      ),
    );
  }

  const { jobs } = parts;
  const unbindProcessors = bindProcessorJobs(jobs);
  try {
    const handlerDeps = { ...parts, logger };
    const handlers: JobHandler[] = [
      ...projectionJobHandlers({ ...runnerDeps, registry, jobs }),
      ...(opts.handlerFactories ?? allJobHandlerFactories).flatMap((factory) =>
        factory(handlerDeps),
      ),
    ];
    await jobs.startWorkers(handlers);
    if (opts.pollEveryMs !== undefined)
      await jobs.schedule(pollProjections, { everyMs: opts.pollEveryMs, data: {} });
    if (registry.all.length > 0) await jobs.wake('all');
  } catch (err) {
    unbindProcessors();
    throw err;
  }
  return {
    stop: async () => {
      await jobs.close();
      unbindProcessors();
    },
  };
}
