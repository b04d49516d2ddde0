import { describe, expect, it } from 'vitest';
import { sessionResponse } from './sessions/schema.ts';
import { subsessionResultsResponse } from './subsessions/schema.ts';
import { worldRecordsResponse } from './world-records/schema.ts';
import { expectNamesParameter, useApiTestServer, walkPages } from './test-support/api-server.ts';
import {
  CARS,
  DAYTONA,
  gt3SubsessionId,
  gt3Subsessions,
  OVAL_SUBSESSION,
  TRACKS,
  UNKNOWN_ID,
} from './test-support/racing-world.ts';

/** /api/subsessions/{id}/results/{type} and /api/world-records against the racing world. */
const api = useApiTestServer();

describe('GET /api/sessions/{id}', () => {
  it('answers the time slot with its split, winner and strength of field', async () => {
    const id = gt3SubsessionId(1, 0);
    const recorded = gt3Subsessions().find((s) => s.subsessionId === id)!;
    const body = await api.ok(`/api/sessions/${recorded.sessionId}`, sessionResponse);
    expect(body.data).toMatchObject({
      sessionId: recorded.sessionId,
      seriesId: 210,
      raceWeekNum: 1,
      timeSlot: '12:00',
      track: TRACKS[1],
      numSubsessions: 1,
      numDrivers: 12,
      maxStrengthOfField: 2500,
    });
    const winner = recorded.simsessions
      .find((s) => s.type === 'race')!
      .results.find((r) => r.finishPosition === 1)!;
    expect(body.data.subsessions).toEqual([
      {
        subsessionId: id,
        strengthOfField: 2500,
        fieldSize: 12,
        winner: { custId: winner.custId, displayName: winner.displayName, teamName: null },
        eventBestLapTime: null,
        official: true,
      },
    ]);
  });

  it('answers 404 for an unknown session and 400 for a malformed id', async () => {
    expect((await api.fails(`/api/sessions/${UNKNOWN_ID}`, 404)).message).toBe(
      `No session ${UNKNOWN_ID}.`,
    );
    expectNamesParameter(await api.fails('/api/sessions/x1', 400), 'id');
  });
});

describe('GET /api/subsessions/{id}/results/{type}', () => {
  const id = gt3SubsessionId(1, 0);
  const recorded = () => gt3Subsessions().find((s) => s.subsessionId === id)!;

  it.each(['race', 'qualify'] as const)(
    'answers the %s rows by finishing position',
    async (type) => {
      const body = await api.ok(
        `/api/subsessions/${id}/results/${type}`,
        subsessionResultsResponse,
      );
      const expected = recorded().simsessions.find((s) => s.type === type)!.results;
      expect(body.data.simsession?.type).toBe(type);
      expect(body.data.results.map((r) => r.driver.custId)).toEqual(
        [...expected].sort((a, b) => a.finishPosition - b.finishPosition).map((r) => r.custId),
      );
      expect(body.data.subsession).toMatchObject({
        subsessionId: id,
        raceWeekNum: 1,
        track: TRACKS[1],
      });
      expect(body.data.subsession.simsessions.map((s) => s.type).sort()).toEqual([
        'qualify',
        'race',
      ]);
    },
  );

  it('answers no rows (simsession null) for a type the subsession did not run', async () => {
    const body = await api.ok(
      `/api/subsessions/${OVAL_SUBSESSION}/results/qualify`,
      subsessionResultsResponse,
    );
    expect(body.data.simsession).toBeNull();
    expect(body.data.results).toEqual([]);
  });

  it('answers 404 for an unknown subsession', async () => {
    const body = await api.fails(`/api/subsessions/${UNKNOWN_ID}/results/race`, 404);
    expect(body.message).toContain(String(UNKNOWN_ID));
  });

  it.each([
    [`/api/subsessions/${id}/results/feature`, 'type'],
    [`/api/subsessions/${id}/results/6`, 'type'],
    ['/api/subsessions/abc/results/race', 'id'],
    ['/api/subsessions/-3/results/race', 'id'],
  ])('answers 400 naming the parameter for %s', async (path, parameter) => {
    expectNamesParameter(await api.fails(path, 400), parameter);
  });
});

describe('GET /api/world-records', () => {
  it('answers the best lap per track layout and car, by track', async () => {
    const body = await api.ok('/api/world-records', worldRecordsResponse);
    // Three road layouts × two cars, and Daytona with one car.
    expect(body.data).toHaveLength(7);
    const names = body.data.map((r) => r.track.trackName);
    expect(names).toEqual([...names].sort());
    const spa = body.data.filter((r) => r.track.trackId === TRACKS[1].trackId);
    for (const record of spa) {
      const best = Math.min(
        ...gt3Subsessions()
          .filter((s) => s.raceWeekNum === 1)
          .flatMap((s) => s.simsessions.filter((x) => x.type === 'race').flatMap((x) => x.results))
          .filter((r) => r.carId === record.car.carId)
          .map((r) => r.bestLapTime!),
      );
      expect(record.lapTime).toBe(best);
    }
  });

  it('filters by track, car and category', async () => {
    const daytona = await api.ok(
      `/api/world-records?trackId=${DAYTONA.trackId}`,
      worldRecordsResponse,
    );
    expect(daytona.data.map((r) => r.car.carId)).toEqual([CARS.camaro.carId]);
    const bmw = await api.ok(`/api/world-records?carId=${CARS.bmw.carId}`, worldRecordsResponse);
    expect(bmw.data).toHaveLength(3);
    const oval = await api.ok('/api/world-records?category=oval', worldRecordsResponse);
    expect(oval.data.map((r) => r.track.trackId)).toEqual([DAYTONA.trackId]);
    const none = await api.ok(
      `/api/world-records?trackId=${DAYTONA.trackId}&category=sports_car`,
      worldRecordsResponse,
    );
    expect(none.data).toEqual([]);
  });

  it('sorts by lap time and pages with a cursor', async () => {
    const walked = await walkPages(
      api,
      '/api/world-records?sort=lapTime&limit=3',
      worldRecordsResponse,
    );
    expect(walked.pages).toBe(3);
    const laps = walked.items.map((r) => r.lapTime);
    expect(laps).toEqual([...laps].sort((a, b) => a - b));
  });

  it('sorts by car and reverses a sort with direction', async () => {
    const byCar = await api.ok('/api/world-records?sort=car', worldRecordsResponse);
    const cars = byCar.data.map((r) => r.car.carName);
    expect(cars).toEqual([...cars].sort());
    const slowest = await api.ok(
      '/api/world-records?sort=lapTime&direction=desc',
      worldRecordsResponse,
    );
    const laps = slowest.data.map((r) => r.lapTime);
    expect(laps).toEqual([...laps].sort((a, b) => b - a));
    const oldest = await api.ok(
      '/api/world-records?sort=recent&direction=asc',
      worldRecordsResponse,
    );
    const times = oldest.data.map((r) => r.setAt);
    expect(times).toEqual([...times].sort());
  });

  it.each([
    ['direction=up', 'direction'],
    ['sort=fastest', 'sort'],
    ['category=karting', 'category'],
    ['trackId=abc', 'trackId'],
    ['carId=1.5', 'carId'],
    ['limit=101', 'limit'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    expectNamesParameter(await api.fails(`/api/world-records?${query}`, 400), parameter);
  });
});
