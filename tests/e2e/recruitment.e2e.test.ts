import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_OPEN } from '../../src/commands/recruitment/decider.ts';
import { startAdminApp, type AdminApp } from '../../src/http/admin/test-support/admin-app.ts';
import type { TestClient } from '../../src/http/test-support/client.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, addClientCookies, watchPage } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';

/**
 * The recruitment board in real Chromium against the production bundle: a member publishes a
 * driver profile through the form, finds it on the board and in their own list with the linked
 * driver's live iRating and recent form, edits it; another member is refused (403) on edit and
 * delete; a fourth open profile is refused with the message; the owner deletes it and it is gone
 * from the lists and the API. axe-core finds nothing on the pages.
 */
let bundle: string;
let app: AdminApp;
let browser: Browser;
let ownerContext: BrowserContext;
let owner: Page;
let ownerClient: TestClient;
let otherClient: TestClient;
const consoleErrors: string[] = [];
const RACER = 1000; // the driver of the recorded race (iRating 2,010 after it)

async function contextFor(client: TestClient): Promise<BrowserContext> {
  const context = await browser.newContext({ bypassCSP: true });
  await addClientCookies(context, app.url, client.cookies);
  return context;
}

beforeAll(async () => {
  bundle = await buildWebBundle();
  app = await startAdminApp({ web: { mode: 'built', dir: bundle } });
  await app.recordSession(7_700_001, 77_000_001);
  ownerClient = (await app.signedIn('member')).client;
  otherClient = (await app.signedIn('member')).client;
  browser = await launchChromium();
  ownerContext = await contextFor(ownerClient);
  owner = await ownerContext.newPage();
  watchPage(owner, consoleErrors);
}, 240_000);

afterAll(async () => {
  await ownerContext?.close();
  await browser?.close();
  await app?.close();
  if (bundle) await rm(bundle, { recursive: true, force: true });
});

const field = (name: string) => owner.locator(`[data-test="field-${name}"]`);

async function fillProfile(title: string): Promise<void> {
  await owner.goto(`${app.url}/recruitment/create`);
  await field('title').fill(title);
  await field('description').fill('Consistent GT3 driver, clean and on time for every grid.');
  await field('categories').getByLabel('Sports car').check();
  await field('custId').fill(String(RACER));
  await field('timeZone').selectOption('Europe/Berlin');
  await field('days').getByLabel('Saturday').check();
  await field('format').getByLabel('Sprint races').check();
  await field('languages').getByLabel('English').check();
  await field('contact').fill('Discord: racer#0001');
  await owner.locator('[data-test="profile-submit"]').click();
}

describe('the recruitment board in Chromium', () => {
  let profileUrl = '';

  it('publishes a driver profile with the linked driver’s live record', async () => {
    await fillProfile('GT3 driver looking for an endurance team');
    await owner.waitForURL(/\/recruitment\/profiles\/[0-9a-f-]{36}$/);
    profileUrl = owner.url();
    await expect
      .poll(() => owner.locator('[data-test="profile-title"]').textContent())
      .toBe('GT3 driver looking for an endurance team');
    expect(await owner.locator('[data-test="stat-irating"]').first().textContent()).toBe('2,010');
    expect(await owner.locator('[data-test="recent-form"] li').count()).toBe(1);
    expect(await owner.locator('[data-test="profile-contact"]').textContent()).toBe(
      'Discord: racer#0001',
    );
    expect(await axeViolations(owner)).toEqual([]);

    for (const path of ['/recruitment', '/recruitment/mine']) {
      await owner.goto(`${app.url}${path}`);
      const card = owner.locator('[data-test="profile-card"]');
      expect(await card.count()).toBe(1);
      expect(await card.locator('[data-test="stat-irating"]').first().textContent()).toBe('2,010');
      expect(await axeViolations(owner)).toEqual([]);
    }
  });

  it('lets the owner edit it; another member gets 403 on edit and delete', async () => {
    const id = profileUrl.split('/').pop()!;
    await owner.goto(profileUrl);
    await owner.locator('[data-test="edit-profile"]').click();
    await owner.waitForURL(/\/edit$/);
    expect(await axeViolations(owner)).toEqual([]);
    await field('title').fill('GT3 and LMP2 driver for endurance');
    await owner.locator('[data-test="profile-submit"]').click();
    await expect
      .poll(() => owner.locator('[data-test="profile-title"]').textContent())
      .toBe('GT3 and LMP2 driver for endurance');

    expect((await otherClient.get(`/recruitment/${id}/edit`)).status).toBe(403);
    const put = await otherClient.request(`/recruitment/${id}/edit`, {
      method: 'PUT',
      inertia: true,
      csrf: true,
      body: {
        title: 'Taken over by someone else',
        description: 'A complete, valid form sent by a member who is not the owner.',
        categories: ['oval'],
        timeZone: 'UTC',
        days: ['mon'],
        format: 'both',
        languages: ['en'],
        custId: String(RACER),
      },
    });
    expect(put.status).toBe(403);
    const del = await otherClient.request(`/recruitment/${id}`, {
      method: 'DELETE',
      inertia: true,
      csrf: true,
    });
    expect(del.status).toBe(403);
    await owner.goto(profileUrl);
    expect(await owner.locator('[data-test="profile-title"]').textContent()).toBe(
      'GT3 and LMP2 driver for endurance',
    );
  });

  it('refuses a fourth open profile with a clear message', async () => {
    for (const n of [2, 3]) {
      await fillProfile(`Second-season driver number ${n}`);
      await owner.waitForURL(/\/recruitment\/profiles\//);
    }
    await fillProfile('One profile too many');
    await expect
      .poll(() => owner.locator('[data-test="form-error"]').textContent())
      .toContain(TOO_MANY_OPEN);
    expect(owner.url()).toMatch(/\/recruitment\/create$/);
    expect(await axeViolations(owner)).toEqual([]);
  });

  it('deletes it after a confirmation: gone from the lists and the API', async () => {
    const id = profileUrl.split('/').pop()!;
    await owner.goto(profileUrl);
    await owner.locator('[data-test="delete-profile"]').click();
    await owner.locator('[data-test="confirm-delete"]').click();
    await owner.waitForURL(/\/recruitment\/mine$/);
    expect(await owner.locator(`[data-test="profile-card"][data-profile-id="${id}"]`).count()).toBe(
      0,
    );
    await owner.goto(`${app.url}/recruitment`);
    expect(await owner.locator(`[data-test="profile-card"][data-profile-id="${id}"]`).count()).toBe(
      0,
    );
    const api = await otherClient.get('/api/recruitment/drivers');
    const ids = api.json<{ data: { id: string }[] }>().data.map((p) => p.id);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(id);
    expect(consoleErrors).toEqual([]);
  });
});
