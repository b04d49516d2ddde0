import { describe, expect, it } from 'vitest';
import type { Props } from '../../../../web/pages/Drivers/Show.tsx';
import { driverSubsessionsResponse } from './schema.ts';
import { useApiTestServer } from '../test-support/api-server.ts';
import {
  driverNamed,
  gt3Subsessions,
  OVAL_SUBSESSION,
  UNKNOWN_ID,
} from '../test-support/racing-world.ts';

/** /drivers/{id} over HTTP (Inertia visits and server-rendered HTML) against the racing world. */
const api = useApiTestServer();
const lena = driverNamed('Lena Fischer');

async function profile(path: string): Promise<Props> {
  const res = await api.client.visit(path);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  const page = res.page();
  expect(page.component).toBe('Drivers/Show');
  return page.props as unknown as Props;
}

/** Lena's sports car races, oldest first, with her race row. */
function lenaGt3Races() {
  return gt3Subsessions()
    .map((s) => ({
      s,
      row: s.simsessions
        .find((x) => x.type === 'race')
        ?.results.find((r) => r.custId === lena.custId),
    }))
    .filter((x) => x.row !== undefined)
    .sort((a, b) => (a.s.startTime < b.s.startTime ? -1 : 1));
}

describe('GET /drivers/{id}', () => {
  it('shows the category raced most: cards, history race by race, career, years, most driven', async () => {
    const props = await profile(`/drivers/${lena.custId}`);
    const races = lenaGt3Races();
    expect(props.driver).toMatchObject({ id: String(lena.custId), name: 'Lena Fischer' });
    expect(props.isFavorite).toBe(false);
    expect(props.category).toBe('sports_car');
    expect(props.categories.map((c) => c.category).sort()).toEqual(['oval', 'sports_car']);
    const card = props.categories.find((c) => c.category === 'sports_car')!;
    expect(card.starts).toBe(races.length);
    expect(card.percentileBelow).toEqual(expect.any(Number));

    expect(props.history.subsessionId).toEqual(races.map((r) => r.s.subsessionId));
    expect(props.history.at).toEqual(races.map((r) => Date.parse(r.s.startTime)));
    expect(props.history.irating).toEqual(races.map((r) => r.row!.newIrating));
    // Each race names its series and track through the page's table of names, each name once.
    const names = props.historyNames;
    expect(props.history.series.map((i) => names[i])).toEqual(
      races.map(() => 'Global Fanatec Challenge'),
    );
    expect(props.history.track.map((i) => names[i])).toEqual(races.map((r) => r.s.track.trackName));
    expect(names).toEqual([...new Set(names)]);
    expect(names).toHaveLength(1 + new Set(races.map((r) => r.s.track.trackId)).size);

    const wins = races.filter((r) => r.row!.finishPosition === 1).length;
    expect(props.career).toMatchObject({ starts: races.length, wins });
    expect(props.career!.winRate).toBeCloseTo(wins / races.length);
    expect(props.career!.averageFinish).toBeCloseTo(
      races.reduce((n, r) => n + r.row!.finishPosition, 0) / races.length,
    );
    expect(props.years).toEqual([expect.objectContaining({ year: 2022, starts: races.length })]);
    expect(props.mostDriven!.series).toEqual([
      expect.objectContaining({ id: 210, name: 'Global Fanatec Challenge', starts: races.length }),
    ]);
    expect(props.mostDriven!.tracks.length).toBe(new Set(races.map((r) => r.s.track.trackId)).size);

    // Recent races: every category, newest first.
    expect(props.recentRaces.items).toHaveLength(races.length + 1);
    const times = props.recentRaces.items.map((r) => r.startTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(props.recentRaces).toMatchObject({ nextCursor: null, isFirstPage: true });
  });

  it('switches category with ?category=', async () => {
    const props = await profile(`/drivers/${lena.custId}?category=oval`);
    expect(props.category).toBe('oval');
    expect(props.history.subsessionId).toEqual([OVAL_SUBSESSION]);
    expect(props.historyNames).toEqual(['NASCAR Cup Series', expect.any(String)]);
    expect(props.career).toMatchObject({ starts: 1 });
    expect(props.mostDriven!.series.map((s) => s.name)).toEqual(['NASCAR Cup Series']);
    const empty = await profile(`/drivers/${lena.custId}?category=dirt_road`);
    expect(empty.career).toBeNull();
    expect(empty.history).toEqual({
      at: [],
      subsessionId: [],
      series: [],
      track: [],
      irating: [],
      safetyRating: [],
    });
    expect(empty.historyNames).toEqual([]);
    expect(empty.years).toEqual([]);
  });

  it('pages the recent races with a cursor of the races list', async () => {
    const first = await api.ok(
      `/api/drivers/${lena.custId}/subsessions?limit=1`,
      driverSubsessionsResponse,
    );
    const props = await profile(
      `/drivers/${lena.custId}?races=${first.meta.nextCursor!}&category=sports_car`,
    );
    expect(props.recentRaces.isFirstPage).toBe(false);
    expect(props.recentRaces.items.map((r) => r.subsessionId)).not.toContain(
      first.data[0]!.subsessionId,
    );
    expect(props.recentRaces.items).toHaveLength(lenaGt3Races().length);
  });

  it('answers a full page load with HTML carrying the same page object', async () => {
    const res = await api.client.get(`/drivers/${lena.custId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.page().component).toBe('Drivers/Show');
    expect((res.page().props as unknown as Props).driver.name).toBe('Lena Fischer');
  });

  it('answers the NotFound page for an unknown or malformed id', async () => {
    for (const path of [`/drivers/${UNKNOWN_ID}`, '/drivers/abc', '/drivers/0', '/drivers/1.5']) {
      const res = await api.client.visit(path);
      expect(res.status, path).toBe(404);
      expect(res.page().component).toBe('Public/NotFound');
    }
  });

  it.each([
    [`/drivers/0${lena.custId}`, `/drivers/${lena.custId}`],
    [`/drivers/${lena.custId}?category=karting`, `/drivers/${lena.custId}`],
    [`/drivers/${lena.custId}?category=oval&category=road`, `/drivers/${lena.custId}`],
    [`/drivers/${lena.custId}?races=$$$`, `/drivers/${lena.custId}`],
    [
      `/drivers/${lena.custId}?races=bm90LWEtY3Vyc29y&category=oval`,
      `/drivers/${lena.custId}?category=oval`,
    ],
  ])('redirects %s to its canonical URL', async (path, canonical) => {
    const res = await api.client.get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(canonical);
  });
});
