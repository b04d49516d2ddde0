import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/racing-seed.ts';
import { rebuildProjection } from '../../src/projections/core/rebuild.ts';
import { racingProjections } from '../../src/projections/racing/index.ts';
import { driverNamed, gt3Subsessions } from '../../src/http/racing/test-support/racing-world.ts';
import { startTestServer, type TestServer } from '../../src/http/test-support/server.ts';
import { useRacingBrowser } from './support/racing-browser.ts';

/**
 * The driver pages in real Chromium: the racing world (src/http/racing/test-support) written as
 * events and projected by the real projections, served by the built app (SSR + hydration).
 */

const b = useRacingBrowser();
const lena = driverNamed('Lena Fischer');

const rowNames = () => b.page.locator('[data-test="driver-link"]').allTextContents();

/** Opens the numbers table of a chart and reads its rows: each cell's text, and the row's link. */
async function chartNumbers(name: string): Promise<{ cells: string[]; href: string | null }[]> {
  const figure = b.page.locator(`[data-chart="${name}"]`);
  await figure.locator('summary').click();
  const rows = figure.locator('tbody tr');
  await rows.first().waitFor();
  const out: { cells: string[]; href: string | null }[] = [];
  for (const row of await rows.all()) {
    out.push({
      cells: await row.locator('td').allTextContents(),
      href: await row.locator('a').first().getAttribute('href'),
    });
  }
  return out;
}

/** Lena's sports car races, oldest first. */
const lenaRaces = () =>
  gt3Subsessions()
    .filter((s) =>
      s.simsessions.some(
        (x) => x.type === 'race' && x.results.some((r) => r.custId === lena.custId),
      ),
    )
    .sort((x, y) => (x.startTime < y.startTime ? -1 : 1));

