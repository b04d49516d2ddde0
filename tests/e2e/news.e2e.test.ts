import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createArticle,
  publishArticle,
  type ArticleCommandDeps,
} from '../../src/commands/articles/handlers.ts';
import type { EventStore, Position } from '../../src/eventstore/index.ts';
import { createLogger } from '../../src/logger.ts';
import { articlesProjection } from '../../src/projections/articles/projection.ts';
import { startTestServer, type TestServer } from '../../src/http/test-support/server.ts';
import { catchUpForTest } from '../support/runtime.ts';
import { launchChromium } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';

/**
 * The news slice in real Chromium: articles are written through the article commands, projected
 * by the real runner, served by the built app and read by a browser.
 */
let buildDir: string;
let t: TestServer;
let store: EventStore;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let requests: Request[];
const logger = createLogger({ level: 'silent', pretty: false });

const title = 'Hostile markdown survives nothing';
const slug = 'hostile-markdown-e2e';
const draftSlug = 'draft-e2e';
const body = [
  '## Race report',
  '',
  '- first item',
  '- second item',
  '',
  'Read the [rules](https://example.com/rules).',
  '',
  '<script>window.__pwned = true</script>',
  '<img src=x onerror="window.__pwned = true">',
].join('\n');

/**
 * Console errors other than the payload image's own failed load: its `src=x` is kept (relative,
 * harmless) and resolves to /news/x, a 404, so that an `onerror` that survived would fire.
 */
const unexpectedConsoleErrors = () =>
  consoleErrors.filter((e) => !/status of 404 .*\/news\/x\)$/.test(e));

/** Runs the articles projection until it has applied everything up to `position`. */
const projectUpTo = (position: Position | null) =>
  catchUpForTest({ knex: t.db.knex, eventStore: store, logger }, [articlesProjection], position);

beforeAll(async () => {
  buildDir = await buildWebBundle();
  t = await startTestServer({ web: { mode: 'built', dir: buildDir } });
  store = t.db.runtime.eventStore;
  const deps: ArticleCommandDeps = { eventStore: store };
  const created = await createArticle(deps, {
    slug,
    title,
    excerpt: 'An article whose markdown tries to run code.',
    bodyMarkdown: body,
  });
  const published = await publishArticle(deps, created.articleId);
  await createArticle(deps, { slug: draftSlug, title: 'A draft', bodyMarkdown: 'Not yet.' });
  await projectUpTo(published.position);
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

describe('a news article in Chromium', () => {
  it('is reached from the home page card by an XHR visit and renders its sanitized body', async () => {
    await page.goto(`${t.url}/`);
    await page.waitForLoadState('networkidle');
    // A full page load would lose this mark.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    await page.locator('[data-test="featured-article"] a', { hasText: title }).click();
    await page.waitForURL(`${t.url}/news/${slug}`);
    const article = page.locator('[data-test="news-article"]');
    await article.locator('h1', { hasText: title }).waitFor();

    const visits = requests.filter(
      (r) => new URL(r.url()).pathname === `/news/${slug}` && r.headers()['x-inertia'] === 'true',
    );
    expect(visits.length).toBeGreaterThan(0);
    expect(
      await page.evaluate(
        () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
      ),
    ).toBe(true);

    const articleBody = page.locator('[data-test="article-body"]');
    expect(await articleBody.locator('h2', { hasText: 'Race report' }).count()).toBe(1);
    expect(await articleBody.locator('ul > li').allTextContents()).toEqual([
      'first item',
      'second item',
    ]);
    expect(await articleBody.locator('a', { hasText: 'rules' }).getAttribute('href')).toBe(
      'https://example.com/rules',
    );
    expect(await articleBody.locator('script').count()).toBe(0);
    const handlerAttributes = await articleBody.evaluate((root) =>
      [root, ...root.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name),
      ),
    );
    expect(handlerAttributes).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned === true),
    ).toBe(false);
    await expect.poll(() => page.title()).toBe(`${title} · Pitwall`);
    expect(unexpectedConsoleErrors()).toEqual([]);
  });

  it('serves the article server-rendered on a first visit and hydrates it without console errors', async () => {
    const response = await page.goto(`${t.url}/news/${slug}`);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('data-server-rendered="true"');
    expect(html).toContain('Race report');
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe(`${title} · Pitwall`);
    // Hydrated: the "All news" link now makes an Inertia visit instead of a page load.
    await page.locator('[data-test="news-article"] a', { hasText: 'All news' }).click();
    await page.waitForURL(`${t.url}/news`);
    expect(
      requests.some(
        (r) => new URL(r.url()).pathname === '/news' && r.headers()['x-inertia'] === 'true',
      ),
    ).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned === true),
    ).toBe(false);
    expect(unexpectedConsoleErrors()).toEqual([]);
  });

  it("shows the 404 page for an unpublished article's URL", async () => {
    const response = await page.goto(`${t.url}/news/${draftSlug}`);
    expect(response?.status()).toBe(404);
    await page.locator('[data-test="not-found"]').waitFor();
    expect(await page.title()).toMatch(/Page not found/);
    expect(await page.locator('body').textContent()).not.toContain('Not yet.');
  });
});
