import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../src/http/test-support/server.ts';
import { launchChromium } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';

let buildDir: string;
let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let requests: Request[];

beforeAll(async () => {
  buildDir = await buildWebBundle();
  t = await startTestServer({ web: { mode: 'built', dir: buildDir } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  consoleErrors = [];
  requests = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  page.on('request', (r) => requests.push(r));
});

afterEach(async () => {
  await context?.close();
});

const inertiaVisitsTo = (path: string) =>
  requests.filter((r) => new URL(r.url()).pathname === path && r.headers()['x-inertia'] === 'true');

/** Marks the window; a full page load would lose the mark. */
async function markWindow(): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
const sameDocument = () =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe('the Inertia app in Chromium', () => {
  it('serves the first visit server-rendered and hydrates it without console errors', async () => {
    const raw = await fetch(`${t.url}/drivers`);
    const html = await raw.text();
    expect(html).toContain('<div data-server-rendered="true" id="app">');
    expect(html).toMatch(/data-test="nav-drivers"/); // the header is in the server's HTML

    const response = await page.goto(`${t.url}/drivers`);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.title()).toMatch(/Pitwall/);
    // Hydrated: React attached its handlers, so an Inertia link now makes an XHR visit.
    await markWindow();
    await page.click('[data-test="nav-series"]');
    await page.waitForURL(`${t.url}/series`);
    expect(await sameDocument()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('clicking a nav link makes an XHR visit with X-Inertia and no full reload; back and forward work', async () => {
    await page.goto(`${t.url}/drivers`);
    await page.waitForLoadState('networkidle');
    await markWindow();
    await page.click('[data-test="nav-teams"]');
    await page.waitForURL(`${t.url}/teams`);
    await page.locator('h1', { hasText: 'Teams' }).waitFor();
    const visits = inertiaVisitsTo('/teams');
    expect(visits.length).toBeGreaterThan(0);
    expect(['xhr', 'fetch']).toContain(visits[0]!.resourceType());
    expect(visits[0]!.headers()['x-inertia-version']).toBe(t.server.app.version);
    expect(await sameDocument()).toBe(true);

    await page.goBack();
    await page.waitForURL(`${t.url}/drivers`);
    await page.locator('h1', { hasText: 'Drivers' }).waitFor();
    await page.goForward();
    await page.waitForURL(`${t.url}/teams`);
    await page.locator('h1', { hasText: 'Teams' }).waitFor();
    expect(await sameDocument()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the 404 page for an unknown URL', async () => {
    const response = await page.goto(`${t.url}/this/does/not/exist`);
    expect(response?.status()).toBe(404);
    await page.locator('[data-test="not-found"]').waitFor();
    expect(await page.title()).toMatch(/Page not found/);
  });

  it('shows the progress bar in #5468FF for a slow visit, and not for a fast one', async () => {
    await page.goto(`${t.url}/drivers`);
    await page.waitForLoadState('networkidle');
    // Record whether #nprogress ever enters the document.
    await page.evaluate(() => {
      const w = window as unknown as { __progressSeen: boolean };
      w.__progressSeen = false;
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) w.__progressSeen = true;
      }).observe(document.documentElement, { childList: true, subtree: true });
    });
    const progressSeen = () =>
      page.evaluate(() => (window as unknown as { __progressSeen: boolean }).__progressSeen);

    await page.click('[data-test="nav-pros"]');
    await page.waitForURL(`${t.url}/pros`);
    await page.locator('h1', { hasText: 'Pro drivers' }).waitFor();
    expect(await progressSeen()).toBe(false);

    // Slow: the real server answers, but the network holds the answer for 1.5 s.
    await page.route('**/series', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.click('[data-test="nav-series"]');
    const bar = page.locator('#nprogress .bar');
    await bar.waitFor({ state: 'attached', timeout: 1400 });
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(84, 104, 255)',
    );
    expect(await page.locator('#nprogress .spinner').count()).toBe(0);
    await page.waitForURL(`${t.url}/series`);
  });

  it('prefetches on hover (Purpose: prefetch) and a click within 30 s sends no second request', async () => {
    await page.goto(`${t.url}/drivers`);
    await page.waitForLoadState('networkidle');
    const prefetched = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/gears' && r.headers()['purpose'] === 'prefetch',
    );
    await page.hover('[data-test="nav-gear"]');
    await prefetched;
    await page.waitForLoadState('networkidle');
    const before = inertiaVisitsTo('/gears').length;
    expect(before).toBe(1);
    await page.click('[data-test="nav-gear"]');
    await page.waitForURL(`${t.url}/gears`);
    await page.locator('h1', { hasText: 'Gear' }).waitFor();
    expect(inertiaVisitsTo('/gears').length).toBe(before);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const html = await (await fetch(`${t.url}/drivers`)).text();
    const src = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${t.url}${src}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${t.url}/assets/nope-123.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type') ?? '').not.toMatch(/html/);
  });
});
