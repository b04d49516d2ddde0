import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GT3_SEASON,
  gt3SubsessionId,
  gt3Subsessions,
  seedRacingWorld,
} from '../../src/http/racing/test-support/racing-world.ts';
import { startTestServer, type TestServer } from '../../src/http/test-support/server.ts';
import { axeViolations as sharedAxeViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { drawnChart as chartSize } from './support/charts.ts';
import { buildWebBundle } from './support/build.ts';

/**
 * The series, session and subsession pages in real Chromium: the racing world
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

describe('series pages in Chromium', () => {
  it('/series lists the series by category; sorting a table reorders it; a link opens a series', async () => {
    await open('/series');
    const names = () => cellTexts('series-table', 1);
    const before = await names();
    expect(before).toEqual([
      'Advanced Mazda MX-5 Cup',
      'Global Fanatec Challenge',
      'NASCAR Cup Series',
    ]);
    await page.locator('[data-test="series-group-sports_car"] [data-test="sort-name"]').click();
    await expect
      .poll(names)
      .toEqual(['Global Fanatec Challenge', 'Advanced Mazda MX-5 Cup', 'NASCAR Cup Series']);
    expect(await axeViolations()).toEqual([]);

    await page.locator('[data-test="series-link-210"]').click();
    await page.waitForURL(`${t.url}/series/210`);
    await page
      .locator('[data-test="series-name"]', { hasText: 'Global Fanatec Challenge' })
      .waitFor();
    expect(await page.locator('[data-test="season-summary"]').textContent()).toContain('72');
    expect(await axeViolations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('tabs navigate by click and keyboard; the schedule sorts; the season picker visits the canonical URL', async () => {
    await open('/series/210');
    await page.locator('[data-test="series-tab-schedule"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${t.url}/series/210/schedule`);
    const weeks = () => cellTexts('schedule-table', 1);
    await expect.poll(weeks).toEqual(['1', '2', '3']);
    expect(await cellTexts('schedule-table', 3)).toContain('Road America');
    await page.locator('[data-test="sort-week"]').click();
    await expect.poll(weeks).toEqual(['3', '2', '1']);
    expect(await axeViolations()).toEqual([]);

    await page.locator('[data-test="series-tab-recent-races"]').click();
    await page.waitForURL(`${t.url}/series/210/recent-races`);
    expect(await page.locator('[data-test="recent-races-table"] tbody tr').count()).toBe(6);
    expect(await axeViolations()).toEqual([]);

    // The season in the URL; the picker's "Show" visits the same view of the chosen season.
    await open(`/series/210/stats?season=${GT3_SEASON}`);
    await page.locator('[data-test="season-select"]').selectOption(String(GT3_SEASON));
    await page.locator('[data-test="season-submit"]').click();
    await page.waitForURL(`${t.url}/series/210/stats`);
    await page.locator('[data-test="leaderboard-race-wins"]').waitFor();
    expect(await axeViolations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it.each([
    ['/series/210/participation', ['series-participation', 'series-participation-slots']],
    ['/series/210/sof', ['series-sof']],
    ['/series/210/pace', ['series-pace']],
  ])('%s draws its charts with a size; no axe violations', async (path, charts) => {
    await open(path);
    for (const chart of charts) {
      const size = await drawnChart(chart);
      expect(size.width, chart).toBeGreaterThan(0);
      expect(size.height, chart).toBeGreaterThan(0);
    }
    expect(await axeViolations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it.each(['/series/210/stats', '/series/210/lap-times', '/series/210/setups', '/series/300'])(
    '%s shows its view; no axe violations',
    async (path) => {
      await open(path);
      await page.locator('[data-test="series-name"]').waitFor();
      expect(await axeViolations()).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
  );
});

describe('session and subsession pages in Chromium', () => {
  const id = gt3SubsessionId(1, 0);
  const recorded = () => gt3Subsessions().find((s) => s.subsessionId === id)!;

  it('/subsessions/{id} shows the results; sorting reorders; the qualifying tab navigates', async () => {
    await open(`/subsessions/${id}`);
    const race = recorded().simsessions.find((s) => s.type === 'race')!.results;
    const names = () =>
      page
        .locator('[data-test="results-table"] tbody [data-test^="driver-link-"]')
        .allTextContents();
    expect(await names()).toEqual(race.map((r) => r.displayName));
    await page.locator('[data-test="sort-position"]').click();
    await expect.poll(names).toEqual([...race].reverse().map((r) => r.displayName));
    expect(await axeViolations()).toEqual([]);

    await page.locator('[data-test="filter-qualify"]').click();
    await page.waitForURL(`${t.url}/subsessions/${id}?type=qualify`);
    const qualify = recorded().simsessions.find((s) => s.type === 'qualify')!.results;
    await expect.poll(names).toEqual(qualify.map((r) => r.displayName));
    expect(await axeViolations()).toEqual([]);

    await page.locator('[data-test="subsession-session-link"]').click();
    await page.waitForURL(`${t.url}/sessions/${recorded().sessionId}`);
    await page.locator(`[data-test="split-link-${id}"]`).waitFor();
    expect(await axeViolations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
