/**
 * Time as the client sees it. Injected so tests (and the demo transport) never really wait:
 * every pause of the client — backoff, rate-limit waits — goes through `sleep`.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** The `fetch` the client calls; `globalThis.fetch` by default, or an in-process transport. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
