import { describe, expect, it } from 'vitest';
import {
  carTimesResponse,
  fastestLapsResponse,
  leaderboardResponse,
  recentRacesResponse,
  scheduleResponse,
  seasonOverviewResponse,
  seasonParticipationResponse,
} from './schema.ts';
import { expectNamesParameter, useApiTestServer, walkPages } from '../test-support/api-server.ts';
import {
  CARS,
  GT3_SEASON,
  gt3Subsessions,
  OVAL_SEASON,
  TRACKS,
  UNKNOWN_ID,
} from '../test-support/racing-world.ts';

/** /api/seasons/{id}/** over HTTP against the racing world of support/racing-world.ts. */
const api = useApiTestServer();

const base = `/api/seasons/${GT3_SEASON}`;
const raceRows = () =>
  gt3Subsessions().flatMap((s) =>
    s.simsessions
      .filter((x) => x.type === 'race')
      .flatMap((x) => x.results.map((r) => ({ ...r, week: s.raceWeekNum }))),
  );

/** Per driver: how many race rows satisfy `pick`. */
function tally(pick: (r: ReturnType<typeof raceRows>[number]) => boolean): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of raceRows()) if (pick(r)) out.set(r.custId, (out.get(r.custId) ?? 0) + 1);
  return out;
}

describe('GET /api/seasons/{id}', () => {
  it('answers the season with its totals', async () => {
    const body = await api.ok(base, seasonOverviewResponse);
    expect(body.data.season?.seasonId).toBe(GT3_SEASON);
    // Three weeks of two sessions with one 12-driver split each; all 24 drivers race every week.
    expect(body.data.summary).toEqual({
      weeksRaced: 3,
      sessions: 6,
      races: 6,
      entries: 72,
      uniqueDrivers: 24,
      averageStrengthOfField: 2150,
      maxStrengthOfField: 2500,
    });
  });

  it('answers 404 for an unknown season and 400 for a malformed id', async () => {
    expect((await api.fails(`/api/seasons/${UNKNOWN_ID}`, 404)).message).toBe(
      `No season ${UNKNOWN_ID}.`,
    );
    expectNamesParameter(await api.fails('/api/seasons/abc', 400), 'id');
    expectNamesParameter(await api.fails('/api/seasons/0', 400), 'id');
  });
});

describe('GET /api/seasons/{id}/participation', () => {
  it('answers entries and distinct drivers per week and per time slot', async () => {
    const body = await api.ok(`${base}/participation`, seasonParticipationResponse);
    expect(body.data.weeks.map((w) => [w.raceWeekNum, w.drivers, w.uniqueDrivers])).toEqual([
      [0, 24, 24],
      [1, 24, 24],
      [2, 24, 24],
    ]);
    expect(
      body.data.timeSlots.map((s) => [
        s.raceWeekNum,
        s.timeSlot,
        s.uniqueDrivers,
        s.averageStrengthOfField,
      ]),
    ).toEqual([
      [0, '12:00', 12, 2500],
      [0, '14:00', 12, 1800],
      [1, '12:00', 12, 2500],
      [1, '14:00', 12, 1800],
      [2, '12:00', 12, 2500],
      [2, '14:00', 12, 1800],
    ]);
    expect(body.data.weeks[0]).toMatchObject({
      averageStrengthOfField: 2150,
      maxStrengthOfField: 2500,
    });
  });

  it('answers one week when asked; empty for a known season without races', async () => {
    const week = await api.ok(`${base}/participation?raceWeekNum=2`, seasonParticipationResponse);
    expect(week.data.timeSlots.map((s) => s.raceWeekNum)).toEqual([2, 2]);
    expect(week.data.weeks.map((w) => w.raceWeekNum)).toEqual([2]);
    const none = await api.ok(`${base}/participation?raceWeekNum=9`, seasonParticipationResponse);
    expect(none.data).toEqual({ weeks: [], timeSlots: [] });
  });

  it('answers 404 for an unknown season and 400 for a bad week', async () => {
    expect((await api.fails(`/api/seasons/${UNKNOWN_ID}/participation`, 404)).error).toBe(
      'not_found',
    );
    expectNamesParameter(
      await api.fails(`${base}/participation?raceWeekNum=x`, 400),
      'raceWeekNum',
    );
    expectNamesParameter(
      await api.fails(`${base}/participation?raceWeekNum=-1`, 400),
      'raceWeekNum',
    );
  });
});

