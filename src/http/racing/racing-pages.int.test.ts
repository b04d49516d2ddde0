import { describe, expect, it } from 'vitest';
import { iratingStatsResponse } from './stats/schema.ts';
import { expectNamesParameter, useApiTestServer } from './test-support/api-server.ts';
import { CARS, DAYTONA, DRIVERS, TRACKS, gt3SubsessionId } from './test-support/racing-world.ts';

/** The server-rendered racing pages of world records and statistics against the racing world. */
const api = useApiTestServer();

interface RecordRow {
  key: string;
  track: { trackId: number; trackName: string; configName: string | null };
  car: { carId: number; carName: string };
  lapTime: number;
  holder: { custId: number; displayName: string };
  subsessionId: number;
  setAt: string;
}

async function visit(path: string) {
  const res = await api.client.visit(path);
  expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.page();
}

describe('GET /world-records', () => {
  it('renders every record (track layout × car) by track, with the filter choices', async () => {
    const page = await visit('/world-records');
    expect(page.component).toBe('WorldRecords/Index');
    const records = page.props.records as RecordRow[];
    expect(records).toHaveLength(7);
    const names = records.map((r) => r.track.trackName);
    expect(names).toEqual([...names].sort());
    expect(page.props.sort).toEqual({ key: 'track', direction: 'asc' });
    expect(page.props.filters).toEqual({ category: null, trackId: null, carId: null });
    expect(page.props.meta).toEqual({ page: 1, lastPage: 1, total: 7, perPage: 50 });
    const choices = page.props.choices as { tracks: { trackId: number }[]; cars: unknown[] };
    expect(choices.tracks.map((t) => t.trackId).sort((a, b) => a - b)).toEqual(
      [...TRACKS.map((t) => t.trackId), DAYTONA.trackId].sort((a, b) => a - b),
    );
    expect(choices.cars).toHaveLength(3);
    // Rows are shaped for the page: no database columns.
    expect(Object.keys(records[0]!).sort()).toEqual(
      ['car', 'category', 'holder', 'key', 'lapTime', 'setAt', 'subsessionId', 'track'].sort(),
    );
  });

  it('filters by category, track and car from the URL', async () => {
    const oval = await visit('/world-records?category=oval');
    expect((oval.props.records as RecordRow[]).map((r) => r.track.trackId)).toEqual([
      DAYTONA.trackId,
    ]);
    expect((oval.props.choices as { cars: { carId: number }[] }).cars.map((c) => c.carId)).toEqual([
      CARS.camaro.carId,
    ]);
    const bmw = await visit(`/world-records?carId=${CARS.bmw.carId}&trackId=${TRACKS[1].trackId}`);
    const rows = bmw.props.records as RecordRow[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ car: CARS.bmw, track: TRACKS[1] });
    expect(bmw.props.filters).toEqual({
      category: null,
      trackId: TRACKS[1].trackId,
      carId: CARS.bmw.carId,
    });
  });

  it('sorts by lap time either way, and by newest', async () => {
    const fastest = (await visit('/world-records?sort=lapTime')).props.records as RecordRow[];
    const laps = fastest.map((r) => r.lapTime);
    expect(laps).toEqual([...laps].sort((a, b) => a - b));
    const slowest = await visit('/world-records?sort=lapTime&direction=desc');
    expect((slowest.props.records as RecordRow[]).map((r) => r.lapTime)).toEqual(
      [...laps].reverse(),
    );
    expect(slowest.props.sort).toEqual({ key: 'lapTime', direction: 'desc' });
    const recent = await visit('/world-records?sort=recent');
    const times = (recent.props.records as RecordRow[]).map((r) => r.setAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it.each([
    ['/world-records?category=karting', '/world-records'],
    ['/world-records?trackId=abc&sort=lapTime', '/world-records?sort=lapTime'],
    ['/world-records?carId=-1&category=oval', '/world-records?category=oval'],
    ['/world-records?sort=fastest', '/world-records'],
    ['/world-records?category=&trackId=&carId=', '/world-records'],
    ['/world-records?page=0', '/world-records'],
  ])('redirects %s to its canonical URL %s', async (path, canonical) => {
    const res = await api.client.get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(canonical);
  });

  it('answers 404 for a page past the last one and an empty state for no match', async () => {
    expect((await api.client.visit('/world-records?page=2')).status).toBe(404);
    const none = await visit(`/world-records?trackId=${DAYTONA.trackId}&category=sports_car`);
    expect(none.props.records).toEqual([]);
    expect(none.props.meta).toMatchObject({ total: 0, lastPage: 1 });
  });
});

describe('GET /api/stats/irating', () => {
  it('answers the category with the most rated drivers by default', async () => {
    const body = await api.ok('/api/stats/irating', iratingStatsResponse);
    expect(body.data.category).toBe('sports_car');
    expect(body.data.totalDrivers).toBe(DRIVERS.length);
    expect(body.data.buckets.reduce((n, b) => n + b.drivers, 0)).toBe(DRIVERS.length);
    expect(body.data.licenceClasses).toEqual([
      { licenseGroup: 4, licenceClass: 'B', drivers: DRIVERS.length },
    ]);
    expect(body.data.categories).toEqual([
      { category: 'oval', drivers: DRIVERS.filter((d) => d.ovalIrating !== null).length },
      { category: 'sports_car', drivers: DRIVERS.length },
    ]);
    expect(body.data.lookup).toBeNull();
  });

  it('looks an iRating up: the share of the rated drivers below it', async () => {
    // Oval: 1500, 1600, … 2600, one driver each.
    const at = await api.ok('/api/stats/irating?category=oval&irating=2000', iratingStatsResponse);
    expect(at.data.totalDrivers).toBe(12);
    expect(at.data.lookup).toEqual({ irating: 2000, percentBelow: 41.7 });
    expect(at.data.licenceClasses).toEqual([{ licenseGroup: 3, licenceClass: 'C', drivers: 12 }]);
    // Half of the 2000–2099 bucket is below 2050.
    const mid = await api.ok('/api/stats/irating?category=oval&irating=2050', iratingStatsResponse);
    expect(mid.data.lookup).toEqual({ irating: 2050, percentBelow: 45.8 });
    const top = await api.ok('/api/stats/irating?category=oval&irating=9000', iratingStatsResponse);
    expect(top.data.lookup?.percentBelow).toBe(100);
    const none = await api.ok('/api/stats/irating?category=dirt_road', iratingStatsResponse);
    expect(none.data).toMatchObject({ totalDrivers: 0, buckets: [], licenceClasses: [] });
  });

  it.each([
    ['category=karting', 'category'],
    ['irating=abc', 'irating'],
    ['irating=-1', 'irating'],
    ['irating=20001', 'irating'],
    ['irating=12.5', 'irating'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    expectNamesParameter(await api.fails(`/api/stats/irating?${query}`, 400), parameter);
  });
});

describe('GET /stats/irating', () => {
  it('renders the default category for a guest, without favorites', async () => {
    const page = await visit('/stats/irating');
    expect(page.component).toBe('Stats/Irating');
    expect(page.props).toMatchObject({
      category: 'sports_car',
      totalDrivers: DRIVERS.length,
      favorites: null,
      lookup: { typed: null, error: null, result: null },
      licenceClasses: [{ licenceClass: 'B', drivers: DRIVERS.length }],
    });
    expect((page.props.buckets as unknown[]).length).toBeGreaterThan(1);
  });

  it('answers the lookup of the GET form', async () => {
    const page = await visit('/stats/irating?category=oval&irating=2000');
    expect(page.props.category).toBe('oval');
    expect(page.props.lookup).toEqual({
      typed: '2000',
      error: null,
      result: { irating: 2000, percentBelow: 41.7 },
    });
  });

  it.each(['abc', '-5', '99999', '1.5'])(
    'answers an iRating of %s with a field error, not a failure',
    async (typed) => {
      const page = await visit(`/stats/irating?category=oval&irating=${typed}`);
      expect(page.props.lookup).toMatchObject({ typed, result: null });
      expect(page.props.lookup).toHaveProperty('error', expect.stringContaining('whole number'));
    },
  );

  it.each([
    ['/stats/irating?category=karting&irating=2000', '/stats/irating?irating=2000'],
    ['/stats/irating?category=oval&irating=', '/stats/irating?category=oval'],
    ['/stats/irating?irating=1&irating=2', '/stats/irating'],
  ])('redirects %s to %s', async (path, canonical) => {
    const res = await api.client.get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(canonical);
  });
});

describe('GET / (racing data on the home page)', () => {
  it('lists the highest-rated drivers of each category, most rated category first', async () => {
    const page = await visit('/');
    const top = page.props.topDrivers as {
      category: string;
      drivers: { id: number; name: string; irating: number }[];
    }[];
    expect(top.map((t) => t.category)).toEqual(['sports_car', 'oval']);
    const best = [...DRIVERS].sort((a, b) => b.sportsCarIrating - a.sportsCarIrating).slice(0, 5);
    expect(top[0]!.drivers).toEqual(
      best.map((d) => ({ id: d.custId, name: d.displayName, irating: d.sportsCarIrating })),
    );
  });

  it('lists the strongest split of each series in the 7 days before the newest race', async () => {
    const page = await visit('/');
    // The newest race is week 3 of the GT3 season (29 Mar 2022); the oval race (20 Mar) and
    // the GT3 weeks before lie further back.
    expect(page.props.notableRaces).toEqual([
      {
        subsessionId: gt3SubsessionId(2, 0),
        series: { id: 210, name: 'Global Fanatec Challenge' },
        category: 'sports_car',
        startTime: '2022-03-29T12:00:00.000Z',
        trackName: TRACKS[2].trackName,
        configName: TRACKS[2].configName,
        strengthOfField: 2500,
        fieldSize: 12,
        // The week's finishing order is the split's drivers rotated by 5 a week.
        winner: { id: DRIVERS[10]!.custId, name: DRIVERS[10]!.displayName },
        winnerTeam: null,
      },
    ]);
  });

  it('shows the week each active season has reached, busiest first, with its entries', async () => {
    const page = await visit('/');
    // Both seasons lie in 2022: their latest started week is long over (running: false).
    expect(page.props.seriesThisWeek).toEqual([
      {
        series: { id: 210, name: 'Global Fanatec Challenge' },
        category: 'sports_car',
        week: 3,
        startDate: '2022-03-29',
        running: false,
        trackName: TRACKS[2].trackName,
        configName: TRACKS[2].configName,
        entries: 24,
        races: 2,
        drivers: 24,
      },
      {
        series: { id: 400, name: 'NASCAR Cup Series' },
        category: 'oval',
        week: 1,
        startDate: '2022-03-15',
        running: false,
        trackName: DAYTONA.trackName,
        configName: DAYTONA.configName,
        entries: 6,
        races: 1,
        drivers: 6,
      },
    ]);
  });
});
