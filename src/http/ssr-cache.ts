import type { SsrResult } from './inertia/html.ts';
import type { SsrRenderer } from './inertia/inertia.ts';
import type { PageObject } from './inertia/page.ts';

/**
 * Server rendering of a page is a pure function of its page object: the SSR entry
 * (web/ssr.tsx) renders `page` with React's renderToString and reads nothing else (no clock,
 * no randomness, no request; useId is deterministic). So the built renderer's result can be
 * reused for the same page object: every anonymous reader of the home page or of an article gets
 * the same one. Guarantees:
 *  - a hit returns exactly what rendering that page object returns: the key is the whole page
 *    object (component, props, url, version, flags) as JSON, so a page with another user, flash,
 *    error or prop is another key; nothing per response (the CSP nonce, the asset tags) is in
 *    the SSR result, they are added around it by renderDocument;
 *  - one render per key at a time (concurrent first visits wait for the same render); a render
 *    that fails is not kept (the next visit renders again);
 *  - bounded: at most `maxBytes` of keys and markup (least recently used dropped first).
 * Production only: in development Vite reloads the pages, so results must not outlive a render.
 */
export function cachedSsrRenderer(render: SsrRenderer, opts: { maxBytes: number }): SsrRenderer {
  const entries = new Map<string, { result: Promise<SsrResult>; bytes: number }>();
  let bytes = 0;

  const drop = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return (page: PageObject) => {
    const key = JSON.stringify(page);
    const found = entries.get(key);
    if (found) {
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, found);
      return found.result;
    }
    const result = render(page);
    const entry = { result, bytes: key.length };
    entries.set(key, entry);
    bytes += entry.bytes;
    result.then(
      (ssr) => {
        if (entries.get(key) !== entry) return;
        const size = ssr.markup.length + ssr.head.reduce((n, h) => n + h.length, 0);
        entry.bytes += size;
        bytes += size;
        for (const oldest of entries.keys()) {
          if (bytes <= opts.maxBytes) break;
          drop(oldest);
        }
      },
      () => {
        if (entries.get(key) === entry) drop(key);
      },
    );
    return result;
  };
}
