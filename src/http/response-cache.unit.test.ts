import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** A cache with one background refresh slot whose `keys` were stored 15 s ago (/a as "a1", …): stale. */
async function staleWithOneRefreshSlot(keys: readonly string[]) {
  const c = clock();
  const cache = createResponseCache({
    ttlMs: 10_000,
    staleMs: 30_000,
    maxBytes: 1_000,
    maxRefreshes: 1,
    now: c.now,
  });
  for (const key of keys) await cache.through(key, () => Promise.resolve(`${key.slice(1)}1`));
  c.advance(15_000);
  return cache;
}

/** Lets background refreshes settle. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('response cache', () => {
  it('reuses an answer while it is fresh and computes it again after the TTL', async () => {
    const c = clock();
    const cache = createResponseCache({ ttlMs: 10_000, maxBytes: 1_000, now: c.now });
    let computed = 0;
    const compute = () => Promise.resolve(`{"n":${++computed}}`);
    expect(await cache.through('/a', compute)).toMatchObject({ body: '{"n":1}', hit: false });
    c.advance(9_999);
    expect(await cache.through('/a', compute)).toMatchObject({
      body: '{"n":1}',
      hit: true,
      storedAt: 1_000_000,
    });
    c.advance(1);
    expect(await cache.through('/a', compute)).toMatchObject({ body: '{"n":2}', hit: false });
    expect(await cache.through('/b', compute)).toMatchObject({ body: '{"n":3}', hit: false });
  });

  it('serves a stale answer while one refresh runs, until staleMs; a failed refresh keeps it', async () => {
    const c = clock();
    const cache = createResponseCache({
      ttlMs: 10_000,
      staleMs: 30_000,
      maxBytes: 1_000,
      now: c.now,
    });
    await cache.through('/a', () => Promise.resolve('old'));
    c.advance(15_000);
    let refreshes = 0;
    let release: (body: string) => void = () => undefined;
    const refresh = () => {
      refreshes += 1;
      return new Promise<string>((r) => (release = r));
    };
    expect(await cache.through('/a', refresh)).toMatchObject({
      body: 'old',
      hit: true,
      stale: true,
    });
    expect(await cache.through('/a', refresh)).toMatchObject({ body: 'old', stale: true });
    expect(refreshes).toBe(1); // one refresh for both
    release('new');
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.through('/a', refresh)).toMatchObject({
      body: 'new',
      hit: true,
      stale: false,
    });

    c.advance(15_000); // 'new' is stale now; its refresh fails: 'new' is still served
    expect(await cache.through('/a', () => Promise.reject(new Error('db down')))).toMatchObject({
      body: 'new',
      stale: true,
    });
    await settle();
    c.advance(15_000); // past staleMs: computed before it is served
    expect(await cache.through('/a', () => Promise.resolve('newest'))).toMatchObject({
      body: 'newest',
      hit: false,
    });
  });

  it('runs at most maxRefreshes background refreshes at once; a stale answer waits for a slot', async () => {
    const cache = await staleWithOneRefreshSlot(['/a', '/b']);
    const started: string[] = [];
    let release: (body: string) => void = () => undefined;
    const refresh = (key: string) => () => {
      started.push(key);
      return new Promise<string>((r) => (release = r));
    };
    expect(await cache.through('/a', refresh('/a'))).toMatchObject({ body: 'a1', stale: true });
    // The one slot is taken: /b is served stale and not refreshed yet.
    expect(await cache.through('/b', refresh('/b'))).toMatchObject({ body: 'b1', stale: true });
    expect(started).toEqual(['/a']);
    release('a2');
    await settle();
    expect(await cache.through('/a', refresh('/a'))).toMatchObject({ body: 'a2', stale: false });
    // The slot is free again: the next reader of /b starts its refresh.
    expect(await cache.through('/b', refresh('/b'))).toMatchObject({ body: 'b1', stale: true });
    expect(started).toEqual(['/a', '/b']);
    release('b2');
    await settle();
    expect(await cache.through('/b', refresh('/b'))).toMatchObject({ body: 'b2', stale: false });
  });

  it('frees the refresh slot of a refresh that throws at once', async () => {
    const cache = await staleWithOneRefreshSlot(['/a']);
    const fails = () => {
      throw new Error('bad compute');
    };
    expect(await cache.through('/a', fails)).toMatchObject({ body: 'a1', stale: true });
    await settle();
    expect(await cache.through('/a', () => Promise.resolve('a2'))).toMatchObject({ body: 'a1' });
    await settle();
    expect(await cache.through('/a', () => Promise.resolve('a3'))).toMatchObject({
      body: 'a2',
      stale: false,
    });
  });

  it('shares one computation between concurrent requests for the same key', async () => {
    const cache = createResponseCache({ ttlMs: 10_000, maxBytes: 1_000 });
    let computed = 0;
    let release: (body: string) => void = () => undefined;
    const compute = () => {
      computed += 1;
      return new Promise<string>((r) => (release = r));
    };
    const first = cache.through('/a', compute);
    const second = cache.through('/a', compute);
    release('{"ok":true}');
    expect(await Promise.all([first, second])).toMatchObject([
      { body: '{"ok":true}' },
      { body: '{"ok":true}' },
    ]);
    expect(computed).toBe(1);
  });

  it('stores no failure: every waiter gets it, the next request computes again', async () => {
    const cache = createResponseCache({ ttlMs: 10_000, maxBytes: 1_000 });
    const failing = () => Promise.reject(new Error('database down'));
    await expect(
      Promise.all([cache.through('/a', failing), cache.through('/a', failing)]),
    ).rejects.toThrow('database down');
    expect(cache.size().entries).toBe(0);
    expect(await cache.through('/a', () => Promise.resolve('{}'))).toMatchObject({
      body: '{}',
      hit: false,
    });
  });

  it('stays under its byte bound, dropping the least recently used answers first', async () => {
    const cache = createResponseCache({ ttlMs: 10_000, maxBytes: 54 });
    const body = (s: string) => () => Promise.resolve(s);
    await cache.through('/a', body('aaaaaaaa')); // key 2 + text 8 + bytes 8 = 18
    await cache.through('/b', body('bbbbbbbb'));
    await cache.through('/a', body('unused')); // a hit: /a is now the most recent
    await cache.through('/c', body('cccccccc')); // 54 bytes: still fits
    await cache.through('/d', body('dddddddd')); // over: /b (least recent) goes
    expect(cache.size()).toEqual({ entries: 3, bytes: 54 });
    expect((await cache.through('/a', body('new'))).hit).toBe(true);
    expect((await cache.through('/b', body('bbbbbbbb'))).hit).toBe(false);
    // An answer larger than the whole cache is served but not stored.
    expect(await cache.through('/huge', body('x'.repeat(100)))).toMatchObject({ hit: false });
    expect((await cache.through('/huge', body('y'))).body).toBe('y');
  });
});
