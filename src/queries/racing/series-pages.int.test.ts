import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../db/batch.ts';
import { asRecorded, useRacingDatabase } from '../../projections/racing/testing.ts';
import { SEASONS_TABLE } from '../../projections/seasons/tables.ts';
import { sessionReplaysProjection } from '../../projections/session-replays/projection.ts';
import { seedRacingDataset } from './dataset.test-support.ts';
import { InvalidQueryError } from './paging.ts';
import {
  seasonLapTimeGridStatement,
  seasonPace,
  seasonStrongestRacesStatement,
  seasonSummaryStatement,
} from './season-stats.ts';
import { getSeason, seasonParticipationStatement, seasonSchedule } from './seasons.ts';
import { seriesDirectory, seriesFrameStatement } from './series.ts';
import { listIngestedSessions } from './sessions.ts';
import { seriesSlotPredictionsStatement } from './slot-predictions.ts';
import { getSession } from './subsessions.ts';
import { worldRecordFiltersStatement } from './world-records.ts';

/** The queries behind the series, session and admin sessions pages, on the query dataset. */
const db = useRacingDatabase({ seed: seedRacingDataset });

beforeAll(async () => {
  await sessionReplaysProjection.createTables(db.knex);
  // Session 52 was replayed twice; the list shows the latest run.
  const requested = (run: number, requestedAt: string) => ({
    type: 'ReplayRequested',
    data: { sessionId: 52, run, requestedAt, requestedBy: null },
  });
  await db.knex.transaction((trx) =>
    sessionReplaysProjection.apply(
      trx,
      asRecorded([
        requested(1, '2025-02-01T10:00:00.000Z'),
        requested(2, '2025-02-02T10:00:00.000Z'),
      ]),
    ),
  );
});

describe('series pages', () => {
  it('lists every series with its latest season, fixed setup and licence', async () => {
    expect(await seriesDirectory(db.knex)).toEqual([
      expect.objectContaining({
        seriesId: 500,
        name: 'Pitwall GT Sprint',
        category: 'sports_car',
        licenseClass: 'C',
        official: true,
        fixedSetup: true,
        latestSeasonActive: true,
        latestSeason: expect.objectContaining({ seasonId: 5000 }) as unknown,
      }),
    ]);
  });

  it('totals a season: races, entries, distinct drivers and strength of field', async () => {
    expect(await run(db.knex, seasonSummaryStatement(5000))).toEqual({
      weeksRaced: 2,
      sessions: 4,
      races: 5,
      entries: 12,
      uniqueDrivers: 6,
      averageStrengthOfField: 2180,
      maxStrengthOfField: 2500,
    });
    expect(await run(db.knex, seasonSummaryStatement(4999))).toEqual({
      weeksRaced: 0,
      sessions: 0,
      races: 0,
      entries: 0,
      uniqueDrivers: 0,
      averageStrengthOfField: null,
      maxStrengthOfField: null,
    });
  });

  it('counts distinct drivers per week and per time slot', async () => {
    const schedule = await seasonSchedule(db.knex, 5000);
    expect(schedule?.weeks.map((w) => w.participation?.uniqueDrivers)).toEqual([6, 3]);
    const slots = await run(db.knex, seasonParticipationStatement(5000));
    expect(slots.map((s) => [s.raceWeekNum, s.timeSlot, s.drivers, s.uniqueDrivers])).toEqual([
      [0, '18:00', 5, 5],
      [0, '20:00', 3, 3],
      [1, '18:00', 2, 2],
      [1, '20:00', 2, 2],
    ]);
  });

  it('gives lap time against iRating per car, for the latest week by default', async () => {
    const pace = await seasonPace(db.knex, 5000);
    expect(pace.bandWidth).toBe(250);
    expect(pace.weeks.map((w) => [w.raceWeekNum, w.track.trackName])).toEqual([
      [0, 'Okayama International Circuit'],
      [1, 'Spa-Francorchamps'],
    ]);
    expect(pace.raceWeekNum).toBe(1);
    expect(pace.cars).toEqual([
      {
        car: { carId: 132, carName: 'BMW M4 GT3' },
        entries: 3,
        bands: [
          {
            irating: 2000,
            entries: 3,
            averageBestLapTime: 1_385_000,
            averageLapTime: 1_010_000,
          },
        ],
      },
      {
        car: { carId: 173, carName: 'Ferrari 296 GT3' },
        entries: 1,
        bands: [
          { irating: 2000, entries: 1, averageBestLapTime: 1_379_000, averageLapTime: 1_010_000 },
        ],
      },
    ]);
    const week0 = await seasonPace(db.knex, 5000, { raceWeekNum: 0 });
    expect(week0.cars.map((c) => c.entries)).toEqual([8]);
    expect((await seasonPace(db.knex, 5000, { raceWeekNum: 7 })).cars).toEqual([]);
    expect(await seasonPace(db.knex, 4999)).toEqual({
      bandWidth: 250,
      weeks: [],
      raceWeekNum: null,
      cars: [],
    });
  });

  it('ranks a season’s races by strength of field', async () => {
    const races = await run(db.knex, seasonStrongestRacesStatement(5000, { limit: 3 }));
    expect(races.map((r) => [r.subsessionId, r.strengthOfField, r.winner?.displayName])).toEqual([
      [5001, 2500, 'Max Verstappen'],
      [5003, 2400, 'Lando Norris'],
      [5004, 2300, 'Max Verstappen'],
    ]);
    expect(() => seasonStrongestRacesStatement(5000, { limit: 51 })).toThrow(InvalidQueryError);
  });

  it('lays out every car’s best lap of every week', async () => {
    const grid = await run(db.knex, seasonLapTimeGridStatement(5000));
    expect(grid.map((c) => [c.raceWeekNum, c.car.carName, c.bestLap?.lapTime])).toEqual([
      [0, 'BMW M4 GT3', 999_000],
      [1, 'Ferrari 296 GT3', 1_379_000],
      [1, 'BMW M4 GT3', 1_380_000],
    ]);
  });
});

