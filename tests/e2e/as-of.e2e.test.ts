import { describe, expect, it } from 'vitest';
import { dayOf, endOfDay, formatDay } from '../../src/domain/as-of.ts';
import { driverNamed, gt3Subsessions } from '../../src/http/racing/test-support/racing-world.ts';
import { formatIrating } from '../../web/lib/racing-format.ts';
import { useRacingBrowser } from './support/racing-browser.ts';

/**
 * The driver profile as of a date in Chromium (docs/as-of.md): the iRating of that day from the
 * history, the as-of bar by keyboard, and the reason a future date is not shown. axe finds
 * nothing. A correction replayed by the admin, "as shown then" next to "as known now", is
 * as-of-replay.e2e.test.ts.
 */
const b = useRacingBrowser();
const lena = driverNamed('Lena Fischer');

/** Lena's sports car races by the end of the day of her second race, oldest first. */
function raceDay() {
  const races = gt3Subsessions()
    .map((s) => ({
      s,
      row: s.simsessions
        .find((x) => x.type === 'race')!
        .results.find((r) => r.custId === lena.custId),
    }))
    .filter((x) => x.row !== undefined)
    .sort((a, b) => (a.s.startTime < b.s.startTime ? -1 : 1));
  const day = dayOf(races[1]!.s.startTime);
  const last = races.filter((r) => r.s.startTime < endOfDay(day)).at(-1)!;
  return { day, last };
}

const cardIrating = () =>
  b.page.locator('[data-test="category-card-sports_car"] [data-test="card-irating"]').innerText();

describe('the driver profile as of a date in Chromium', () => {
  it('shows the iRating of that day, names both clocks and goes back to today', async () => {
    const { day, last } = raceDay();
    await b.open(`/drivers/${lena.custId}?category=sports_car`);
    const today = await cardIrating();

    // The picker by keyboard: type the day into the date input, submit with Enter.
    const input = b.page.locator('[data-test="as-of-input"]');
    await input.focus();
    await input.fill(day);
    await input.press('Enter');
    await b.page.waitForURL((url) => url.searchParams.get('asOf') === day);
    await b.page.locator('[data-test="as-of-banner"]').waitFor();

    const then = await cardIrating();
    expect(then).toBe(formatIrating(last.row!.newIrating));
    expect(then).not.toBe(today);
    const banner = await b.page.locator('[data-test="as-of-banner"]').innerText();
    expect(banner).toContain(`Viewing Pitwall as of ${formatDay(day)} (race time)`);
    expect(banner).toContain('as known now (learned time)');
    expect(await b.axeViolations()).toEqual([]);

    await b.page.locator('[data-test="as-of-today"]').focus();
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL((url) => !url.searchParams.has('asOf'));
    await b.page.locator('[data-test="as-of-banner"]').waitFor({ state: 'detached' });
    expect(await cardIrating()).toBe(today);
    expect(b.consoleErrors).toEqual([]);
  });

  it('tells why a date in the future is not shown', async () => {
    await b.open(`/drivers/${lena.custId}?asOf=2099-01-01`);
    expect(await b.page.locator('[data-test="as-of-notice"]').innerText()).toContain(
      '1 Jan 2099 is in the future',
    );
    expect(await b.axeViolations()).toEqual([]);
  });
});
