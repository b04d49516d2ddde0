import type { JobHandlerFactory } from '../jobs/handlers.ts';
import { orphanFileJobHandlers } from './orphan-files.ts';
import { recruitmentJobHandlers } from './recruitment-expiry.ts';
import { ingestJobHandlers } from '../ingest/jobs/handlers.ts';

/**
 * Every job handler a worker process runs besides the projections' own (which the worker adds
 * itself). An area adds its handlers by exporting a factory
 * `(deps: JobHandlerDeps) => [handleJob(job, async (data, ctx) => …)]` and listing it here.
 */
export const allJobHandlerFactories: readonly JobHandlerFactory[] = [
  ingestJobHandlers,
  recruitmentJobHandlers,
  orphanFileJobHandlers,
];