describe('GET /api/seasons/{id}/schedule', () => {
  it('answers the season and its weeks with participation', async () => {
    const body = await api.ok(`${base}/schedule`, scheduleResponse);
    expect(body.data.season.seasonId).toBe(GT3_SEASON);
    expect(body.data.weeks.map((w) => w.track.trackId)).toEqual(TRACKS.map((t) => t.trackId));
    expect(body.data.weeks[0]!.participation).toMatchObject({
      subsessions: 2,
      drivers: 24,
      uniqueDrivers: 24,
    });
    expect(body.meta).toEqual({});
  });

  it('answers 404 for an unknown season and 400 for a malformed id', async () => {
    expect((await api.fails(`/api/seasons/${UNKNOWN_ID}/schedule`, 404)).error).toBe('not_found');
    expectNamesParameter(await api.fails('/api/seasons/x1/schedule', 400), 'id');
  });
});

describe('GET /api/seasons/{id}/recent-races', () => {
  it('lists the race subsessions newest first, optionally of one week', async () => {
    const body = await api.ok(`${base}/recent-races`, recentRacesResponse);
    const expected = gt3Subsessions()
      .sort((a, b) => (a.startTime < b.startTime ? 1 : -1))
      .map((s) => s.subsessionId);
    expect(body.data.map((r) => r.subsessionId)).toEqual(expected);
    expect(body.data[0]!.winner).not.toBeNull();
    const week1 = await api.ok(`${base}/recent-races?raceWeekNum=1`, recentRacesResponse);
    expect(week1.data.map((r) => r.raceWeekNum)).toEqual([1, 1]);
  });

  it('pages with a cursor', async () => {
    const walked = await walkPages(api, `${base}/recent-races?limit=4`, recentRacesResponse);
    expect(walked.pages).toBe(2);
    expect(walked.items).toHaveLength(6);
  });

  it('answers an empty page for a known season without races and 404 for an unknown one', async () => {
    const body = await api.ok(
      `/api/seasons/${OVAL_SEASON}/recent-races?raceWeekNum=5`,
      recentRacesResponse,
    );
    expect(body).toEqual({ data: [], meta: { perPage: 25, nextCursor: null } });
    await api.fails(`/api/seasons/${UNKNOWN_ID}/recent-races`, 404);
  });

  it.each([
    ['limit=101', 'limit'],
    ['raceWeekNum=-1', 'raceWeekNum'],
    ['raceWeekNum=one', 'raceWeekNum'],
    ['cursor=eyJ4IjoxfQ', 'cursor'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    expectNamesParameter(await api.fails(`${base}/recent-races?${query}`, 400), parameter);
  });
});

describe('GET /api/seasons/{id}/car-times', () => {
  it('answers best and average laps per week and car, by week then fastest car', async () => {
    const body = await api.ok(`${base}/car-times`, carTimesResponse);
    expect(body.data).toHaveLength(TRACKS.length * 2);
    expect(body.data.map((c) => c.raceWeekNum)).toEqual([0, 0, 1, 1, 2, 2]);
    for (const week of [0, 1, 2]) {
      const rows = body.data.filter((c) => c.raceWeekNum === week);
      expect(rows[0]!.bestLap!.lapTime).toBeLessThanOrEqual(rows[1]!.bestLap!.lapTime);
      const best = Math.min(
        ...raceRows()
          .filter((r) => r.week === week)
          .map((r) => r.bestLapTime!),
      );
      expect(rows[0]!.bestLap!.lapTime).toBe(best);
    }
  });

  it('sorts by entries and filters by week and car', async () => {
    const byEntries = await api.ok(`${base}/car-times?sort=entries`, carTimesResponse);
    const entries = byEntries.data.map((c) => c.entries);
    expect(entries).toEqual([...entries].sort((a, b) => b - a));
    const one = await api.ok(
      `${base}/car-times?raceWeekNum=2&carId=${CARS.bmw.carId}`,
      carTimesResponse,
    );
    expect(one.data).toHaveLength(1);
    expect(one.data[0]).toMatchObject({ raceWeekNum: 2, car: CARS.bmw });
  });

  it('pages with a cursor', async () => {
    const walked = await walkPages(api, `${base}/car-times?limit=4&sort=bestLap`, carTimesResponse);
    expect(walked.pages).toBe(2);
    const laps = walked.items.map((c) => c.bestLap!.lapTime);
    expect(laps).toEqual([...laps].sort((a, b) => a - b));
  });

  it.each([
    ['sort=fastest', 'sort'],
    ['carId=0', 'carId'],
    ['limit=1000', 'limit'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    expectNamesParameter(await api.fails(`${base}/car-times?${query}`, 400), parameter);
  });

  it('answers 404 for an unknown season', async () => {
    await api.fails(`/api/seasons/${UNKNOWN_ID}/car-times`, 404);
  });
});

describe('GET /api/seasons/{id}/fastest-laps', () => {
  it("ranks each driver's best lap of the latest week by default, fastest first", async () => {
    const body = await api.ok(`${base}/fastest-laps?limit=100`, fastestLapsResponse);
    expect(body.data).toHaveLength(24);
    expect(body.data.every((l) => l.raceWeekNum === 2)).toBe(true);
    expect(body.data.map((l) => l.rank)).toEqual(body.data.map((_, i) => i + 1));
    const laps = body.data.map((l) => l.lapTime);
    expect(laps).toEqual([...laps].sort((a, b) => a - b));
  });

  it('answers one week and one car when asked, paged', async () => {
    const walked = await walkPages(
      api,
      `${base}/fastest-laps?raceWeekNum=0&carId=${CARS.porsche.carId}&limit=5`,
      fastestLapsResponse,
    );
    expect(walked.items.length).toBe(12);
    expect(
      walked.items.every((l) => l.car.carId === CARS.porsche.carId && l.raceWeekNum === 0),
    ).toBe(true);
    expect(walked.items.map((l) => l.rank)).toEqual(walked.items.map((_, i) => i + 1));
  });

  it('answers 404 for an unknown season and 400 for a bad week', async () => {
    await api.fails(`/api/seasons/${UNKNOWN_ID}/fastest-laps`, 404);
    expectNamesParameter(
      await api.fails(`${base}/fastest-laps?raceWeekNum=53`, 400),
      'raceWeekNum',
    );
  });
});

describe('season leaderboards', () => {
  const boards = [
    ['race-wins-leaderboard', tally((r) => r.finishPosition === 1)],
    ['most-poles-leaderboard', tally((r) => r.startingPosition === 1)],
    ['most-tops-five-leaderboard', tally((r) => r.finishPosition <= 5)],
    ['most-races-leaderboard', tally(() => true)],
  ] as const;

  it.each(boards)('%s ranks drivers by their count, highest first', async (segment, expected) => {
    const body = await api.ok(`${base}/${segment}?limit=100`, leaderboardResponse);
    expect(body.data.length).toBe(expected.size);
    for (const entry of body.data) expect(entry.value).toBe(expected.get(entry.custId));
    const values = body.data.map((e) => e.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(body.data.map((e) => e.rank)).toEqual(body.data.map((_, i) => i + 1));
  });

  it.each(boards)('%s pages with a cursor, continuing the ranks', async (segment, expected) => {
    const walked = await walkPages(api, `${base}/${segment}?limit=7`, leaderboardResponse);
    expect(walked.items.length).toBe(expected.size);
    expect(walked.items.map((e) => e.rank)).toEqual(walked.items.map((_, i) => i + 1));
  });

  it.each(boards)('%s answers 404 for an unknown season, 400 for limit > 100', async (segment) => {
    await api.fails(`/api/seasons/${UNKNOWN_ID}/${segment}`, 404);
    expectNamesParameter(await api.fails(`${base}/${segment}?limit=101`, 400), 'limit');
  });
});
