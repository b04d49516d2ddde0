import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Props } from '../../../../web/pages/Drivers/Show.tsx';
import { dayOf, endOfDay } from '../../../domain/as-of.ts';
import { subsessionStreamName } from '../../../events/racing.ts';
import type { SubsessionResultsData } from '../../../events/racing/results.ts';
import { silentLogger, waitUntilVisible } from '../../../projections/core/fixtures.test-support.ts';
import { createProjectionRunner } from '../../../projections/core/runner.ts';
import { racingProjections } from '../../../projections/racing/index.ts';
import { driverAsOfResponse } from './schema.ts';
import { useApiTestServer } from '../test-support/api-server.ts';
import {
  driverNamed,
  gt3Subsessions,
  ovalSubsession,
  UNKNOWN_ID,
} from '../test-support/racing-world.ts';

/**
 * /drivers/{id}?asOf=&known= and /api/drivers/{id}?asOf=&known= against the racing world (races
 * weekly from 15 Mar 2022, profiles observed on 1 Jun 2022), then a correction appended to the
 * log: the page shows the corrected value as known now and the old one as shown then.
 */
const api = useApiTestServer();
const lena = driverNamed('Lena Fischer');

async function profile(path: string): Promise<Props> {
  const res = await api.client.visit(path);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.page().component).toBe('Drivers/Show');
  return res.page().props as unknown as Props;
}

/** Lena's sports car races, oldest first, with her race row. */
function lenaRaces() {
  return gt3Subsessions()
    .map((s) => ({
      s,
      row: s.simsessions
        .find((x) => x.type === 'race')!
        .results.find((r) => r.custId === lena.custId),
    }))
    .filter((x) => x.row !== undefined)
    .sort((a, b) => (a.s.startTime < b.s.startTime ? -1 : 1));
}

/** A day with races of Lena before its end and after it, and the races by then. */
function middleDay() {
  const races = lenaRaces();
  const day = dayOf(races[1]!.s.startTime);
  const before = races.filter((r) => r.s.startTime < endOfDay(day));
  expect(before.length).toBeGreaterThan(0);
  expect(before.length).toBeLessThan(races.length);
  return { day, before, last: before.at(-1)! };
}

const card = (props: Props, category = 'sports_car') =>
  props.categories.find((c) => c.category === category);

describe('GET /drivers/{id}?asOf=', () => {
  it('shows the ratings, career, chart and races as they stood at the end of that day', async () => {
    const { day, before, last } = middleDay();
    const today = await profile(`/drivers/${lena.custId}?category=sports_car`);
    const then = await profile(`/drivers/${lena.custId}?category=sports_car&asOf=${day}`);

    expect(then.asOf).toMatchObject({ day, known: null, notice: null, min: '2022-03-15' });
    expect(then.asOfQuery).toEqual({ asOf: day });
    expect(card(then)!.irating).toBe(last.row!.newIrating);
    expect(card(then)!.irating).not.toBe(card(today)!.irating);
    expect(card(then)!.starts).toBe(before.length);
    expect(card(then)!.percentileBelow).toBeNull();
    expect(card(then)!.correction).toBeNull();
    expect(then.career).toMatchObject({ starts: before.length });
    expect(then.years).toEqual([expect.objectContaining({ year: 2022, starts: before.length })]);
    expect(then.history.subsessionId).toEqual(before.map((r) => r.s.subsessionId));
    for (const race of then.recentRaces.items) expect(race.startTime < endOfDay(day)).toBe(true);
    // Recent races are of every category: her oval race too when it was run by then.
    const oval = ovalSubsession().startTime < endOfDay(day) ? 1 : 0;
    expect(then.recentRaces.items.length).toBe(before.length + oval);
    expect(then.mostDriven).toBeNull();
    // Today: the state as known now, with the picker bounded by the data and today.
    expect(today.asOf).toMatchObject({ day: null, known: null, notice: null });
    expect(today.asOf.max).toBe(dayOf(new Date()));
  });

  it('shows today with a clear message for a date in the future or before the data', async () => {
    const future = await profile(`/drivers/${lena.custId}?asOf=2099-01-01`);
    expect(future.asOf).toMatchObject({ day: null });
    expect(future.asOf.notice).toMatch(/1 Jan 2099 is in the future/);
    expect(future.mostDriven).not.toBeNull();
    const early = await profile(`/drivers/${lena.custId}?asOf=2020-01-01`);
    expect(early.asOf.notice).toBe(
      "Pitwall's racing data starts on 15 Mar 2022; there is nothing to show for 1 Jan 2020. Showing today.",
    );
    const html = await api.client.get(`/drivers/${lena.custId}?asOf=2099-01-01`);
    expect(html.status).toBe(200);
    expect(html.text).toContain('is in the future');
  });

  it.each([
    ['asOf=2022-13-01&category=oval', '?category=oval'],
    ['asOf=yesterday', ''],
    ['asOf=2022-04-01&known=soon', '?asOf=2022-04-01'],
  ])('drops a malformed value by a redirect: ?%s', async (query, kept) => {
    const res = await api.client.get(`/drivers/${lena.custId}?${query}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/drivers/${lena.custId}${kept}`);
  });
});

