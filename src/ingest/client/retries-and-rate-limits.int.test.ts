import { afterEach, describe, expect, it } from 'vitest';
import { IracingRateLimitError } from './index.ts';
import { CLOCK_START, startHarness, type Harness } from './fixture-client.test-support.ts';

/**
 * Backoff and rate-limit waits, asserted through the injected clock (nothing really sleeps).
 * The recordings contain no 429 and no exhausted window, so those answers are synthetic
 * exchanges (labelled) placed in front of real recorded folders.
 */

const resetIn = (seconds: number) => String(Math.floor(CLOCK_START / 1000) + seconds);

describe('retries and rate limits', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('retries the recorded 504 page with exponential backoff, then returns the payload', async () => {
    h = await startHarness();
    h.server.enqueue('ResponseUnknown504');
    h.server.enqueue('ResponseUnknown504');
    h.server.enqueue('GetDriverInfoWithLicensesSuccessfulAsync');
    const res = await h.client.members([341554]);
    expect(res.members[0]?.cust_id).toBe(341554);
    expect(h.clock.sleeps).toEqual([1_000, 2_000]);
    expect(h.server.remaining()).toBe(0);
  });

  it('doubles the backoff per attempt and caps it at maxDelayMs', async () => {
    h = await startHarness({ retry: { maxAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 3_000 } });
    for (let i = 0; i < 4; i++) h.server.enqueue('ResponseUnknown504');
    h.server.enqueue('SearchDriversSuccessfulAsync');
    await h.client.searchDrivers('341554');
    // random() is 1 in the harness, so each delay is the full exponential value, capped.
    expect(h.clock.sleeps).toEqual([1_000, 2_000, 3_000, 3_000]);
  });

  it('waits until X-RateLimit-Reset before the next request once Remaining hits 0', async () => {
    h = await startHarness();
    h.server.enqueueExchange({
      label: 'synthetic: last request of the window',
      expect: 'data',
      status: 200,
      headers: {
        'x-ratelimit-limit': '240',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': resetIn(42),
      },
      body: JSON.stringify([{ cust_id: 1, display_name: 'Driver 1' }]),
    });
    h.server.enqueue('SearchDriversSuccessfulAsync');
    await h.client.searchDrivers('1');
    expect(h.client.rateLimit()).toMatchObject({ remaining: 0, limit: 240 });
    expect(h.clock.sleeps).toEqual([]);
    const rows = await h.client.searchDrivers('341554');
    expect(rows[0]?.cust_id).toBe(341554);
    expect(h.clock.sleeps).toEqual([42_000]);
    expect(h.client.rateLimit().remaining).toBe(99); // the recorded header of the next answer
  });

  it('on 429 waits until the reset time, then retries', async () => {
    h = await startHarness();
    h.server.enqueueExchange({
      label: 'synthetic: 429',
      expect: 'data',
      status: 429,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(17) },
      contentType: 'text/plain',
      body: 'Rate limit exceeded',
    });
    h.server.enqueue('GetMemberChartDataSuccessfulAsync');
    const chart = await h.client.memberChartData({ custId: 341554, categoryId: 2, chartType: 1 });
    expect(chart.data).toHaveLength(104);
    expect(h.clock.sleeps).toEqual([17_000]);
  });

  it('treats the plain-text "Rate limit exceeded" body as a 429 even with status 200', async () => {
    h = await startHarness();
    h.server.enqueueExchange({
      label: 'synthetic: rate-limit text',
      expect: 'data',
      status: 200,
      contentType: 'text/plain',
      body: 'Rate limit exceeded',
    });
    h.server.enqueue('SearchDriversSuccessfulAsync');
    await h.client.searchDrivers('341554');
    expect(h.clock.sleeps).toEqual([1_000]); // no reset header: plain backoff
  });

  it('gives up with IracingRateLimitError when the reset is further away than maxRateLimitWaitMs', async () => {
    h = await startHarness({ retry: { maxRateLimitWaitMs: 60_000 } });
    h.server.enqueueExchange({
      label: 'synthetic: 429 for an hour',
      expect: 'data',
      status: 429,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(3600) },
      body: '{"error":"Too Many Requests"}',
    });
    const err = await h.client.searchDrivers('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IracingRateLimitError);
    expect((err as IracingRateLimitError).resetAt).toBe(CLOCK_START + 3_600_000);
    expect(h.clock.sleeps).toEqual([]);
  });
});
