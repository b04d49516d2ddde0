import { describe, expect, it } from 'vitest';
import { DAYTONA } from '../../src/http/racing/test-support/racing-world.ts';
import { useRacingBrowser } from './support/racing-browser.ts';

/**
 * The world records and iRating statistics pages in real Chromium: the racing world
 * (src/http/racing/test-support) written as events and projected by the real projections,
 * served by the built app (SSR + hydration).
 */

const b = useRacingBrowser();

const lapTimeSeconds = (text: string) => {
  const [m, s] = text.trim().split(':');
  return Number(m) * 60 + Number(s);
};

describe('world records in Chromium', () => {
  it('shows the records, re-sorts by lap time, filters by category; no axe violations', async () => {
    await b.open('/world-records');
    const tracks = () => b.cellTexts('world-records-table', 1);
    const before = await tracks();
    expect(before).toHaveLength(7);
    expect(before[0]).toContain('Circuit de Spa-Francorchamps');
    await b.page
      .locator('[data-test="world-records-table"] a[href^="/drivers/"]')
      .first()
      .waitFor();

    await b.page.locator('[data-test="sort-lapTime"]').click();
    await b.page.waitForURL(`${b.url}/world-records?sort=lapTime`);
    await b.page.locator('th[aria-sort="ascending"]', { hasText: 'Lap time' }).waitFor();
    const laps = (await b.cellTexts('world-records-table', 4)).map(lapTimeSeconds);
    expect(laps).toEqual([...laps].sort((a, b) => a - b));
    expect(await tracks()).not.toEqual(before);

    await b.page.locator('[data-test="filter-category"]').selectOption('oval');
    await b.page.locator('[data-test="world-records-apply"]').click();
    await b.page.waitForURL(`${b.url}/world-records?category=oval&sort=lapTime`);
    await b.page.locator('[data-test="world-records-total"]', { hasText: '1 record' }).waitFor();
    expect(await tracks()).toEqual([expect.stringContaining(DAYTONA.trackName)]);

    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });
});

describe('iRating statistics in Chromium', () => {
  it('draws the histogram, answers the percentile lookup and switches category; no axe violations', async () => {
    await b.open('/stats/irating');
    const chart = await b.drawnChart('irating-distribution');
    expect(chart.width).toBeGreaterThan(100);
    expect(chart.height).toBeGreaterThan(100);
    expect((await b.drawnChart('licence-distribution')).width).toBeGreaterThan(100);

    await b.page.locator('[data-test="irating-lookup-input"]').fill('2345');
    await b.page.locator('[data-test="irating-lookup-submit"]').click();
    await b.page.waitForURL(`${b.url}/stats/irating?category=sports_car&irating=2345`);
    const answer = b.page.locator('[data-test="percentile-answer"]');
    await answer.filter({ hasText: 'is better than' }).waitFor();
    expect(await answer.textContent()).toMatch(
      /^2,345 is better than \d+\.\d% of sports car drivers/,
    );

    await b.page.locator('[data-test="filter-oval"]').click();
    await b.page.waitForURL(`${b.url}/stats/irating?category=oval&irating=2345`);
    await answer.filter({ hasText: 'of oval drivers' }).waitFor();
    expect(await b.page.locator('[data-test="irating-figures"]').textContent()).toContain('12');

    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it('answers the lookup without JavaScript (a plain GET form)', async () => {
    await b.reopen({ javaScriptEnabled: false });
    await b.page.goto(`${b.url}/stats/irating?category=oval`);
    await b.page.locator('[data-test="irating-lookup-input"]').fill('2000');
    await b.page.locator('[data-test="irating-lookup-submit"]').click();
    await b.page.waitForURL(`${b.url}/stats/irating?category=oval&irating=2000`);
    expect(await b.page.locator('[data-test="percentile-answer"]').textContent()).toContain(
      '2,000 is better than 41.7% of oval drivers',
    );
  });
});
