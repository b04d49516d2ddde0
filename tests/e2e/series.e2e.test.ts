import { describe, expect, it } from 'vitest';
import {
  GT3_SEASON,
  gt3SubsessionId,
  gt3Subsessions,
} from '../../src/http/racing/test-support/racing-world.ts';
import { useRacingBrowser } from './support/racing-browser.ts';

/**
 * The series, session and subsession pages in real Chromium: the racing world
 * (src/http/racing/test-support) written as events and projected by the real projections,
 * served by the built app (SSR + hydration).
 */

const b = useRacingBrowser();

describe('series pages in Chromium', () => {
  it('/series lists the series by category; sorting a table reorders it; a link opens a series', async () => {
    await b.open('/series');
    const names = () => b.cellTexts('series-table', 1);
    const before = await names();
    expect(before).toEqual([
      'Advanced Mazda MX-5 Cup',
      'Global Fanatec Challenge',
      'NASCAR Cup Series',
    ]);
    await b.page.locator('[data-test="series-group-sports_car"] [data-test="sort-name"]').click();
    await expect
      .poll(names)
      .toEqual(['Global Fanatec Challenge', 'Advanced Mazda MX-5 Cup', 'NASCAR Cup Series']);
    expect(await b.axeViolations()).toEqual([]);

    await b.page.locator('[data-test="series-link-210"]').click();
    await b.page.waitForURL(`${b.url}/series/210`);
    await b.page
      .locator('[data-test="series-name"]', { hasText: 'Global Fanatec Challenge' })
      .waitFor();
    expect(await b.page.locator('[data-test="season-summary"]').textContent()).toContain('72');
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it('tabs navigate by click and keyboard; the schedule sorts; the season picker visits the canonical URL', async () => {
    await b.open('/series/210');
    await b.page.locator('[data-test="series-tab-schedule"]').focus();
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL(`${b.url}/series/210/schedule`);
    const weeks = () => b.cellTexts('schedule-table', 1);
    await expect.poll(weeks).toEqual(['1', '2', '3']);
    expect(await b.cellTexts('schedule-table', 3)).toContain('Road America');
    await b.page.locator('[data-test="sort-week"]').click();
    await expect.poll(weeks).toEqual(['3', '2', '1']);
    expect(await b.axeViolations()).toEqual([]);

    await b.page.locator('[data-test="series-tab-recent-races"]').click();
    await b.page.waitForURL(`${b.url}/series/210/recent-races`);
    expect(await b.page.locator('[data-test="recent-races-table"] tbody tr').count()).toBe(6);
    expect(await b.axeViolations()).toEqual([]);

    // The season in the URL; the picker's "Show" visits the same view of the chosen season.
    await b.open(`/series/210/stats?season=${GT3_SEASON}`);
    await b.page.locator('[data-test="season-select"]').selectOption(String(GT3_SEASON));
    await b.page.locator('[data-test="season-submit"]').click();
    await b.page.waitForURL(`${b.url}/series/210/stats`);
    await b.page.locator('[data-test="leaderboard-race-wins"]').waitFor();
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it.each([
    ['/series/210/participation', ['series-participation', 'series-participation-slots']],
    ['/series/210/sof', ['series-sof']],
    ['/series/210/pace', ['series-pace']],
  ])('%s draws its charts with a size; no axe violations', async (path, charts) => {
    await b.open(path);
    for (const chart of charts) {
      const size = await b.drawnChart(chart);
      expect(size.width, chart).toBeGreaterThan(0);
      expect(size.height, chart).toBeGreaterThan(0);
    }
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it.each(['/series/210/stats', '/series/210/lap-times', '/series/210/setups', '/series/300'])(
    '%s shows its view; no axe violations',
    async (path) => {
      await b.open(path);
      await b.page.locator('[data-test="series-name"]').waitFor();
      expect(await b.axeViolations()).toEqual([]);
      expect(b.consoleErrors).toEqual([]);
    },
  );
});

describe('session and subsession pages in Chromium', () => {
  const id = gt3SubsessionId(1, 0);
  const recorded = () => gt3Subsessions().find((s) => s.subsessionId === id)!;

  it('/subsessions/{id} shows the results; sorting reorders; the qualifying tab navigates', async () => {
    await b.open(`/subsessions/${id}`);
    const race = recorded().simsessions.find((s) => s.type === 'race')!.results;
    const names = () =>
      b.page
        .locator('[data-test="results-table"] tbody [data-test^="driver-link-"]')
        .allTextContents();
    expect(await names()).toEqual(race.map((r) => r.displayName));
    await b.page.locator('[data-test="sort-position"]').click();
    await expect.poll(names).toEqual([...race].reverse().map((r) => r.displayName));
    expect(await b.axeViolations()).toEqual([]);

    await b.page.locator('[data-test="filter-qualify"]').click();
    await b.page.waitForURL(`${b.url}/subsessions/${id}?type=qualify`);
    const qualify = recorded().simsessions.find((s) => s.type === 'qualify')!.results;
    await expect.poll(names).toEqual(qualify.map((r) => r.displayName));
    expect(await b.axeViolations()).toEqual([]);

    await b.page.locator('[data-test="subsession-session-link"]').click();
    await b.page.waitForURL(`${b.url}/sessions/${recorded().sessionId}`);
    await b.page.locator(`[data-test="split-link-${id}"]`).waitFor();
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });
});
