import { describe, expect, it } from 'vitest';
import type { Props as DriversProps } from '../../../web/pages/Drivers/Index.tsx';
import type { Props as HomeProps } from '../../../web/pages/Home/Index.tsx';
import type { Props as StatsProps } from '../../../web/pages/Series/Stats.tsx';
import { driverListResponse } from './drivers/schema.ts';
import { KNOWN_NOT_APPLIED } from './shared/as-of.ts';
import { fastestLapsResponse, leaderboardResponse } from './seasons/schema.ts';
import { expectNamesParameter, useApiTestServer, walkPages } from './test-support/api-server.ts';
import { DRIVERS, GT3_SEASON, TRACKS } from './test-support/racing-world.ts';

/**
 * The leaderboards as of a date (docs/as-of.md) over HTTP, against the racing world: season 3620
 * raced three weeks (2022-03-15, -22, -29; two splits each, the finishing order rotated by five
 * places a week); every race moves a driver's iRating to base + (6 − position) × 5, and the
 * profiles of 2022-06-01 set it back to the base, which is what the drivers show today.
 */
const api = useApiTestServer();

const SPLIT = 12;
/** The finishing position of DRIVERS[n] in week `week` (the world's rotation). */
const positionOf = (n: number, week: number) => (((n % SPLIT) - week * 5 + SPLIT * 2) % SPLIT) + 1;
/** Every sports car driver's iRating after week `week`, highest first (ties: higher id first). */
const standingsAfter = (week: number) =>
  DRIVERS.map((d, n) => ({
    custId: d.custId,
    irating: d.sportsCarIrating + (6 - positionOf(n, week)) * 5,
  })).sort((a, b) => b.irating - a.irating || b.custId - a.custId);

async function visit<P>(path: string, component: string): Promise<P> {
  const res = await api.client.visit(path);
  expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
  const page = res.page();
  expect(page.component).toBe(component);
  return page.props as unknown as P;
}

