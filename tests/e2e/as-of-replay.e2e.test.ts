import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../src/domain/as-of.ts';
import { demoWorld, recordDemoSeeding } from '../../src/demo/racing-world.ts';
import type { SubsessionResultsData } from '../../src/events/racing/results.ts';
import { subsessionStreamName } from '../../src/events/racing.ts';
import { startAdminApp, type AdminApp } from '../../src/http/admin/test-support/admin-app.ts';
import { INGEST_QUEUE, ingestResultsJob, replayJobId } from '../../src/ingest/jobs/index.ts';
import { waitForJob } from '../../src/ingest/jobs/workers.test-support.ts';
import { allProjections } from '../../src/projections/index.ts';
import { formatIrating } from '../../web/lib/racing-format.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, addClientCookies, watchPage } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';

/**
 * A correction through the product path in Chromium (docs/as-of.md, "As shown then"): the app
 * with its ingest worker (real BullMQ on Redis, the handlers the worker process runs) records the
 * last days of a demo world from the demo iRacing Data API, the double the ingest tests use. One
 * driver's iRating of the latest race then differs from what the source says (Pitwall recorded a
 * value the source no longer gives). The admin replays that session from /admin/sessions; the
 * worker re-fetches it, records the correction, and the driver's page as of the race day shows
 * the source's value "as known now" next to the old one "as shown then", whose link shows the
 * page as Pitwall showed it before the replay.
 */
const WORLD = { seed: 4_242, drivers: 80, asOf: null };
const DAY_MS = 86_400_000;
const ALL = allProjections.map((p) => p.name);

let bundle: string;
let app: AdminApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

/** The driver and race the test corrects: the latest race's first rated driver. */
let race: {
  custId: number;
  subsessionId: number;
  sessionId: number;
  newIrating: number;
  day: string;
  category: string;
};
const SHOWN_THEN_DELTA = -41;

beforeAll(async () => {
  bundle = await buildWebBundle();
  app = await startAdminApp({ web: { mode: 'built', dir: bundle }, ingest: true });
  // The worker ingests from the demo world this database records (no iRacing credentials).
  await recordDemoSeeding(app.db.knex, WORLD);
  const world = demoWorld(WORLD);
  const ingest = await app.jobs.enqueue(ingestResultsJob, {
    from: new Date(world.nowMs - 7 * DAY_MS).toISOString(),
    to: new Date(world.nowMs).toISOString(),
  });
  const ingested = await waitForJob(app.jobs, INGEST_QUEUE, ingest!);
  expect(ingested.failedReason).toBeUndefined();
  await app.settled(ALL);

  const { rows } = await app.db.knex.raw<{
    rows: {
      cust_id: number;
      subsession_id: number;
      session_id: number;
      new_irating: number;
      start_time: Date;
      category: string;
    }[];
  }>(
    `SELECT r.cust_id, r.subsession_id, s.session_id, r.new_irating, s.start_time, h.category
       FROM racing_results r
       JOIN racing_subsessions s ON s.subsession_id = r.subsession_id
       JOIN racing_driver_history h ON h.cust_id = r.cust_id AND h.subsession_id = r.subsession_id
      WHERE r.is_primary AND r.simsession_type = 'race' AND s.event_type = 'race'
        AND r.new_irating > 0
      ORDER BY s.start_time DESC, r.subsession_id, r.cust_id LIMIT 1`,
  );
  const row = rows[0];
  if (!row) {
    const counts = await app.db.knex.raw<{ rows: unknown[] }>(
      `SELECT (SELECT count(*) FROM racing_results) AS results,
              (SELECT count(*) FROM racing_driver_history) AS history,
              (SELECT count(*) FROM racing_results WHERE new_irating > 0) AS rated`,
    );
    throw new Error(
      `no rated race to correct: ${JSON.stringify(counts.rows)} ${JSON.stringify(ingested.returnvalue)}`,
    );
  }
  race = {
    custId: row.cust_id,
    subsessionId: row.subsession_id,
    sessionId: row.session_id,
    newIrating: row.new_irating,
    day: dayOf(row.start_time),
    category: row.category,
  };

  // What Pitwall shows differs from the source: the driver's iRating of that race is off.
  const stream = subsessionStreamName(race.subsessionId);
  const [recorded] = await app.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
  const source = recorded!.data as SubsessionResultsData;
  const shown: SubsessionResultsData = {
    ...source,
    simsessions: source.simsessions.map((x) => ({
      ...x,
      results: x.results.map((r) =>
        r.custId === race.custId && x.type === 'race'
          ? { ...r, newIrating: race.newIrating + SHOWN_THEN_DELTA }
          : r,
      ),
    })),
  };
  const appended = await app.store.append(stream, [
    {
      id: randomUUID(),
      type: 'SubsessionResultsCorrected',
      data: shown,
      metadata: { occurredAt: new Date().toISOString() },
    },
  ]);
  await app.jobs.notifyAppended(appended.position, ['SubsessionResultsCorrected']);
  await app.settled(ALL);

  const { client } = await app.signedIn('admin');
  browser = await launchChromium();
  context = await browser.newContext();
  await addClientCookies(context, app.url, client.cookies);
  page = await context.newPage();
  watchPage(page, consoleErrors);
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
  if (bundle) await rm(bundle, { recursive: true, force: true });
});

