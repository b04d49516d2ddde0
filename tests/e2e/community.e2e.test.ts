import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type AdminApp } from '../../src/http/admin/test-support/admin-app.ts';
import { demoProId, demoPros, seedDemoPros } from '../../src/demo/pros.ts';
import { demoTeams, seedDemoTeams } from '../../src/demo/teams.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';

/**
 * The community catalog in real Chromium against the production bundle: the demo content seeded
 * through the commands is on the public pages, an admin creates a team through the admin form and
 * finds it on its public page, and axe-core finds nothing on any of these pages.
 */
let bundle: string;
let app: AdminApp;
let browser: Browser;
let guestContext: BrowserContext;
let adminContext: BrowserContext;
let guest: Page;
let admin: Page;
const consoleErrors: string[] = [];
const RACER = 1000; // the driver of the recorded race

beforeAll(async () => {
  bundle = await buildWebBundle();
  app = await startAdminApp({ web: { mode: 'built', dir: bundle } });
  await app.recordSession(7_700_001, 77_000_001);
  const seeded = await seedDemoTeams(
    {
      eventStore: app.store,
      notifyAppended: (a) => app.jobs.notifyAppended(a.position, a.eventTypes),
    },
    () => [RACER],
  );
  if (seeded.position) await app.caughtUp(['teams'], seeded.position);
  const pros = await seedDemoPros(
    {
      eventStore: app.store,
      notifyAppended: (a) => app.jobs.notifyAppended(a.position, a.eventTypes),
    },
    () => [RACER],
  );
  if (pros.position) await app.caughtUp(['pros'], pros.position);
  const { client } = await app.signedIn('admin');
  browser = await launchChromium();
  // axe-core is injected as a script tag, which the app's CSP (rightly) refuses.
  guestContext = await browser.newContext({ bypassCSP: true });
  adminContext = await browser.newContext({ bypassCSP: true });
  const { hostname } = new URL(app.url);
  await adminContext.addCookies(
    [...client.cookies].map(([name, value]) => ({
      name,
      value: encodeURIComponent(value),
      domain: hostname,
      path: '/',
    })),
  );
  guest = await guestContext.newPage();
  admin = await adminContext.newPage();
  for (const page of [guest, admin]) {
    page.setDefaultTimeout(20_000);
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
  }
}, 240_000);

afterAll(async () => {
  await guestContext?.close();
  await adminContext?.close();
  await browser?.close();
  await app?.close();
  if (bundle) await rm(bundle, { recursive: true, force: true });
});

const field = (name: string) => admin.locator(`[data-test="field-${name}"]`);

describe('teams in Chromium', { timeout: 90_000 }, () => {
  it('lists the demo teams server-rendered, searches them, and axe finds nothing', async () => {
    const res = await guest.goto(`${app.url}/teams`);
    expect(res?.status()).toBe(200);
    const html = (await res?.text()) ?? '';
    expect(html).toContain('data-server-rendered="true"');
    expect(html).toContain(demoTeams[0]!.name);
    await guest.waitForLoadState('networkidle');
    expect(await guest.locator('[data-test="team-card"]').count()).toBe(demoTeams.length);
    expect(await axeViolations(guest)).toEqual([]);

    await guest.locator('[data-test="teams-search"]').fill('nordschleife');
    await guest.locator('[data-test="teams-apply"]').click();
    await guest.waitForURL(`${app.url}/teams?q=nordschleife`);
    await expect.poll(() => guest.locator('[data-test="team-card"]').count()).toBe(1);

    await guest.locator('[data-test="teams-search"]').fill('no such team at all');
    await guest.locator('[data-test="teams-apply"]').click();
    await guest.locator('[data-test="empty-state"]').waitFor();
    expect(await axeViolations(guest)).toEqual([]);
  });

  it('shows a team with its member linked to the driver page, and axe finds nothing', async () => {
    const withRacer = demoTeams[0]!;
    await guest.goto(`${app.url}/teams`);
    await guest.locator('[data-test="team-card"] a', { hasText: withRacer.name }).click();
    await guest.locator('[data-test="team-name"]', { hasText: withRacer.name }).waitFor();
    const member = guest.locator('[data-test="member-link"]').first();
    expect(await member.textContent()).toBe(`Driver ${RACER}`);
    expect(await member.getAttribute('href')).toBe(`/drivers/${RACER}`);
    expect(await axeViolations(guest)).toEqual([]);
  });

  it('lets an admin create a team with field errors first, then finds it on its public page', async () => {
    await admin.goto(`${app.url}/admin/teams/create`);
    await field('name').fill('Midnight Apex');
    expect(await field('slug').inputValue()).toBe('midnight-apex');
    await field('members').fill(`${RACER}, not-an-id`);
    await admin.locator('[data-test="team-submit"]').click();
    await admin
      .locator('[data-test="input-error"]', {
        hasText: '"not-an-id" is not an iRacing customer id.',
      })
      .waitFor();
    expect(await axeViolations(admin)).toEqual([]);

    await field('members').fill(String(RACER));
    await field('tag').fill('mna');
    await admin.locator('[data-test="team-submit"]').click();
    await admin.locator('[data-test="flash-success"]', { hasText: 'Team created.' }).waitFor();
    expect(admin.url()).toMatch(/\/admin\/teams\/[0-9a-f-]{36}$/);

    await guest.goto(`${app.url}/teams/midnight-apex`);
    await guest.locator('[data-test="team-name"]', { hasText: 'Midnight Apex' }).waitFor();
    expect(await guest.locator('[data-test="team-name"]').textContent()).toContain('MNA');
    expect(await guest.locator('[data-test="team-member-count"]').textContent()).toBe('1');
  });

  it('lists the demo pros and shows one with bio and live racing data; axe finds nothing', async () => {
    const res = await guest.goto(`${app.url}/pros`);
    expect(res?.status()).toBe(200);
    expect((await res?.text()) ?? '').toContain(demoPros[0]!.name);
    await guest.waitForLoadState('networkidle');
    expect(await guest.locator('[data-test="pro-card"]').count()).toBe(demoPros.length);
    expect(await axeViolations(guest)).toEqual([]);

    // The first demo pro is the one linked to the only driver of this world.
    await guest.goto(`${app.url}/pros/${demoProId(demoPros[0]!.name)}`);
    await guest.locator('[data-test="pro-bio"] h2', { hasText: 'Career' }).waitFor();
    expect(await guest.locator('[data-test="pro-driver-link"]').getAttribute('href')).toBe(
      `/drivers/${RACER}`,
    );
    expect(await guest.locator('[data-test="pro-licences"] tbody tr').count()).toBeGreaterThan(0);
    expect(await axeViolations(guest)).toEqual([]);
  });

  it('logged no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
