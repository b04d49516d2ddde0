import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestServer, type ApiTestServer } from './test-support/api-server.ts';
import { CARS, DAYTONA, TRACKS } from './test-support/racing-world.ts';

/** The server-rendered racing pages of world records and statistics against the racing world. */
let api: ApiTestServer;

beforeAll(async () => {
  api = await startApiTestServer();
});

afterAll(async () => {
  await api?.close();
});

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
