/**
 * A small in-process cache of public JSON answers (the racing API), keyed by URL.
 *
 * What it guarantees:
 *  - an answer is reused for at most `ttlMs` after it was computed (the racing API already tells
 *    browsers and shared caches they may keep it 30 s, so a reader never sees older data through
 *    this cache than through a CDN in front of the site);
 *  - concurrent requests for the same key while it is being computed share one computation
 *    (no stampede on the database when a popular key expires);
 *  - the total size stays under `maxBytes` (least recently used answers go first);
 *  - a computation that fails is not stored, and every waiter gets the failure.
 */
export interface CachedAnswer {
  /** The JSON text, as sent. */
  body: string;
  /** When it was computed (ms since the epoch, from the injected clock). */
  storedAt: number;
}

export interface ResponseCache {
  /** The fresh cached answer for `key`, else the answer `compute` gives (stored, then returned). */
  through(key: string, compute: () => Promise<string>): Promise<CachedAnswer & { hit: boolean }>;
  /** Entries and bytes held (operations, tests). */
  size(): { entries: number; bytes: number };
}

export function createResponseCache(opts: {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
}): ResponseCache {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, CachedAnswer>(); // insertion order = recency order
  const pending = new Map<string, Promise<CachedAnswer>>();
  let bytes = 0;

  const cost = (key: string, answer: CachedAnswer) => key.length + answer.body.length;

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

  return {
    async through(key, compute) {
      const cached = entries.get(key);
      if (cached && now() - cached.storedAt < opts.ttlMs) {
        entries.delete(key); // refresh its place in the recency order
        entries.set(key, cached);
        return { ...cached, hit: true };
      }
      let running = pending.get(key);
      if (!running) {
        running = compute().then((body) => {
          const answer = { body, storedAt: now() };
          store(key, answer);
          return answer;
        });
        pending.set(key, running);
        const forget = () => pending.delete(key);
        running.then(forget, forget);
      }
      return { ...(await running), hit: false };
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}
