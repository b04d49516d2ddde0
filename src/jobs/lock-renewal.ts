/**
 * BullMQ's lock manager renews the locks of the jobs a worker tracks on a timer, and reports a
 * renewal the backend refused as a worker `error` with this message. The PostgreSQL backend
 * refuses when the job is no longer `active` under the worker's lock token.
 *
 * That happens in two very different cases:
 *  - benign: the timer picked the job while it was still running, then the handler returned and
 *    the job was moved to completed/failed before the renewal query ran (the renewal waits for a
 *    pool connection and for the row lock the completion holds, so on a loaded machine the
 *    window is wide). The outcome was already recorded under the job's own lock: nothing is lost.
 *  - real: the handler is still running but the lock expired (event loop or database stalled
 *    for longer than the lock duration) and the stalled checker gave the job back to the queue,
 *    so it may run twice.
 * The job system tells them apart by whether its handler is still running (see system.ts).
 */
const RENEWAL_FAILED = /^could not renew lock for job (.+)$/;

/** The job id of a "could not renew lock" worker error, or undefined for any other error. */
export function lockRenewalFailedJobId(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  return RENEWAL_FAILED.exec(err.message)?.[1];
}