describe('driver pages in Chromium', () => {
  it('/drivers lists the drivers; a sort header reorders them; no axe violations', async () => {
    const response = await b.page.goto(`${b.url}/drivers`);
    expect(response?.status()).toBe(200);
    await b.page.waitForLoadState('networkidle');
    const byRating = await rowNames();
    expect(byRating).toContain('Lena Fischer');

    await b.page.locator('[data-test="sort-name"]').click();
    await b.page.waitForURL(`${b.url}/drivers?sort=name`);
    await expect.poll(rowNames).not.toEqual(byRating);
    const byName = await rowNames();
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));

    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it('/drivers/{id} draws both rating charts, links its races; no axe violations', async () => {
    const response = await b.page.goto(`${b.url}/drivers/${lena.custId}`);
    expect(response?.status()).toBe(200);
    await b.page.locator('[data-test="driver-name"]', { hasText: 'Lena Fischer' }).waitFor();
    for (const chart of ['irating-history', 'sr-history']) {
      const size = await b.drawnChart(chart);
      expect(size.width, chart).toBeGreaterThan(0);
      expect(size.height, chart).toBeGreaterThan(0);
    }
    expect(
      await b.page.locator('[data-test="recent-races"] a[href^="/subsessions/"]').count(),
    ).toBe(4);
    expect(await b.page.locator('[data-test="career-starts"]').textContent()).toBe('3');
    // The numbers under the chart: a race a row, linked to its subsession by its series and track.
    const numbers = await chartNumbers('irating-history');
    expect(numbers.map((r) => r.href)).toEqual(
      lenaRaces().map((s) => `/subsessions/${s.subsessionId}`),
    );
    for (const row of numbers) {
      expect(row.cells).toHaveLength(3);
      expect(row.cells[1]).toMatch(/^[\d,]+$/);
      expect(row.cells[2]).toMatch(/^Global Fanatec Challenge · \S/);
    }

    await b.page.locator('[data-test="category-card-oval"]').click();
    await b.page.waitForURL(`${b.url}/drivers/${lena.custId}?category=oval`);
    await expect.poll(() => b.page.locator('[data-test="career-starts"]').textContent()).toBe('1');

    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it('the header search suggests drivers as you type; the keyboard opens one', async () => {
    await b.page.goto(`${b.url}/drivers`);
    await b.page.waitForLoadState('networkidle');
    const searches: string[] = [];
    b.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/drivers/search') searches.push(r.url());
    });
    const box = b.page.locator('header [data-test="search-input"]:visible');
    await box.pressSequentially('lena fischer', { delay: 40 });
    const option = b.page.locator(`[data-test="suggestion-driver-${lena.custId}"]`);
    await option.waitFor();
    // The hits of the whole name are in once the exact name leads the list.
    await expect
      .poll(() => b.page.locator('[role="option"]').first().getAttribute('data-test'))
      .toBe(`suggestion-driver-${lena.custId}`);
    // Debounced: one search for the whole word typed quickly, not one per keystroke.
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.length).toBeLessThanOrEqual(2);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(await b.page.locator(`[id="${activeId}"]`).getAttribute('data-test')).toBe(
      `suggestion-driver-${lena.custId}`,
    );
    await box.press('Enter');
    await b.page.waitForURL(`${b.url}/drivers/${lena.custId}`);
    await b.page.locator('[data-test="driver-name"]', { hasText: 'Lena Fischer' }).waitFor();
    expect(b.consoleErrors).toEqual([]);
  });

  it('the search form submits to /search, which lists drivers and series; no axe violations', async () => {
    await b.page.goto(`${b.url}/drivers`);
    await b.page.waitForLoadState('networkidle');
    const box = b.page.locator('header [data-test="search-input"]:visible');
    await box.fill('fanatec');
    await box.press('Enter');
    await b.page.waitForURL(`${b.url}/search?q=fanatec`);
    await b.page
      .locator('[data-test="search-series"] a', { hasText: 'Global Fanatec Challenge' })
      .waitFor();
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it('compare: the picker adds a second driver; overlaid chart and head to head; no axe violations', async () => {
    const jonas = driverNamed('Jonas Berg');
    await b.page.goto(`${b.url}/drivers/${lena.custId}`);
    await b.page.waitForLoadState('networkidle');
    await b.page.locator('[data-test="compare-link"]').click();
    await b.page.waitForURL(`${b.url}/drivers/${lena.custId}/compare`);
    const picker = b.page.locator('[data-test="compare-picker"]');
    await picker.pressSequentially('jonas berg', { delay: 30 });
    await b.page.locator(`[data-test="suggestion-driver-${jonas.custId}"]`).click();
    await b.page.waitForURL(/\/compare\?/);
    expect(new URL(b.page.url()).searchParams.get('ids')).toBe(String(jonas.custId));
    await b.page.locator(`[data-test="compare-driver-${jonas.custId}"]`).waitFor();
    const size = await b.drawnChart('compare-irating-history');
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
    await b.page.locator(`[data-test="head-to-head-${lena.custId}-${jonas.custId}"]`).waitFor();
    // Both drivers' races in the numbers under the chart, each linked to its subsession.
    const numbers = await chartNumbers('compare-irating-history');
    expect(new Set(numbers.map((r) => r.cells[0]))).toEqual(
      new Set(['Lena Fischer', 'Jonas Berg']),
    );
    expect(numbers.filter((r) => r.cells[0] === 'Lena Fischer').map((r) => r.href)).toEqual(
      lenaRaces().map((s) => `/subsessions/${s.subsessionId}`),
    );
    for (const row of numbers) expect(row.cells[3]).toMatch(/^Global Fanatec Challenge · \S/);
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it('an unknown driver is the NotFound page', async () => {
    const response = await b.page.goto(`${b.url}/drivers/999999`);
    expect(response?.status()).toBe(404);
    await b.page.locator('[data-test="not-found"]').waitFor();
  });
});

describe('driver pages on the demo world', () => {
  let demo: TestServer;

  beforeAll(async () => {
    // A small demo world (npm run seed's generator and pipeline), projected by the real
    // racing projections, on a database of its own.
    demo = await startTestServer({ web: { mode: 'built', dir: b.buildDir } });
    const { knex, eventStore, logger } = demo.db.runtime;
    await seedDemoData({
      deps: { knex, eventStore, logger },
      drivers: 60,
      concurrency: 4,
      asOf: '2026-11-26',
    });
    for (const projection of racingProjections) {
      await rebuildProjection({ knex, eventStore, logger }, projection, { waitForLock: true });
    }
  }, 180_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('lists the demo drivers and draws the top driver’s iRating history', async () => {
    const { rows } = await demo.db.knex.raw<{
      rows: { cust_id: number; display_name: string }[];
    }>(
      `SELECT d.cust_id, d.display_name FROM racing_driver_licenses l
         JOIN racing_drivers d ON d.cust_id = l.cust_id
        WHERE l.category = 'sports_car' AND l.irating IS NOT NULL
        ORDER BY l.irating DESC, l.cust_id DESC LIMIT 1`,
    );
    const top = rows[0]!;
    await b.page.goto(`${demo.url}/drivers`);
    await b.page.waitForLoadState('networkidle');
    expect((await rowNames())[0]).toBe(top.display_name);
    await b.page.locator('[data-test="driver-link"]').first().click();
    await b.page.waitForURL(`${demo.url}/drivers/${top.cust_id}`);
    // Country, then the iRacing club labelled as one ("Canada · Canada club · member since …").
    expect(await b.page.locator('[data-test="driver-identity"]').textContent()).toMatch(
      / · .+ club · member since \d{4}$/,
    );
    const size = await b.drawnChart('irating-history');
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });
});
