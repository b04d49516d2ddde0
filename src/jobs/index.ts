/** The jobs API other areas use: define a job, enqueue it, handle it. */
export { defineJob, handleJob, findJobDefinition } from './define.ts';
export type {
  AnyJobDefinition,
  JobContext,
  JobData,
  JobDefinition,
  JobHandler,
  JobInput,
  JobSchedule,
} from './define.ts';
export { createJobSystem } from './system.ts';
export type {
  CreateJobSystemOptions,
  EnqueueOptions,
  JobSystem,
  StartWorkersOptions,
} from './system.ts';
export type { JobHandlerDeps, JobHandlerFactory } from './handlers.ts';
export { pollProjections, projectionJobHandlers, wakeProjection } from './projection-jobs.ts';
export { UnrecoverableError } from './bullmq.ts';
export { bindProcessorJobs, defineProcessor } from './processor.ts';
export type { ProcessorContext, ProcessorDefinition } from './processor.ts';
