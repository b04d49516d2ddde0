import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, addClientCookies, watchPage } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';
import { send, startAdminApp, type AdminApp } from '../../src/http/admin/test-support/admin-app.ts';

/**
 * The admin pages in real Chromium against the production bundle: they render client-only,
 * the article forms show server errors where the editor looks, "Saved" appears after a save,
 * a stale form offers the current version, the replay form reports an unknown session, and the
 * ingested sessions are searched and replayed from their rows.
 */
let bundle: string;
let app: AdminApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The edit page of the article the create test made; later tests start from it. */
let editUrl = '';
const consoleErrors: string[] = [];

const KNOWN_SESSION = 4_300_001;
/** Replayed from its row of the ingested sessions (KNOWN_SESSION's run is still queued then). */
const LISTED_SESSION = 4_300_002;

beforeAll(async () => {
  bundle = await buildWebBundle();
  app = await startAdminApp({ web: { mode: 'built', dir: bundle } });
  await app.recordSession(KNOWN_SESSION, 63_000_001);
  await app.recordSession(LISTED_SESSION, 63_000_002);
  const { client } = await app.signedIn('admin');
  browser = await launchChromium();
  context = await browser.newContext();
  await addClientCookies(context, app.url, client.cookies);
  page = await context.newPage();
  watchPage(page, consoleErrors);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
  if (bundle) await rm(bundle, { recursive: true, force: true });
});

const field = (name: string) => page.locator(`[data-test="field-${name}"]`);

describe('admin pages in Chromium', { timeout: 90_000 }, () => {
  it('shows the dashboard, rendered in the browser, with the read models loaded after it', async () => {
    const res = await page.goto(`${app.url}/admin`);
    expect(res?.status()).toBe(200);
    expect(await res?.text()).toContain('<div id="app"></div>');
    await page.locator('[data-test="dashboard-articles"]').waitFor();
    await page.locator('[data-test="dashboard-projections"] td', { hasText: 'articles' }).waitFor();
  });

  it('creates an article: suggested slug, field errors from the server, then the edit form', async () => {
    await page.goto(`${app.url}/admin/articles/create`);
    await field('title').fill('ab');
    expect(await field('slug').inputValue()).toBe('ab');
    await page.locator('[data-test="article-submit"]').click();
    await page
      .locator('[data-test="input-error"]', { hasText: 'Title must be at least 3 characters.' })
      .waitFor();

    await field('title').fill('Grid walk: Spa 24 Hours');
    expect(await field('slug').inputValue()).toBe('grid-walk-spa-24-hours');
    await field('bodyMarkdown').fill('## Start\n\nGreen flag.');
    await page.locator('[data-test="article-submit"]').click();
    await page.locator('[data-test="flash-success"]', { hasText: 'Article created.' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/articles\/[0-9a-f-]{36}$/);
    editUrl = page.url();

    await page.locator('[data-test="tab-preview"]').click();
    await page.locator('[data-test="article-preview"] h2', { hasText: 'Start' }).waitFor();
    await page.locator('[data-test="tab-write"]').click();
  });

  it('saves with a "Saved" mark, refuses a stale form and offers the current version', async () => {
    await field('title').fill('Grid walk: Spa 24 Hours, updated');
    await page.locator('[data-test="article-submit"]').click();
    await page.locator('[data-test="form-saved"][data-state="shown"]').waitFor();

    // Another tab saves first.
    const id = page.url().split('/').pop()!;
    const other = await app.client();
    const cookies = await context.cookies();
    for (const c of cookies) other.cookies.set(c.name, decodeURIComponent(c.value));
    const current = (await other.get(`/admin/articles/${id}`)).page().props.article as {
      revision: string;
      slug: string;
    };
    const saved = await send(other, 'PATCH', `/admin/articles/${id}`, {
      title: 'Saved in the other tab',
      slug: current.slug,
      excerpt: '',
      bodyMarkdown: '## Start\n\nGreen flag.',
      expectedRevision: current.revision,
    });
    expect(saved.status).toBe(303);

    await field('title').fill('Saved from the stale tab');
    await page.locator('[data-test="article-submit"]').click();
    const alert = page.locator('[data-test="form-error"]');
    await alert.filter({ hasText: 'was changed after you opened it' }).waitFor();
    await page.locator('[data-test="load-current"]').click();
    expect(await field('title').inputValue()).toBe('Saved in the other tab');
    expect(await alert.count()).toBe(0);
  });

  it('publishes from the edit page', async () => {
    // A fresh load of the edit page, so the stale-tab test's state cannot leak into this one.
    await page.goto(editUrl);
    await page.locator('[data-test="publish"]').click();
    await page.locator('[data-test="flash-success"]', { hasText: 'Article published.' }).waitFor();
    await page.locator('[data-test="status-published"]').first().waitFor();
    await page.locator('[data-test="view-article"]').waitFor();
  });

  it('replays a session: a field error for an unknown one, a queued run for a known one', async () => {
    await page.goto(`${app.url}/admin/sessions`);
    await field('sessionId').fill('999');
    await page.locator('[data-test="replay-submit"]').click();
    await page
      .locator('[data-test="input-error"]', { hasText: 'Session 999 is unknown here' })
      .waitFor();

    await field('sessionId').fill(String(KNOWN_SESSION));
    await page.locator('[data-test="replay-submit"]').click();
    await page
      .locator('[data-test="flash-success"]', { hasText: `session ${KNOWN_SESSION} queued` })
      .waitFor();
    await page.locator('[data-test="replay-status-queued"]').waitFor();
    expect(await field('sessionId').inputValue()).toBe('');
  });

  it('lists the ingested sessions, searches them by series and replays one from its row', async () => {
    await page.goto(`${app.url}/admin/sessions`);
    const row = page.locator(`[data-test="ingested-session-${LISTED_SESSION}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Global Fanatec Challenge');

    const search = page.locator('[data-test="sessions-search"]');
    await search.locator('input[name="series"]').fill('mazda');
    await page.locator('[data-test="sessions-search-submit"]').click();
    await page.waitForURL(/\/admin\/sessions\?series=mazda/);
    await page
      .locator('[data-test="ingested-sessions-table"]', { hasText: 'No ingested session matches.' })
      .waitFor();

    await search.locator('input[name="series"]').fill('fanatec');
    await page.locator('[data-test="sessions-search-submit"]').click();
    await page.waitForURL(/\/admin\/sessions\?series=fanatec/);
    await row.waitFor();

    await page.locator(`[data-test="replay-session-${LISTED_SESSION}"]`).click();
    await page
      .locator('[data-test="flash-success"]', { hasText: `session ${LISTED_SESSION} queued` })
      .waitFor();
    // The row names the run it just queued.
    await row.filter({ hasText: 'run 1: queued' }).waitFor();
  });

  it('logged no errors in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
