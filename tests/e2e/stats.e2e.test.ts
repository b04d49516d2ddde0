import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAYTONA, seedRacingWorld } from '../../src/http/racing/test-support/racing-world.ts';
import { startTestServer, type TestServer } from '../../src/http/test-support/server.ts';
import { axeViolations as sharedAxeViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { drawnChart as chartSize } from './support/charts.ts';
import { buildWebBundle } from './support/build.ts';

/**
 * The world records and iRating statistics pages in real Chromium: the racing world
 * (src/http/racing/test-support) written as events and projected by the real projections,
 * served by the built app (SSR + hydration).
 */

let buildDir: string;
let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];

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

const axeViolations = () => sharedAxeViolations(page);

const drawnChart = (name: string) => chartSize(page, name);

async function open(path: string): Promise<void> {
  const response = await page.goto(`${t.url}${path}`);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState('networkidle');
}

const cellTexts = (table: string, column: number) =>
  page.locator(`[data-test="${table}"] tbody tr td:nth-child(${column})`).allTextContents();

const lapTimeSeconds = (text: string) => {
  const [m, s] = text.trim().split(':');
  return Number(m) * 60 + Number(s);
};

describe('world records in Chromium', () => {
  it('shows the records, re-sorts by lap time, filters by category; no axe violations', async () => {
    await open('/world-records');
    const tracks = () => cellTexts('world-records-table', 1);
    const before = await tracks();
    expect(before).toHaveLength(7);
    expect(before[0]).toContain('Circuit de Spa-Francorchamps');
    await page.locator('[data-test="world-records-table"] a[href^="/drivers/"]').first().waitFor();

    await page.locator('[data-test="sort-lapTime"]').click();
    await page.waitForURL(`${t.url}/world-records?sort=lapTime`);
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Lap time' }).waitFor();
    const laps = (await cellTexts('world-records-table', 4)).map(lapTimeSeconds);
    expect(laps).toEqual([...laps].sort((a, b) => a - b));
    expect(await tracks()).not.toEqual(before);

    await page.locator('[data-test="filter-category"]').selectOption('oval');
    await page.locator('[data-test="world-records-apply"]').click();
    await page.waitForURL(`${t.url}/world-records?category=oval&sort=lapTime`);
    await page.locator('[data-test="world-records-total"]', { hasText: '1 record' }).waitFor();
    expect(await tracks()).toEqual([expect.stringContaining(DAYTONA.trackName)]);

    expect(await axeViolations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe('iRating statistics in Chromium', () => {
  it('draws the histogram, answers the percentile lookup and switches category; no axe violations', async () => {
    await open('/stats/irating');
    const chart = await drawnChart('irating-distribution');
    expect(chart.width).toBeGreaterThan(100);
    expect(chart.height).toBeGreaterThan(100);
    expect((await drawnChart('licence-distribution')).width).toBeGreaterThan(100);

    await page.locator('[data-test="irating-lookup-input"]').fill('2345');
    await page.locator('[data-test="irating-lookup-submit"]').click();
    await page.waitForURL(`${t.url}/stats/irating?category=sports_car&irating=2345`);
    const answer = page.locator('[data-test="percentile-answer"]');
    await answer.filter({ hasText: 'is better than' }).waitFor();
    expect(await answer.textContent()).toMatch(
      /^2,345 is better than \d+\.\d% of sports car drivers/,
    );

    await page.locator('[data-test="filter-oval"]').click();
    await page.waitForURL(`${t.url}/stats/irating?category=oval&irating=2345`);
    await answer.filter({ hasText: 'of oval drivers' }).waitFor();
    expect(await page.locator('[data-test="irating-figures"]').textContent()).toContain('12');

    expect(await axeViolations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('answers the lookup without JavaScript (a plain GET form)', async () => {
    await context.close();
    context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    await page.goto(`${t.url}/stats/irating?category=oval`);
    await page.locator('[data-test="irating-lookup-input"]').fill('2000');
    await page.locator('[data-test="irating-lookup-submit"]').click();
    await page.waitForURL(`${t.url}/stats/irating?category=oval&irating=2000`);
    expect(await page.locator('[data-test="percentile-answer"]').textContent()).toContain(
      '2,000 is better than 41.7% of oval drivers',
    );
  });
});