describe('GET /api/drivers/{id}?asOf=', () => {
  it('answers the licences and career of that day, and today without it', async () => {
    const { day, before, last } = middleDay();
    const then = await api.ok(`/api/drivers/${lena.custId}?asOf=${day}`, driverAsOfResponse);
    expect(then.data).toMatchObject({ custId: lena.custId, asOf: day, known: null });
    const road = then.data.licenses.find((l) => l.category === 'sports_car')!;
    expect(road).toMatchObject({
      irating: last.row!.newIrating,
      since: last.s.startTime,
      subsessionId: last.s.subsessionId,
    });
    expect(then.data.career.find((c) => c.category === 'sports_car')?.starts).toBe(before.length);
    const today = await api.ok(`/api/drivers/${lena.custId}`, driverAsOfResponse);
    expect(today.data.asOf).toBeNull();
    const now = today.data.licenses.find((l) => l.category === 'sports_car')!;
    expect(now.subsessionId).toBeNull(); // the profile observed after the races
    expect(now.irating).not.toBe(road.irating);
  });

  it('is a 400 naming the parameter for a malformed, future or too early date', async () => {
    const malformed = await api.fails(`/api/drivers/${lena.custId}?asOf=2022-02-30`, 400);
    expect(malformed.message).toBe(
      'Invalid query parameter asOf: asOf must be a date as YYYY-MM-DD, e.g. 2026-05-01.',
    );
    expect(malformed.issues?.[0]?.path).toEqual(['asOf']);
    const future = await api.fails(`/api/drivers/${lena.custId}?asOf=2099-01-01`, 400);
    expect(future.message).toMatch(/in the future/);
    const early = await api.fails(`/api/drivers/${lena.custId}?known=2020-01-01`, 400);
    expect(early.issues?.[0]?.path).toEqual(['known']);
    expect(early.message).toMatch(/starts on 15 Mar 2022/);
    await api.fails(`/api/drivers/${UNKNOWN_ID}?asOf=2022-04-01`, 404);
  });
});

describe('a correction recorded later', () => {
  it('shows the corrected value as known now and the old one as shown then', async () => {
    const { day, last } = middleDay();
    const old = last.row!.newIrating!;
    const corrected: SubsessionResultsData = {
      ...last.s,
      simsessions: last.s.simsessions.map((x) => ({
        ...x,
        results: x.results.map((r) =>
          r.custId === lena.custId && x.type === 'race' ? { ...r, newIrating: old - 37 } : r,
        ),
      })),
    };
    const { knex, eventStore } = api.server.db.runtime;
    const appended = await eventStore.append(subsessionStreamName(last.s.subsessionId), [
      {
        id: randomUUID(),
        type: 'SubsessionResultsCorrected',
        data: corrected,
        metadata: { occurredAt: new Date().toISOString() },
      },
    ]);
    await waitUntilVisible(eventStore, appended.position);
    const runner = createProjectionRunner({ knex, eventStore, logger: silentLogger });
    for (const p of racingProjections) await runner.runUntilCaughtUp(p);

    const now = await profile(`/drivers/${lena.custId}?category=sports_car&asOf=${day}`);
    expect(card(now)!.irating).toBe(old - 37);
    const correction = card(now)!.correction!;
    expect(correction).toMatchObject({
      shownThen: { irating: old },
      knownNow: { irating: old - 37 },
    });
    expect(correction.correctedAt).toEqual(expect.any(String));
    expect(correction.shownThenKnown! < correction.correctedAt!).toBe(true);

    // The page as Pitwall showed it just before the correction.
    const then = await profile(
      `/drivers/${lena.custId}?category=sports_car&asOf=${day}&known=${correction.shownThenKnown}`,
    );
    expect(then.asOf).toMatchObject({ day, known: correction.shownThenKnown });
    expect(card(then)!.irating).toBe(old);
    expect(card(then)!.correction).toMatchObject({
      shownThen: { irating: old },
      knownNow: { irating: old - 37 },
      correctedAt: correction.correctedAt,
    });
    const api1 = await api.ok(
      `/api/drivers/${lena.custId}?asOf=${day}&known=${correction.shownThenKnown}`,
      driverAsOfResponse,
    );
    expect(api1.data.licenses.find((l) => l.category === 'sports_car')?.irating).toBe(old);
  });
});
