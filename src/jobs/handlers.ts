import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { ingestJobHandlers } from '../ingest/jobs/handlers.ts';
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

export type JobHandlerFactory = (deps: JobHandlerDeps) => JobHandler[];

/**
 * Every job handler a worker process runs besides the projections' own (which the worker adds
 * itself). Add an area's handlers by appending a factory:
 *
 *   allJobHandlerFactories.push((deps) => [handleJob(sendMail, (data, ctx) => …)]);
 *
 * or, better, by importing the factory here and listing it in the array literal.
 */
export const allJobHandlerFactories: JobHandlerFactory[] = [ingestJobHandlers];
