import { readFile, rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type AdminApp } from '../../src/http/admin/test-support/admin-app.ts';
import { demoProId, demoPros, seedDemoPros } from '../../src/demo/pros.ts';
import { demoTeams, seedDemoTeams } from '../../src/demo/teams.ts';
import { demoSetupFile } from '../../src/files/demo-setup-file.ts';
import { send } from '../../src/http/admin/test-support/admin-app.ts';
import { SCRIPTED_SVG, TINY_PNG } from '../support/images.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, addClientCookies, watchPage } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';

/**
 * The community catalog in real Chromium against the production bundle: the demo content seeded
 * through the commands is on the public pages; an admin creates a team (with its logo), a gear
 * item, a pro and a setup (with its file) through the admin forms and finds each on its public
 * page and in the JSON API; the setup downloads byte-identical; uploads are judged by their bytes
 * (an SVG named .png, an HTML file named .sto are refused); a member gets 403 on the admin calls;
 * axe-core finds nothing on any of these pages.
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
const CAR = 169;
const TRACK = 239;

beforeAll(async () => {
  bundle = await buildWebBundle();
  app = await startAdminApp({ web: { mode: 'built', dir: bundle } });
  await app.recordSession(7_700_001, 77_000_001);
  const seeded = await seedDemoTeams(
    {
      knex: app.db.knex,
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
  await app.recordCatalog(
    { carId: CAR, carName: 'Porsche 911 GT3 R (992)' },
    { trackId: TRACK, trackName: 'Autodromo Nazionale Monza', configName: 'Grand Prix' },
  );
  const { client } = await app.signedIn('admin');
  browser = await launchChromium();
  // axe-core is injected as a script tag, which the app's CSP (rightly) refuses.
  guestContext = await browser.newContext({ bypassCSP: true });
  adminContext = await browser.newContext({ bypassCSP: true });
  await addClientCookies(adminContext, app.url, client.cookies);
  guest = await guestContext.newPage();
  admin = await adminContext.newPage();
  for (const page of [guest, admin]) {
    watchPage(page, consoleErrors);
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
    // Every demo team shows its generated logo with its alt text; each is served as a PNG, and
    // the first (above the fold; the others load lazily) is decoded by the browser.
    const logos = guest.locator('[data-test="team-logo"]');
    expect(await logos.count()).toBe(demoTeams.length);
    const shown = await logos.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({ alt: img.alt, src: img.src })),
    );
    expect(shown.map((l) => l.alt).sort()).toEqual(demoTeams.map((t) => `${t.name} logo`).sort());
    for (const { src } of shown) {
      const logo = await guest.request.get(src);
      expect([logo.status(), logo.headers()['content-type']]).toEqual([200, 'image/png']);
    }
    await expect
      .poll(() => logos.first().evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(96);
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

  it('lets an admin create a team with field errors first (an SVG renamed .png refused), then finds it with its logo on its public page', async () => {
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
    // An SVG (with a script) named like a PNG, with a PNG's type: refused by its bytes.
    await field('logo').setInputFiles({
      name: 'apex.png',
      mimeType: 'image/png',
      buffer: SCRIPTED_SVG,
    });
    await admin.locator('[data-test="team-submit"]').click();
    await admin
      .locator('[data-test="input-error"]', {
        hasText: 'A logo must be a PNG, JPEG or WebP image.',
      })
      .waitFor();
    expect(admin.url()).toBe(`${app.url}/admin/teams/create`);
    expect(await axeViolations(admin)).toEqual([]);

    await field('logo').setInputFiles({
      name: 'apex.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await admin.locator('[data-test="team-submit"]').click();
    await admin.locator('[data-test="flash-success"]', { hasText: 'Team created.' }).waitFor();
    expect(admin.url()).toMatch(/\/admin\/teams\/[0-9a-f-]{36}$/);
    await admin.locator('[data-test="current-logo"]', { hasText: 'apex.png' }).waitFor();

    await guest.goto(`${app.url}/teams/midnight-apex`);
    await guest.locator('[data-test="team-name"]', { hasText: 'Midnight Apex' }).waitFor();
    const logo = guest.locator('[data-test="team-logo"]');
    expect(await logo.getAttribute('alt')).toBe('Midnight Apex logo');
    // The browser decoded the served image (a broken one has no natural width).
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    const served = await guest.request.get(`${app.url}${(await logo.getAttribute('src'))!}`);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect((await served.body()).equals(TINY_PNG)).toBe(true);
    expect(await guest.locator('[data-test="team-name"]').textContent()).toContain('MNA');
    expect(await guest.locator('[data-test="team-member-count"]').textContent()).toBe('1');
    // No member has driven a team event in this world: the results card shows its empty state.
    await guest.getByText('No team-event results yet').waitFor();
    await guest.waitForLoadState('networkidle');
    expect(await axeViolations(guest)).toEqual([]);
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
});

describe('the admin catalog in Chromium', { timeout: 90_000 }, () => {
  const flash = (text: string) =>
    admin.locator('[data-test^="flash-"]', { hasText: text }).first().waitFor();
  const apiJson = async <T>(path: string): Promise<T> => {
    const res = await guest.request.get(`${app.url}${path}`);
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };

  it('lets an admin add a gear item and a pro through the forms; both are on their pages and in the API', async () => {
    await admin.goto(`${app.url}/admin/gears/create`);
    await field('type').selectOption('pedals');
    await field('brand').fill('Stompwerk');
    await field('model').fill('Hydraulic 3');
    await admin.locator('[data-test="gear-submit"]').click();
    await flash('Gear added.');
    await guest.goto(`${app.url}/gears/pedals`);
    await guest.getByText('Stompwerk Hydraulic 3').first().waitFor();
    const gear = await apiJson<{ data: { model: string }[] }>('/api/gears/pedals?q=stompwerk');
    expect(gear.data.map((g) => g.model)).toEqual(['Hydraulic 3']);

    await admin.goto(`${app.url}/admin/pros/create`);
    await field('name').fill('Ada Quickfoot');
    await field('background').fill('Two-time endurance champion');
    // The gear picker: searched, then checked from the keyboard.
    await admin.getByLabel('Search gear').fill('stompwerk');
    const pedals = admin.getByRole('checkbox', { name: 'Stompwerk Hydraulic 3' });
    await pedals.focus();
    await admin.keyboard.press('Space');
    expect(await pedals.isChecked()).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);
    await admin.locator('[data-test="pro-submit"]').click();
    await flash('Driver added.');
    // The edit form keeps the selection.
    expect(await admin.getByRole('checkbox', { name: 'Stompwerk Hydraulic 3' }).isChecked()).toBe(
      true,
    );
    await guest.goto(`${app.url}/pros?q=quickfoot`);
    await guest.locator('[data-test="pro-card"]', { hasText: 'Ada Quickfoot' }).waitFor();
    const pros = await apiJson<{ data: { name: string }[] }>('/api/pros?q=quickfoot');
    expect(pros.data.map((p) => p.name)).toEqual(['Ada Quickfoot']);
    await guest
      .locator('[data-test="pro-card"]', { hasText: 'Ada Quickfoot' })
      .locator('a')
      .first()
      .click();
    await guest.getByText('Stompwerk').first().waitFor();
    const team = await apiJson<{
      data: { name: string; logoUrl: string; results: unknown[]; recruitment: unknown[] };
    }>('/api/teams/midnight-apex');
    expect(team.data).toMatchObject({ name: 'Midnight Apex', results: [], recruitment: [] });
    expect(team.data.logoUrl).toMatch(/^\/teams\/midnight-apex\/logo\?v=[0-9a-f]{12}$/);
  });

  it('refuses a .sto renamed from an HTML file, then uploads a setup; it is listed, in the API, and downloads byte-identical', async () => {
    await admin.goto(`${app.url}/admin/setups/create`);
    await field('carId').selectOption(String(CAR));
    await field('trackId').selectOption(String(TRACK));
    await field('type').selectOption('qualifying');
    await field('lapTime').fill('1:46.812');
    await field('author').fill('Ada Quickfoot');
    await field('file').setInputFiles({
      name: 'monza.sto',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
    });
    await admin.locator('[data-test="setup-submit"]').click();
    await admin
      .locator('[data-test="input-error"]', { hasText: 'not an iRacing setup file' })
      .waitFor();
    expect(await axeViolations(admin)).toEqual([]);

    const sto = demoSetupFile({ seed: 42, carId: CAR, trackId: TRACK, lines: ['Monza low drag'] });
    await field('file').setInputFiles({
      name: 'monza.sto',
      mimeType: 'application/octet-stream',
      buffer: sto,
    });
    await admin.locator('[data-test="setup-submit"]').click();
    await flash('Setup added.');
    expect(admin.url()).toMatch(/\/admin\/setups\/[0-9a-f-]{36}$/);
    const setupId = admin.url().split('/').pop()!;

    const res = await guest.goto(`${app.url}/setups?car=${CAR}`);
    expect(res?.status()).toBe(200);
    expect((await res?.text()) ?? '').toContain('Porsche 911 GT3 R (992)');
    await guest.waitForLoadState('networkidle');
    expect(await guest.locator('[data-test="setup-link"]').count()).toBe(1);
    expect(await axeViolations(guest)).toEqual([]);

    await guest.locator('[data-test="setup-link"]').click();
    await guest.locator('[data-test="setup-lap-time"]', { hasText: '1:46.812' }).waitFor();
    expect(await axeViolations(guest)).toEqual([]);
    const [download] = await Promise.all([
      guest.waitForEvent('download'),
      guest.locator('[data-test="setup-download"]').click(),
    ]);
    expect(download.suggestedFilename()).toBe('monza.sto');
    expect((await readFile(await download.path())).equals(sto)).toBe(true);

    const api = await apiJson<{ data: { id: string; downloads: number; lapTime: number }[] }>(
      `/api/setups?car=${CAR}`,
    );
    expect(api.data).toEqual([
      expect.objectContaining({ id: setupId, lapTime: 1_068_120, downloads: 1 }),
    ]);
  });

  it('answers a member 403 on every admin create call, changing nothing', async () => {
    const { client: member } = await app.signedIn('member');
    const before = await app.store.headPosition();
    for (const path of [
      '/admin/teams/create',
      '/admin/pros/create',
      '/admin/gears/create',
      '/admin/setups/create',
    ]) {
      expect((await send(member, 'POST', path, { name: 'x' })).status, path).toBe(403);
    }
    expect(await app.store.headPosition()).toBe(before);
  });

  it('logged no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
