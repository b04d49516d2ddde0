import { isIracingError } from '../client/errors.ts';
import { IngestMappingError } from './mapping-error.ts';

/** One fact the ingest could not fetch or map; the run went on without it. */
export interface IngestFailure {
  /** e.g. "subsession 45243121", "driver 341554 chart irating sports_car". */
  subject: string;
  /** The client's error kind, "mapping", or "error" for anything else. */
  kind: string;
  message: string;
  /** Worth trying again later (rate limit, upstream failure, maintenance). */
  retryable: boolean;
}

/**
 * Errors that stop a whole run instead of one fact: without valid credentials or a working event
 * store every following fact fails the same way, so the job fails and is retried as a whole.
 */
export function isFatalForRun(err: unknown): boolean {
  if (isIracingError(err)) return err.kind === 'unauthorized' || err.kind === 'oauth';
  return !(err instanceof IngestMappingError);
}

export function describeFailure(subject: string, err: unknown): IngestFailure {
  if (err instanceof IngestMappingError) {
    return { subject, kind: 'mapping', message: err.message, retryable: false };
  }
  if (isIracingError(err)) {
    const retryable =
      err.kind === 'rate_limited' || err.kind === 'upstream' || err.kind === 'maintenance';
    return { subject, kind: err.kind, message: err.message, retryable };
  }
  return {
    subject,
    kind: 'error',
    message: err instanceof Error ? err.message : String(err),
    retryable: true,
  };
}
