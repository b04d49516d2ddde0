/**
 * A small in-process cache of public JSON answers (the racing API), keyed by URL.
 *
 * What it guarantees:
 *  - an answer is reused as is for `ttlMs` after it was computed; after that, until `staleMs`,
 *    it is still served while ONE refresh runs in the background (stale-while-revalidate, as the
 *    racing API's Cache-Control already allows browsers and shared caches), so a popular URL
 *    never makes a reader wait for its query; past `staleMs` it is computed again before it is
 *    served. With the racing API's values (10 s / 30 s) no reader sees older data through this
 *    cache than the 30 s max-age the answers advertise; a failed refresh keeps the old answer;
 *  - at most `maxRefreshes` such background refreshes run at once (across keys): answers stored
 *    together go stale together, and a wave of hundreds of refreshes at once would take the
 *    CPU and the database from the readers being served; a stale answer whose refresh cannot
 *    start yet is served as is, and a later reader of it starts the refresh;
 *  - concurrent requests for the same key while it is being computed share one computation
 *    (no stampede on the database when a popular key expires);
 *  - the total size stays under `maxBytes` (least recently used answers go first);
 *  - a computation that fails is not stored, and every waiter gets the failure.
 */
export interface CachedAnswer {
  /** The JSON text. */
  body: string;
  /** `body` as UTF-8 bytes, encoded once when stored (what is sent). */
  bytes: Buffer;
  /** When it was computed (ms since the epoch, from the injected clock). */
  storedAt: number;
  /**
   * Derived values a reader may memoise for every later reader of this same answer (the
   * endpoint keeps its ETag here); one object per stored answer, shared by all its readers.
   */
  memo: { etag?: string };
}

export interface ResponseCache {
  /** The fresh cached answer for `key`, else the answer `compute` gives (stored, then returned). */
  through(
    key: string,
    compute: () => Promise<string>,
  ): Promise<CachedAnswer & { hit: boolean; stale: boolean }>;
  /** Entries and bytes held (operations, tests). */
  size(): { entries: number; bytes: number };
}

export function createResponseCache(opts: {
  ttlMs: number;
  /** Until this age a cached answer is served while it is refreshed (default: `ttlMs`, none). */
  staleMs?: number;
  maxBytes: number;
  /** Background refreshes of stale answers running at once, across keys (default 2). */
  maxRefreshes?: number;
  now?: () => number;
}): ResponseCache {
  const maxRefreshes = opts.maxRefreshes ?? 2;
  let refreshing = 0;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, CachedAnswer>(); // insertion order = recency order
  const pending = new Map<string, Promise<CachedAnswer>>();
  let bytes = 0;

  // Both the text and its bytes are held (the text for callers, the bytes to send).
  const cost = (key: string, answer: CachedAnswer) =>
    key.length + answer.body.length + answer.bytes.length;

  const remove = (key: string): void => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= cost(key, old);
  };

  const store = (key: string, answer: CachedAnswer): void => {
    remove(key);
    if (cost(key, answer) > opts.maxBytes) return;
    entries.set(key, answer);
    bytes += cost(key, answer);
    for (const oldest of entries.keys()) {
      if (bytes <= opts.maxBytes) break;
      remove(oldest);
    }
  };

  /** The running computation of `key`, or a new one; its answer is stored when it succeeds. */
  const computeOnce = (key: string, compute: () => Promise<string>): Promise<CachedAnswer> => {
    let running = pending.get(key);
    if (!running) {
      // A compute that throws at once fails like one that rejects (no refresh slot is lost).
      running = new Promise<string>((resolve) => resolve(compute())).then((body) => {
        const answer = { body, bytes: Buffer.from(body), storedAt: now(), memo: {} };
        store(key, answer);
        return answer;
      });
      pending.set(key, running);
      const forget = () => pending.delete(key);
      running.then(forget, forget);
    }
    return running;
  };

  return {
    async through(key, compute) {
      const cached = entries.get(key);
      const age = cached ? now() - cached.storedAt : Infinity;
      if (cached && age < Math.max(opts.ttlMs, opts.staleMs ?? 0)) {
        entries.delete(key); // refresh its place in the recency order
        entries.set(key, cached);
        const stale = age >= opts.ttlMs;
        if (stale && !pending.has(key) && refreshing < maxRefreshes) {
          refreshing += 1;
          const done = () => void (refreshing -= 1);
          void computeOnce(key, compute).then(done, done); // a failed refresh: the old answer stays
        }
        return { ...cached, hit: true, stale };
      }
      return { ...(await computeOnce(key, compute)), hit: false, stale: false };
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}
