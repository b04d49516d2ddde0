import { QueryClient } from '@tanstack/react-query';

/**
 * The data cache for /api reads (spec §9): unused entries are dropped after 5 minutes; a failed
 * query is retried 3 times, waiting 1 s, 2 s, 4 s … capped at 30 s.
 */

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 3;
export const QUERY_RETRY_DELAY_CAP_MS = 30_000;

/** Wait before the next retry after `failureCount` failures (TanStack passes 0 first), in ms. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, QUERY_RETRY_DELAY_CAP_MS);
}

/**
 * A new client. Create one per browser session (in a `useState` initialiser) and one per
 * server render, never a module-level one on the server: it would share cached data between
 * requests of different users.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        retry: QUERY_RETRY,
        retryDelay: queryRetryDelay,
      },
    },
  });
}
