import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import type { EventStore } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import type { ProjectionRegistry } from '../projections/core/registry.ts';
import type { JobHandler } from './define.ts';
import type { JobSystem } from './system.ts';

/** What a worker process hands to the code that performs jobs. */
export interface JobHandlerDeps {
  config: Config;
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
  jobs: JobSystem;
  projections: ProjectionRegistry;
}

/**
 * An area's job handlers, built from the worker's parts. The areas' factories are listed in
 * src/app/job-handlers.ts (the composition root), so the job system knows no area.
 */
export type JobHandlerFactory = (deps: JobHandlerDeps) => JobHandler[];
