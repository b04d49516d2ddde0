import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  driverNamed,
  gt3SubsessionId,
  seedRacingWorld,
} from '../../src/http/racing/test-support/racing-world.ts';
import { startTestServer, type TestServer } from '../../src/http/test-support/server.ts';
import { axeViolations as sharedAxeViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';
import { drawnChart } from './support/charts.ts';

/**
 * The iRating what-if (/subsessions/{id}) and calculator (/drivers/{id}) in real Chromium: the
 * racing world projected by the real projections, served by the built app; the changes are
 * computed in the page by the domain's iRating model, with no request to the server.
 */

let buildDir: string;
let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
const lena = driverNamed('Lena Fischer');
const SUBSESSION = gt3SubsessionId(0, 0);

beforeAll(async () => {
  buildDir = await buildWebBundle();
  t = await startTestServer({ web: { mode: 'built', dir: buildDir } });
  const { knex, eventStore, logger } = t.db.runtime;
  await seedRacingWorld({ knex, eventStore, logger });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
});

afterEach(async () => {
  await context?.close();
});

/** The what-if rows' keys in the order shown. */
const rowKeys = () =>
  page
    .locator('[data-test^="whatif-row-"]')
    .evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-test')!.slice('whatif-row-'.length)),
    );

/** Every shown what-if change, by customer id. */
const changes = () =>
  page
    .locator('[data-test^="whatif-change-"]')
    .evaluateAll((cells) =>
      Object.fromEntries(
        cells.map((c) => [
          c.getAttribute('data-test')!.slice('whatif-change-'.length),
          Number(c.textContent.replace('−', '-').replace('+', '')),
        ]),
      ),
    );

describe('iRating what-if and calculator in Chromium', () => {
  it('moving a driver on /subsessions/{id} changes everyone’s shown deltas, in the page', async () => {
    const response = await page.goto(`${t.url}/subsessions/${SUBSESSION}`);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    // The card is in the server's HTML; its rows are drawn once the page has hydrated.
    await page.locator('[data-test="irating-whatif"]').waitFor();
    await page.locator('[data-test^="whatif-row-"]').first().waitFor();
    const keys = await rowKeys();
    expect(keys.length).toBeGreaterThan(2);
    const before = await changes();
    const winner = keys[0]!.slice(1);
    const last = keys.at(-1)!;
    const lastId = last.slice(1);

    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));

    // The keyboard way: the last finisher's position select set to P1.
    await page.locator(`[data-test="whatif-position-${last}"]`).selectOption('0');
    await expect.poll(rowKeys).toEqual([last, ...keys.slice(0, -1)]);
    const moved = await changes();
    expect(moved[lastId]).toBeGreaterThan(before[lastId]!);
    expect(moved[winner]).toBeLessThan(before[winner]!);
    // Everyone between changed too: each lost a place.
    for (const key of keys.slice(1, -1)) {
      expect(moved[key.slice(1)], key).toBeLessThan(before[key.slice(1)]!);
    }
    expect(await page.locator('[data-test="whatif-status"]').textContent()).toContain('P1');

    // Dragging: the new leader's row dropped on the last row's place (the whole table in view,
    // so neither end scrolls the page under the pointer).
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.locator('[data-test="irating-whatif"] table').scrollIntoViewIfNeeded();
    await page
      .locator(`[data-test="whatif-row-${last}"]`)
      .dragTo(page.locator(`[data-test="whatif-row-${keys.at(-2)!}"]`));
    await expect.poll(rowKeys).toEqual(keys);
    expect(await changes()).toEqual(before);

    expect(requests).toEqual([]);
    expect(await sharedAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('/drivers/{id} has a calculator: the change at each position for a SoF and field size', async () => {
    const response = await page.goto(`${t.url}/drivers/${lena.custId}`);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    const size = await drawnChart(page, 'irating-calculator');
    expect(size.width).toBeGreaterThan(0);
    const summary = page.locator('[data-test="calculator-summary"]');
    const first = await summary.textContent();
    expect(first).toMatch(/^P1 \+\d+/);

    await page.locator('[data-test="field-calc-sof"]').fill(String(lena.sportsCarIrating + 1500));
    await expect.poll(() => summary.textContent()).not.toBe(first);
    // A much stronger field: winning it is worth more than winning an even one.
    const stronger = Number((await summary.textContent())!.match(/^P1 \+(\d+)/)![1]);
    expect(stronger).toBeGreaterThan(Number(first!.match(/^P1 \+(\d+)/)![1]));

    await page.locator('[data-test="field-calc-size"]').fill('1');
    await page.locator('[data-test="input-error"]', { hasText: 'from 2 to 100' }).waitFor();

    expect(await sharedAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