describe('sessions', () => {
  it('shows a time slot with its splits, strongest first', async () => {
    const session = await getSession(db.knex, 50);
    expect(session).toMatchObject({
      sessionId: 50,
      seriesName: 'Pitwall GT Sprint',
      seasonName: 'Pitwall GT Sprint - 2025 Season 1',
      timeSlot: '18:00',
      category: 'sports_car',
      numSubsessions: 2,
      numDrivers: 5,
    });
    expect(
      session?.subsessions.map((s) => [s.subsessionId, s.strengthOfField, s.winner?.custId]),
    ).toEqual([
      [5001, 2500, 1],
      [5002, 1500, 4],
    ]);
    expect(await getSession(db.knex, 49)).toBeNull();
  });

  it('lists ingested sessions newest first, filtered by series, track and day', async () => {
    const ids = async (params: Parameters<typeof listIngestedSessions>[1]) =>
      (await listIngestedSessions(db.knex, params)).items.map((s) => s.sessionId);
    expect(await ids({ series: 'gt sprint' })).toEqual([53, 52, 51, 50]);
    expect(await ids({ series: 'GT Sprint', date: '2025-01-08' })).toEqual([51, 50]);
    expect(await ids({ series: 'sprint', track: 'okayama' })).toEqual([51, 50]);
    expect(await ids({ series: '100%' })).toEqual([]);
    const first = await listIngestedSessions(db.knex, { series: 'sprint', limit: 3 });
    expect(first.items.map((s) => s.sessionId)).toEqual([53, 52, 51]);
    expect(first.items[0]?.lastReplay).toBeNull();
    expect(first.items[1]?.lastReplay).toEqual({
      run: 2,
      status: 'queued',
      requestedAt: '2025-02-02T10:00:00.000Z',
    });
    const rest = await listIngestedSessions(db.knex, {
      series: 'sprint',
      limit: 3,
      cursor: first.nextCursor,
    });
    expect(rest.items.map((s) => s.sessionId)).toEqual([50]);
    expect(rest.nextCursor).toBeNull();
    expect((await listIngestedSessions(db.knex)).items.length).toBe(7);
    await expect(listIngestedSessions(db.knex, { date: '2025-02-30x' })).rejects.toBeInstanceOf(
      InvalidQueryError,
    );
  });
});

describe('world record filters', () => {
  it('offers the cars and tracks that hold records, optionally of one category', async () => {
    const filters = await run(db.knex, worldRecordFiltersStatement({ category: 'sports_car' }));
    expect(filters.cars).toEqual([
      { carId: 132, carName: 'BMW M4 GT3' },
      { carId: 173, carName: 'Ferrari 296 GT3' },
    ]);
    expect(filters.tracks.map((t) => t.trackName)).toEqual([
      'Okayama International Circuit',
      'Spa-Francorchamps',
    ]);
    const all = await run(db.knex, worldRecordFiltersStatement());
    expect(all.cars.length).toBeGreaterThan(2);
    expect(() => worldRecordFiltersStatement({ category: 'kart' })).toThrow(InvalidQueryError);
  });
});

