/**
 * The ingest jobs: definitions (enqueue them from anywhere) and the handler factory the worker
 * registers (src/jobs/handlers.ts lists `ingestJobHandlers`).
 */
export {
  INGEST_QUEUE,
  ingestCatalogJob,
  ingestDriversJob,
  ingestResultsJob,
  ingestSubsessionJob,
  replaySessionJob,
  replayJobId,
  subsessionJobId,
} from './definitions.ts';
export { ingestJobHandlers } from './handlers.ts';
export { performSessionReplay, type ReplayDeps, type ReplayOutcome } from './replay.ts';
export { resolveSource, type ResolvedSource, type SourceMode } from './source.ts';
