import type { EventStore } from '../../eventstore/port.ts';
import type { JobSystem } from '../../jobs/system.ts';
import type { HttpDeps } from '../deps.ts';
import { HttpError } from '../errors.ts';

/** What the admin handlers share: the parts of the process they need, 503 when absent. */

/** The job system the process was started with; 503 when this web process has none. */
export function jobsOf(deps: HttpDeps): JobSystem {
  if (!deps.jobs) throw new HttpError(503, 'Background jobs are not available.');
  return deps.jobs;
}

export function eventStoreOf(deps: HttpDeps): EventStore {
  if (!deps.eventStore) throw new HttpError(503, 'The event store is not available.');
  return deps.eventStore;
}
