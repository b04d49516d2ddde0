/**
 * The one place that knows how BullMQ is imported. BullMQ 6 ships its PostgreSQL backend only in
 * its ESM build (`dist/esm/postgres`) and has no `exports` map, so the queue classes are taken
 * from the same ESM build: both halves then share one copy of BullMQ's classes and errors.
 */
export { Queue, Worker, UnrecoverableError, Job, withBackend } from 'bullmq/dist/esm/index.js';
export type {
  JobsOptions,
  JobType,
  Processor,
  RepeatOptions,
  JobSchedulerTemplateOptions,
} from 'bullmq/dist/esm/index.js';
export {
  createPostgresBackend,
  runMigrations,
  DEFAULT_SCHEMA,
} from 'bullmq/dist/esm/postgres/index.js';
