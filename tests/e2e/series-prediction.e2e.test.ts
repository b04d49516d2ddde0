import { describe, expect, it } from 'vitest';
import { TRACKS } from '../../src/http/racing/test-support/racing-world.ts';
import { useRacingBrowser } from './support/racing-browser.ts';

/**
 * The split and goes-official prediction in real Chromium (docs/irating-and-prediction.md), on
 * the racing world with today on the server's clock inside its season: series 210 raced its
 * 12:00 and 14:00 slots on 2022-03-15 and -22, and today is 2022-03-23 13:00 UTC, so the next
 * slots are the rest of week 2 (Monza).
 */

const b = useRacingBrowser({ now: () => new Date('2022-03-23T13:00:00Z') });

const predictions = '[data-test="slot-predictions"]';

describe('predicted registrations and splits in Chromium', () => {
  it('the schedule marks the running week and predicts its coming slots with their ranges', async () => {
    await b.open('/series/210/schedule');
    expect(await b.page.locator('[data-test="current-week"]').count()).toBe(1);
    const card = b.page.locator(predictions);
    await expect.poll(() => card.isVisible()).toBe(true);
    const rows = card.locator('tbody tr');
    expect(await rows.count()).toBe(12);
    const first = rows.first();
    expect(await first.locator('time').getAttribute('datetime')).toBe('2022-03-23T14:00:00.000Z');
    expect(await first.textContent()).toContain(`W2 · ${TRACKS[1].trackName}`);
    // Entries with their 80% range, splits, and the chance to go official.
    const entries = await card.locator('[data-test="predicted-entries"]').allTextContents();
    expect(entries.length).toBe(12);
    for (const text of entries) expect(text).toMatch(/^~\d+ \(\d+–\d+\)$/);
    const splits = await card.locator('[data-test="predicted-splits"]').allTextContents();
    for (const text of splits) expect(text).toMatch(/^\d+( \(\d+–\d+\))?$/);
    const official = await card.locator('[data-test="predicted-official"]').allTextContents();
    for (const text of official) expect(text).toMatch(/^(> 99%|< 1%|\d{1,2}%)$/);
    expect(await card.textContent()).toContain('Goes official');
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it('the overview shows this week and its next three slots', async () => {
    await b.open('/series/210');
    const card = b.page.locator(predictions);
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(
      await card
        .locator('tbody tr time')
        .evaluateAll((els) => els.map((e) => e.getAttribute('datetime'))),
    ).toEqual(['2022-03-23T14:00:00.000Z', '2022-03-24T12:00:00.000Z', '2022-03-24T14:00:00.000Z']);
    expect(await b.axeViolations()).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });
});
