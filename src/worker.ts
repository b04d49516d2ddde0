import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createKnex } from './db/knex.ts';
import { migrateLatest } from './db/migrate.ts';
import { resolveDatabase } from './db/resolve-database.ts';
import { allEventDefinitions } from './events/index.ts';
import { createEventRegistry, createEventStore } from './eventstore/index.ts';
import type { EventStore } from './eventstore/port.ts';
import type { JobHandler } from './jobs/define.ts';
import { allJobHandlerFactories, type JobHandlerFactory } from './jobs/handlers.ts';
import { bindProcessorJobs } from './jobs/processor.ts';
import { pollProjections, projectionJobHandlers } from './jobs/projection-jobs.ts';
import { createJobSystem, type JobSystem } from './jobs/system.ts';
import { createLogger, type Logger } from './logger.ts';
import { rebuildProjections } from './projections/core/rebuild-many.ts';
import { createProjectionRegistry, type ProjectionRegistry } from './projections/core/registry.ts';
import type { Projection } from './projections/core/types.ts';
import { allProjections } from './projections/index.ts';

export interface WorkerRuntimeDeps {
  config: Config;
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
  /** Database of the PostgreSQL job backend (when REDIS_URL is unset). Default: DATABASE_URL, then knex's. */
  databaseUrl?: string;
  /** Reuse the process's job system (web + workers in one process); otherwise one is created and owned. */
  jobs?: JobSystem;
  /** Default: allProjections. */
  projections?: readonly Projection[];
  /** Default: allJobHandlerFactories. */
  handlerFactories?: readonly JobHandlerFactory[];
  /** Safety poll interval. Default 15 s. */
  pollEveryMs?: number;
}

export interface WorkerRuntime {
  jobs: JobSystem;
  projections: ProjectionRegistry;
  /** Closes the job system if the runtime created it (workers first, then queues, then connections). */
  stop(): Promise<void>;
}

/**
 * Runs the workers of one process: builds projections that have no checkpoint and rebuilds those
 * whose version changed, two at a time (each failure is logged and recorded on its checkpoint;
 * the others go on), starts the workers of every handled queue, schedules the safety poll and wakes every
 * projection once to catch up with what was appended while no worker ran.
 * Used by `npm run worker` (below) and by the web process to run web + workers in one process.
 */
export async function startWorkerRuntime(deps: WorkerRuntimeDeps): Promise<WorkerRuntime> {
  const logger = deps.logger.child({ component: 'worker' });
  const registry = createProjectionRegistry(deps.projections ?? allProjections);
  const runnerDeps = { knex: deps.knex, eventStore: deps.eventStore, logger };

  // Side by side (rebuildProjections); each failure is logged and recorded, the others go on.
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

  const ownsJobs = deps.jobs === undefined;
  const jobs =
    deps.jobs ??
    (await createJobSystem({
      config: deps.config,
      knex: deps.knex,
      logger,
      projections: registry,
      ...(deps.databaseUrl !== undefined ? { databaseUrl: deps.databaseUrl } : {}),
    }));
  const unbindProcessors = bindProcessorJobs(jobs);
  try {
    const handlerDeps = {
      config: deps.config,
      knex: deps.knex,
      eventStore: deps.eventStore,
      logger,
      jobs,
      projections: registry,
    };
    const handlers: JobHandler[] = [
      ...projectionJobHandlers({ ...runnerDeps, registry, jobs }),
      ...(deps.handlerFactories ?? allJobHandlerFactories).flatMap((factory) =>
        factory(handlerDeps),
      ),
    ];
    await jobs.startWorkers(handlers);
    if (deps.pollEveryMs !== undefined)
      await jobs.schedule(pollProjections, { everyMs: deps.pollEveryMs, data: {} });
    if (registry.all.length > 0) await jobs.wake('all');
  } catch (err) {
    unbindProcessors();
    if (ownsJobs) await jobs.close();
    throw err;
  }
  return {
    jobs,
    projections: registry,
    stop: async () => {
      if (ownsJobs) await jobs.close();
      unbindProcessors();
    },
  };
}

/** Calls `shutdown` once on the first SIGINT/SIGTERM; a second signal exits at once. */
export function onShutdownSignal(logger: Logger, shutdown: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger({
    level: config.LOG_LEVEL,
    pretty: config.NODE_ENV === 'development',
  });
  const database = await resolveDatabase(config, logger);
  const knex = createKnex(database.url);
  const applied = await migrateLatest(knex);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const eventStore = createEventStore({
    config,
    logger,
    registry: createEventRegistry(allEventDefinitions),
    url: database.url,
  });
  const runtime = await startWorkerRuntime({
    config,
    knex,
    eventStore,
    logger,
    databaseUrl: database.url,
  });
  logger.info(
    { backend: runtime.jobs.backend, projections: runtime.projections.names },
    'worker running',
  );
  onShutdownSignal(logger, async () => {
    await runtime.stop();
    await eventStore.close();
    await knex.destroy();
    await database.stop();
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
