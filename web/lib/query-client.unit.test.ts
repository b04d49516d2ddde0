import { QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, queryRetryDelay, QUERY_GC_TIME_MS } from './query-client.ts';

describe('query client', () => {
  it('drops unused data after 5 minutes and retries queries 3 times', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.gcTime).toBe(5 * 60 * 1000);
    expect(QUERY_GC_TIME_MS).toBe(300_000);
    expect(queries?.retry).toBe(3);
    expect(queries?.retryDelay).toBe(queryRetryDelay);
  });

  it('waits 1 s, 2 s, 4 s … between retries, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('runs a failing query 4 times in all (1 + 3 retries) before reporting the error', async () => {
    const client = createQueryClient();
    // Same retry count, no waiting: the count is what this test proves.
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    let calls = 0;
    // An observer is what useQuery uses, so it gets the client's defaults as a page would.
    const observer = new QueryObserver(client, {
      queryKey: ['always-fails'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(new Error('boom'));
      },
    });
    const settled = await new Promise<QueryObserverResult>((resolve) => {
      const unsubscribe = observer.subscribe((result) => {
        if (result.status === 'error') {
          unsubscribe();
          resolve(result);
        }
      });
    });
    expect(settled.error).toEqual(new Error('boom'));
    expect(calls).toBe(4);
    client.clear();
  });
});
