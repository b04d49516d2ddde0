import { describe, expect, it } from 'vitest';
import { driverNamed, GT3_SEASON } from '../../src/http/racing/test-support/racing-world.ts';
import { useRacingBrowser } from './support/racing-browser.ts';

/**
 * The leaderboards as of a date in real Chromium (docs/as-of.md), on the racing world: season
 * 3620 of series 210 raced on 2022-03-15, -22 and -29; each race moved a driver's iRating to
 * base + (6 − position) × 5, and the profiles of 2022-06-01 set today's back to the base.
 * Lena Fischer won her split in week 0 (1,425) and was third in week 2 (1,415); today 1,400.
 */

const b = useRacingBrowser();
const lena = driverNamed('Lena Fischer');

const iratingOf = (custId: number) =>
  b.page.locator(`[data-test="driver-row-${custId}"] td`).nth(5).textContent();

describe('leaderboards as of a date in Chromium', () => {
  it('/drivers?asOf= shows the iRatings of that day with the banner; the picker and "Back to today" move the day', async () => {
    await b.open('/drivers');
    expect(await iratingOf(lena.custId)).toBe('1,400');
    expect(await b.page.locator('[data-test="as-of-banner"]').count()).toBe(0);

    await b.open('/drivers?asOf=2022-03-15');
    const banner = b.page.locator('[data-test="as-of-banner"]');
    expect(await banner.textContent()).toContain('15 Mar 2022');
    expect(await banner.textContent()).toContain('race time');
    expect(await iratingOf(lena.custId)).toBe('1,425');
    expect(await b.axeViolations()).toEqual([]);

    // A shared link with a learned time: the list as known now, and the bar says why.
    await b.open('/drivers?asOf=2022-03-15&known=2022-04-01');
    expect(await b.page.locator('[data-test="as-of-notice"]').textContent()).toContain(
      'follows race time only',
    );
    expect(await iratingOf(lena.custId)).toBe('1,425');
    expect(await b.axeViolations()).toEqual([]);

    // Keyboard: type a day into the picker and submit with Enter; the list's state is kept.
    await b.open('/drivers?asOf=2022-03-15&sort=name');
    const input = b.page.locator('[data-test="as-of-input"]');
    await input.focus();
    await input.fill('2022-03-29');
    await input.press('Enter');
    await b.page.waitForURL(`${b.url}/drivers?sort=name&asOf=2022-03-29`);
    await expect.poll(() => iratingOf(lena.custId)).toBe('1,415');
    // Sort headers keep the day.
    expect(await b.page.locator('[data-test="sort-irating"]').getAttribute('href')).toContain(
      'asOf=2022-03-29',
    );

    await b.page.locator('[data-test="as-of-today"]').click();
    await b.page.waitForURL(`${b.url}/drivers?sort=name`);
    await expect.poll(() => iratingOf(lena.custId)).toBe('1,400');
    expect(await b.page.locator('[data-test="as-of-banner"]').count()).toBe(0);
    expect(b.consoleErrors).toEqual([]);
  });

  it('/series/{id}/stats?asOf= before the last week shows fewer races, keeps the day when the season changes', async () => {
    const racesOfLeader = () =>
      b.page.locator('[data-test="leaderboard-races"] tbody tr td').nth(2).textContent();
    await b.open('/series/210/stats');
    expect(await racesOfLeader()).toBe('3');
    expect(
      await b.page
        .locator('[data-test="fastest-laps"] h2, [data-test="fastest-laps"] h3')
        .first()
        .textContent(),
    ).toContain('week 3');

    await b.open('/series/210/stats?asOf=2022-03-22');
    expect(await b.page.locator('[data-test="as-of-banner"]').textContent()).toContain(
      '22 Mar 2022',
    );
    expect(await racesOfLeader()).toBe('2');
    expect(
      await b.page
        .locator('[data-test="fastest-laps"] h2, [data-test="fastest-laps"] h3')
        .first()
        .textContent(),
    ).toContain('week 2');
    // The season picker carries the day along.
    expect(
      await b.page.locator('[data-test="season-picker"] input[name="asOf"]').getAttribute('value'),
    ).toBe('2022-03-22');
    expect(await b.axeViolations()).toEqual([]);

    // The first day of the season: one race each.
    await b.open(`/series/210/stats?season=${GT3_SEASON}&asOf=2022-03-15`);
    expect(await racesOfLeader()).toBe('1');
    expect(b.consoleErrors).toEqual([]);
  });

  it('the home page shows the top drivers of a past day under the as-of bar', async () => {
    await b.open('/?asOf=2022-03-15');
    expect(await b.page.locator('#top-drivers').textContent()).toBe(
      'Top drivers as of 15 Mar 2022',
    );
    expect(await b.page.locator('[data-test="as-of-banner"]').count()).toBe(1);
    expect(
      await b.page
        .locator(`[data-test="top-drivers"] [data-test^="top-driver-sports_car-"]`)
        .count(),
    ).toBe(5);
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });
});