describe('slot predictions', () => {
  it('predicts each coming slot from the same slot of the week before, and nothing from later races', async () => {
    const schedule = (await seasonSchedule(db.knex, 5000))!;
    const now = Date.parse('2025-01-15T12:00:00Z');
    const slots = await run(db.knex, seriesSlotPredictionsStatement(500, schedule.weeks, now, 4));
    expect(slots.map((s) => s.startTime)).toEqual([
      '2025-01-15T18:00:00.000Z',
      '2025-01-15T20:00:00.000Z',
      '2025-01-16T18:00:00.000Z',
      '2025-01-16T20:00:00.000Z',
    ]);
    const lastWeek = (await getSession(db.knex, 50))!;
    const first = slots[0]!;
    expect(first).toMatchObject({
      week: 2,
      trackName: 'Spa-Francorchamps',
      entries: lastWeek.numDrivers,
      splits: lastWeek.numSubsessions,
      topSof: lastWeek.maxStrengthOfField,
      basis: 1,
    });
    expect(first.entriesLow).toBeLessThan(first.entries);
    expect(first.entriesHigh).toBeGreaterThan(first.entries);
    expect(first.officialProbability).toBeGreaterThan(0);
    expect(first.officialProbability).toBeLessThan(1);
    // Thursday's slots never ran: the series' sessions at the same hour stand in.
    expect(slots[2]!.basis).toBe(0);
    // Sessions 52 and 53 (2025-01-15, later that day) are not known at 12:00.
    expect(slots[1]!.entries).toBe((await getSession(db.knex, 51))!.numDrivers);
  });

  it('has nothing to predict after the schedule or without history', async () => {
    const schedule = (await seasonSchedule(db.knex, 5000))!;
    expect(
      await run(
        db.knex,
        seriesSlotPredictionsStatement(500, schedule.weeks, Date.parse('2025-03-01T00:00:00Z'), 4),
      ),
    ).toEqual([]);
    expect(
      await run(
        db.knex,
        seriesSlotPredictionsStatement(500, schedule.weeks, Date.parse('2025-01-01T00:00:00Z'), 4),
      ),
    ).toEqual([]);
  });
});

describe("a series view's frame", () => {
  /** Season 5000 (active, 2025 Q1) of series 500 again under another id, year, quarter and state. */
  const addSeason = (seasonId: number, year: number, quarter: number, active: boolean) =>
    db.knex.raw(
      `INSERT INTO ${SEASONS_TABLE}
       SELECT (jsonb_populate_record(s, jsonb_build_object('season_id', ?::int,
                 'season_year', ?::int, 'season_quarter', ?::int, 'active', ?::boolean))).*
         FROM ${SEASONS_TABLE} s WHERE s.season_id = 5000`,
      [seasonId, year, quarter, active],
    );
  const frameOf = (seasonId: number | null, withWeeks = false) =>
    run(db.knex, seriesFrameStatement(500, seasonId, withWeeks));

  afterAll(async () => {
    await db.knex(SEASONS_TABLE).whereIn('season_id', [5001, 5002]).delete();
  });

  it('shows the running season by default, else the newest, and a season only of its series', async () => {
    await addSeason(5001, 2025, 2, false);
    await addSeason(5002, 2024, 4, false);
    const frame = (await frameOf(null))!;
    expect(frame.series.seasons.map((s) => s.seasonId)).toEqual([5001, 5000, 5002]);
    expect(frame.season?.seasonId).toBe(5000);
    expect(frame.weeks).toBeNull();
    expect((await frameOf(5002))?.season).toEqual({
      ...(await getSeason(db.knex, 5000)),
      seasonId: 5002,
      seasonYear: 2024,
      seasonQuarter: 4,
      active: false,
    });
    expect((await frameOf(4999))?.season).toBeNull();
    expect(await run(db.knex, seriesFrameStatement(501, null, false))).toBeNull();

    await db.knex(SEASONS_TABLE).where({ season_id: 5000 }).update({ active: false });
    try {
      expect((await frameOf(null))?.season?.seasonId).toBe(5001);
    } finally {
      await db.knex(SEASONS_TABLE).where({ season_id: 5000 }).update({ active: true });
    }
  });

  it("carries the season's weeks when asked, as the schedule has them", async () => {
    const schedule = (await seasonSchedule(db.knex, 5000))!;
    const frame = (await frameOf(5000, true))!;
    expect(frame.weeks).toEqual(schedule.weeks.map(({ participation: _, ...week }) => week));
    expect(frame.weeks!.length).toBeGreaterThan(0);
  });
});