const cardIrating = () =>
  page
    .locator(`[data-test="category-card-${race.category}"] [data-test="card-irating"]`)
    .innerText();

describe('a correction replayed by the admin, on the driver page as of the race day', () => {
  it('replays the session from /admin/sessions; the worker records the correction', async () => {
    await page.goto(`${app.url}/admin/sessions`);
    await page.locator('[data-test="field-sessionId"]').fill(String(race.sessionId));
    await page.locator('[data-test="replay-submit"]').click();
    await page
      .locator('[data-test="flash-success"]', { hasText: `session ${race.sessionId} queued` })
      .waitFor();

    const job = await waitForJob(app.jobs, INGEST_QUEUE, replayJobId(race.sessionId, 1));
    expect(job.returnvalue).toMatchObject({ kind: 'done', corrected: 1 });
    const stream = await app.store.readStream(subsessionStreamName(race.subsessionId));
    expect(stream.map((e) => e.type).slice(-2)).toEqual([
      'SubsessionResultsCorrected',
      'SubsessionResultsCorrected',
    ]);
    await app.settled(ALL);
    await page.goto(`${app.url}/admin/sessions`);
    await page.locator('[data-test="replay-status-done"]').first().waitFor();
  });

  it('shows the value as known now and the one as shown then, and the page as shown then', async () => {
    const known = formatIrating(race.newIrating);
    const shownThen = formatIrating(race.newIrating + SHOWN_THEN_DELTA);
    const res = await page.goto(
      `${app.url}/drivers/${race.custId}?category=${race.category}&asOf=${race.day}`,
    );
    expect(res?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(await cardIrating()).toBe(known);
    const note = page.locator(`[data-test="correction-${race.category}"]`);
    expect(await note.locator('[data-test="shown-then-irating"]').innerText()).toBe(shownThen);
    expect(await note.locator('[data-test="known-now-irating"]').innerText()).toBe(known);
    expect(await note.innerText()).toMatch(/As Pitwall showed it then/);
    expect(await axeViolations(page)).toEqual([]);

    await note.locator('[data-test="see-shown-then"]').click();
    await page.waitForURL((url) => url.searchParams.has('known'));
    await page.locator('[data-test="see-known-now"]').waitFor();
    expect(await cardIrating()).toBe(shownThen);
    expect(await page.locator('[data-test="as-of-banner"]').innerText()).toMatch(
      /as Pitwall knew it on .* UTC \(learned time\)/,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