describe('GET /api/drivers?asOf=', () => {
  it("answers every driver's iRating at the end of that day, in that order", async () => {
    const { items } = await walkPages(
      api,
      '/api/drivers?asOf=2022-03-15&limit=5',
      driverListResponse,
    );
    expect(items.map((d) => ({ custId: d.custId, irating: d.license?.irating }))).toEqual(
      standingsAfter(0),
    );
    // One start each by then; the two split winners have a win.
    expect(items.every((d) => d.starts === 1)).toBe(true);
    expect(items.filter((d) => d.wins === 1)).toHaveLength(2);

    const today = await api.ok('/api/drivers?limit=100', driverListResponse);
    // Today the profiles' base ratings stand; the race moved most drivers' ratings.
    const todayOf = new Map(today.data.map((d) => [d.custId, d.license?.irating]));
    expect(items.filter((d) => d.license?.irating === todayOf.get(d.custId)).length).toBeLessThan(
      items.length,
    );
    const week2 = await api.ok('/api/drivers?asOf=2022-03-29&limit=100', driverListResponse);
    expect(week2.data.map((d) => d.license?.irating)).toEqual(
      standingsAfter(2).map((d) => d.irating),
    );
    expect(week2.data.every((d) => d.starts === 3)).toBe(true);
  });

  it('sorts a past day by name and by licence, and refuses what it cannot answer', async () => {
    const byName = await api.ok('/api/drivers?asOf=2022-03-15&sort=name', driverListResponse);
    const names = byName.data.map((d) => d.displayName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(byName.data.every((d) => d.license !== null)).toBe(true);

    expectNamesParameter(await api.fails('/api/drivers?asOf=2022-03-15&sort=starts', 400), 'sort');
    expectNamesParameter(
      await api.fails('/api/drivers?asOf=2022-03-15&known=2022-04-01', 400),
      'known',
    );
    expectNamesParameter(await api.fails('/api/drivers?asOf=15.03.2022', 400), 'asOf');
    expectNamesParameter(await api.fails('/api/drivers?asOf=2099-01-01', 400), 'asOf');
    expectNamesParameter(await api.fails('/api/drivers?asOf=2022-03-14', 400), 'asOf');
    // A cursor of today's list does not continue a past one.
    const first = await api.ok('/api/drivers?limit=2', driverListResponse);
    expectNamesParameter(
      await api.fails(
        `/api/drivers?asOf=2022-03-15&limit=2&cursor=${encodeURIComponent(first.meta.nextCursor!)}`,
        400,
      ),
      'cursor',
    );
  });
});

describe('season statistics as of a date', () => {
  it('counts only the weeks raced by then in the API', async () => {
    const wins = (asOf?: string) =>
      api.ok(
        `/api/seasons/${GT3_SEASON}/race-wins-leaderboard${asOf ? `?asOf=${asOf}` : ''}`,
        leaderboardResponse,
      );
    const total = (body: Awaited<ReturnType<typeof wins>>) =>
      body.data.reduce((n, e) => n + e.value, 0);
    expect(total(await wins())).toBe(6);
    expect(total(await wins('2022-03-15'))).toBe(2);
    expect(total(await wins('2022-03-22'))).toBe(4);

    const laps = await api.ok(
      `/api/seasons/${GT3_SEASON}/fastest-laps?asOf=2022-03-22`,
      fastestLapsResponse,
    );
    expect(new Set(laps.data.map((l) => l.raceWeekNum))).toEqual(new Set([1]));
    expect(laps.data.map((l) => l.trackId)).toContain(TRACKS[1].trackId);
    expectNamesParameter(
      await api.fails(`/api/seasons/${GT3_SEASON}/most-races-leaderboard?known=2022-04-01`, 400),
      'known',
    );
  });

  it('renders the stats page of a past day with the as-of bar, keeping the season', async () => {
    const props = await visit<StatsProps>(
      `/series/210/stats?season=${GT3_SEASON}&asOf=2022-03-22`,
      'Series/Stats',
    );
    expect(props.asOf.day).toBe('2022-03-22');
    const races = props.leaderboards.find((b) => b.kind === 'races')!;
    expect(races.entries.every((e) => e.value === 2)).toBe(true);
    expect(props.fastestLaps?.week).toBe(2);
    expect(props.carTimes.every((c) => c.week === 2)).toBe(true);

    const today = await visit<StatsProps>(`/series/210/stats?season=${GT3_SEASON}`, 'Series/Stats');
    expect(today.asOf.day).toBeNull();
    expect(today.leaderboards.find((b) => b.kind === 'races')!.entries[0]!.value).toBe(3);
    expect(today.fastestLaps?.week).toBe(3);
    // Today's page reads the picker's lower bound with its own reads, and so does a series
    // without seasons.
    expect(today.asOf.min).not.toBeNull();
    expect(today.asOf.min).toBe(props.asOf.min);
    const empty = await visit<StatsProps>('/series/300/stats', 'Series/Stats');
    expect(empty.asOf).toEqual(today.asOf);
  });
});

describe('pages with ?asOf=', () => {
  it('lists the drivers of a past day on /drivers with the as-of bar', async () => {
    const props = await visit<DriversProps>('/drivers?asOf=2022-03-15', 'Drivers/Index');
    expect(props.asOf).toMatchObject({ day: '2022-03-15', known: null, notice: null });
    expect(props.drivers.map((d) => [d.id, d.irating])).toEqual(
      standingsAfter(0).map((d) => [d.custId, d.irating]),
    );
    // A day after today is shown as today, with the reason.
    const future = await visit<DriversProps>('/drivers?asOf=2099-01-01', 'Drivers/Index');
    expect(future.asOf.day).toBeNull();
    expect(future.asOf.notice).toMatch(/future/);
  });

  it('shows the top drivers of a past day on the home page', async () => {
    const props = await visit<HomeProps>('/?asOf=2022-03-15', 'Home/Index');
    const sports = props.topDrivers.find((t) => t.category === 'sports_car')!;
    expect(sports.drivers.map((d) => [d.id, d.irating])).toEqual(
      standingsAfter(0)
        .slice(0, 5)
        .map((d) => [d.custId, d.irating]),
    );
    expect(props.asOf.day).toBe('2022-03-15');
  });

  it('shows a list as known now with a notice when the link carries known', async () => {
    const then = await visit<DriversProps>(
      '/drivers?asOf=2022-03-15&known=2022-04-01',
      'Drivers/Index',
    );
    expect(then.asOf).toMatchObject({ day: '2022-03-15', known: null });
    expect(then.asOf.notice).toBe(KNOWN_NOT_APPLIED);
    expect(then.drivers.map((d) => [d.id, d.irating])).toEqual(
      standingsAfter(0).map((d) => [d.custId, d.irating]),
    );
    // A value that is no date is not applied either: the same notice, no redirect.
    const odd = await visit<HomeProps>('/?known=someday', 'Home/Index');
    expect(odd.asOf).toMatchObject({ day: null, known: null, notice: KNOWN_NOT_APPLIED });
    // A refused date and a known: both reasons.
    const stats = await visit<StatsProps>(
      `/series/210/stats?season=${GT3_SEASON}&asOf=2099-01-01&known=2022-04-01`,
      'Series/Stats',
    );
    expect(stats.asOf.day).toBeNull();
    expect(stats.asOf.notice).toMatch(/^1 Jan 2099 is in the future: .* Showing today\. This list/);
    expect(stats.asOf.notice).toContain(KNOWN_NOT_APPLIED);
    // Without known, no notice.
    const plain = await visit<StatsProps>(
      `/series/210/stats?season=${GT3_SEASON}&asOf=2022-03-22`,
      'Series/Stats',
    );
    expect(plain.asOf.notice).toBeNull();
  });

  it.each([
    ['/drivers?asOf=2022-3-15&sort=name', '/drivers?sort=name'],
    ['/drivers?asOf=2022-03-15&sort=wins', '/drivers?asOf=2022-03-15'],
    ['/drivers?asOf=2022-03-15&q=lena', '/drivers?q=lena'],
    ['/?asOf=yesterday', '/'],
    [`/series/210/stats?season=${GT3_SEASON}&asOf=x`, `/series/210/stats?season=${GT3_SEASON}`],
  ])('redirects %s to %s', async (path, canonical) => {
    const res = await api.client.get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(canonical);
  });
});
