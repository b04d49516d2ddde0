import { describe, expect, it } from 'vitest';
import { useRacingBrowser } from './support/racing-browser.ts';

/**
 * Tried as a new user would: from the home page, following only links (breadth first over the
 * same-origin `<a href>`s of each page, as Chromium renders them), every racing page can be
 * reached. The racing world (src/http/racing/test-support) is the data.
 */

const b = useRacingBrowser();

/** One URL of each racing page must be reached (pathname patterns). */
const RACING_PAGES: readonly [string, RegExp][] = [
  ['drivers', /^\/drivers$/],
  ['driver profile', /^\/drivers\/\d+$/],
  ['compare', /^\/drivers\/\d+\/compare$/],
  ['search', /^\/search$/],
  ['series', /^\/series$/],
  ['series overview', /^\/series\/\d+$/],
  ...[
    'pace',
    'schedule',
    'stats',
    'setups',
    'participation',
    'sof',
    'recent-races',
    'lap-times',
  ].map((view): [string, RegExp] => [`series ${view}`, new RegExp(`^/series/\\d+/${view}$`)]),
  ['session', /^\/sessions\/\d+$/],
  ['subsession', /^\/subsessions\/\d+$/],
  ['world records', /^\/world-records$/],
  ['iRating statistics', /^\/stats\/irating$/],
];

/** Pages visited at most (the walk stops when every racing page was reached). */
const MAX_PAGES = 150;
/** URLs of one shape (ids as `:id`, the query ignored) followed at most. */
const PER_SHAPE = 3;

/** Not part of browsing the racing data: accounts, administration, the API, files. */
const SKIPPED = /^\/(auth|account|settings|admin|api|logout|uploads|files)(\/|$)/;

const shapeOf = (url: URL) => url.pathname.replace(/\/\d+(?=\/|$)/g, '/:id');

describe('click-only reachability', () => {
  it('reaches every racing page from the home page by following links', async () => {
    await b.reopen({ javaScriptEnabled: true });
    const origin = new URL(b.url).origin;
    const queue: string[] = [`${origin}/`];
    const seen = new Set<string>(queue);
    const perShape = new Map<string, number>();
    const reached = new Map<string, string>();
    let visited = 0;

    while (queue.length > 0 && visited < MAX_PAGES && reached.size < RACING_PAGES.length) {
      const url = queue.shift()!;
      const response = await b.page.goto(url);
      visited++;
      if (!response || response.status() !== 200) continue;
      const here = new URL(b.page.url());
      for (const [name, pattern] of RACING_PAGES)
        if (!reached.has(name) && pattern.test(here.pathname)) reached.set(name, here.href);

      const hrefs = await b.page.$$eval('a[href]', (links) =>
        links.map((a) => (a as HTMLAnchorElement).href),
      );
      for (const href of hrefs) {
        const next = new URL(href);
        next.hash = '';
        if (next.origin !== origin || SKIPPED.test(next.pathname)) continue;
        if (seen.has(next.href)) continue;
        const shape = shapeOf(next);
        const count = perShape.get(shape) ?? 0;
        if (count >= PER_SHAPE) continue;
        perShape.set(shape, count + 1);
        seen.add(next.href);
        queue.push(next.href);
      }
    }

    const missing = RACING_PAGES.map(([name]) => name).filter((name) => !reached.has(name));
    expect(missing, `not reached by links from / within ${visited} pages`).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });
});
