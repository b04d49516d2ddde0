import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIracingClient, staticAccessToken, type FetchLike } from '../client/index.ts';
import { createDemoFetch } from '../../demo/iracing/fetch/demo-fetch.ts';
import { IngestWriter, ingestResults, type IngestContext } from '../pipeline/index.ts';
import { DEMO_API_URL, demoWorld } from '../../demo/racing-world.ts';
import {
  allEvents,
  createIngestTestEnv,
  fixedClock,
  type IngestTestEnv,
} from '../ingest-env.test-support.ts';

const DAY = 24 * 60 * 60 * 1000;
const world = demoWorld({ seed: 424_242, drivers: 120, asOf: null });

/**
 * The demo fetch, with two labelled departures from it (what the recordings never show):
 *  - search_series windows after the first answer from ten days before their begin, as if the
 *    API's boundaries overlapped (so the same subsessions come back in two windows);
 *  - results/get of `failingId` answers 500 every time.
 */
function observedFetch(failingId: number | null) {
  const demo = createDemoFetch(world);
  const searches: URLSearchParams[] = [];
  const fetch: FetchLike = (input, init) => {
    const url = new URL(input);
    if (url.pathname === '/data/results/search_series') {
      searches.push(new URLSearchParams(url.searchParams));
      if (searches.length > 1) {
        const begin = Date.parse(url.searchParams.get('start_range_begin')!);
        url.searchParams.set('start_range_begin', new Date(begin - 10 * DAY).toISOString());
      }
    }
    if (
      url.pathname === '/data/results/get' &&
      Number(url.searchParams.get('subsession_id')) === failingId
    ) {
      return Promise.resolve(new Response('{"error":"boom"}', { status: 500 }));
    }
    return demo(url.toString(), init);
  };
  return { fetch, searches };
}

let env: IngestTestEnv;
beforeAll(async () => {
  env = await createIngestTestEnv();
});
afterAll(async () => {
  await env?.close();
});

function context(fetch: FetchLike): IngestContext {
  return {
    client: createIracingClient({
      apiUrl: DEMO_API_URL,
      auth: { kind: 'token', source: staticAccessToken('demo') },
      fetch,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    }),
    writer: new IngestWriter(env.store, { now: fixedClock(), source: 'demo' }),
    concurrency: 6,
  };
}

describe('results ingest over a time range (demo fetch through the real client)', () => {
  const from = new Date(world.startMs);
  const to = new Date(world.nowMs);
  const expected = () =>
    world.simulation
      .allRecords()
      .filter((r) => r.session.startMs >= world.startMs && r.session.startMs < world.nowMs)
      .map((r) => r.subsessionId);

  it('searches ≤ 90-day half-open windows earliest first, keeps each subsession once, records them', async () => {
    world.simulation.advanceAll();
    const { fetch, searches } = observedFetch(null);
    const ctx = context(fetch);
    const report = await ingestResults(ctx, { from, to });

    const days = (to.getTime() - from.getTime()) / DAY;
    expect(report.windows).toHaveLength(Math.ceil(days / 90));
    expect(searches.map((q) => [q.get('start_range_begin'), q.get('start_range_end')])).toEqual(
      report.windows.map((w) => [
        w.begin.toISOString().replace('.000Z', 'Z'),
        w.end.toISOString().replace('.000Z', 'Z'),
      ]),
    );
    for (const [i, w] of report.windows.entries()) {
      expect(w.end.getTime() - w.begin.getTime()).toBeLessThanOrEqual(90 * DAY);
      if (i > 0) expect(w.begin).toEqual(report.windows[i - 1]!.end);
    }
    expect(searches.every((q) => q.get('event_types') === '5')).toBe(true);

    const ids = expected();
    expect(ids.length).toBeGreaterThan(20);
    expect(report.duplicates).toBeGreaterThan(0);
    expect(report.found).toBe(ids.length);
    expect(report.ingested).toBe(ids.length);
    expect(report.failed).toEqual([]);
    const recorded = (await allEvents(env.store)).filter(
      (e) => e.type === 'SubsessionResultsRecorded',
    );
    expect(recorded.map((e) => Number(e.streamName.slice('subsession-'.length))).sort()).toEqual(
      [...ids].sort(),
    );
  });

  it('appends nothing when the same range is ingested again', async () => {
    const before = await allEvents(env.store);
    const ctx = context(observedFetch(null).fetch);
    const report = await ingestResults(ctx, { from, to });
    expect(report.ingested).toBe(expected().length);
    expect(ctx.writer.counts).toMatchObject({ appended: 0, unchanged: expected().length });
    expect(await allEvents(env.store)).toEqual(before);
  });

  it('reports a subsession that keeps failing and records the rest of the window', async () => {
    const ids = expected();
    const failing = ids[Math.floor(ids.length / 2)]!;
    const ctx = context(observedFetch(failing).fetch);
    const report = await ingestResults(ctx, { from, to });
    expect(report.failedIds).toEqual([failing]);
    expect(report.failed[0]).toMatchObject({
      subject: `subsession ${failing}`,
      kind: 'upstream',
      retryable: true,
    });
    expect(report.ingested).toBe(ids.length - 1);
  });
});
