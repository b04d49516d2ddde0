import { describe, expect, it } from 'vitest';
import { useRacingDatabase } from '../../projections/racing/testing.ts';
import { run } from '../../db/batch.ts';
import { seedRacingDataset } from './dataset.test-support.ts';
import { iratingDistribution } from './distribution.ts';
import { seasonLeaderboard, seasonRaceWinsLeaderboard } from './leaderboards.ts';
import { InvalidQueryError } from './paging.ts';
import {
  getSeason,
  seasonCarTimes,
  seasonExists,
  seasonFastestLaps,
  seasonParticipationStatement,
  seasonRecentRaces,
  seasonSchedule,
} from './seasons.ts';
import { getSeries, listSeries, searchSeries } from './series.ts';
import { getSession, subsessionResults } from './subsessions.ts';
import { worldRecords } from './world-records.ts';

const db = useRacingDatabase({ seed: seedRacingDataset });

describe('season queries', () => {
  it('shows the schedule with each week’s participation', async () => {
    const s = await seasonSchedule(db.knex, 5000);
    expect(s?.season).toMatchObject({
      seasonName: 'Pitwall GT Sprint - 2025 Season 1',
      startDate: '2025-01-07',
      category: 'sports_car',
    });
    expect(
      s?.weeks.map((w) => [w.raceWeekNum, w.track.trackName, w.timeSlots, w.participation]),
    ).toEqual([
      [
        0,
        'Okayama International Circuit',
        ['18:00', '20:00'],
        {
          sessions: 2,
          subsessions: 3,
          drivers: 8,
          uniqueDrivers: 6,
          averageStrengthOfField: 2133,
          maxStrengthOfField: 2500,
        },
      ],
      [
        1,
        'Spa-Francorchamps',
        ['18:00', '20:00'],
        {
          sessions: 2,
          subsessions: 2,
          drivers: 4,
          uniqueDrivers: 3,
          averageStrengthOfField: 2250,
          maxStrengthOfField: 2300,
        },
      ],
    ]);
    expect(await seasonSchedule(db.knex, 1)).toBeNull();
    expect(await getSeason(db.knex, 3620)).toBeNull(); // raced but not catalogued …
    expect(await seasonExists(db.knex, 3620)).toBe(true); // … still known
    expect(await seasonExists(db.knex, 1)).toBe(false);
  });

  it('splits participation by time slot', async () => {
    expect(await run(db.knex, seasonParticipationStatement(5000, { raceWeekNum: 0 }))).toEqual([
      {
        raceWeekNum: 0,
        timeSlot: '18:00',
        sessions: 1,
        subsessions: 2,
        drivers: 5,
        uniqueDrivers: 5,
        averageStrengthOfField: 2000,
        maxStrengthOfField: 2500,
      },
      {
        raceWeekNum: 0,
        timeSlot: '20:00',
        sessions: 1,
        subsessions: 1,
        drivers: 3,
        uniqueDrivers: 3,
        averageStrengthOfField: 2400,
        maxStrengthOfField: 2400,
      },
    ]);
  });

  it('pages recent races newest first, optionally of one week', async () => {
    const page = await seasonRecentRaces(db.knex, 5000, { limit: 2 });
    expect(page.items.map((r) => [r.subsessionId, r.winner?.displayName])).toEqual([
      [5005, 'Max Verstappen'],
      [5004, 'Max Verstappen'],
    ]);
    const rest = await seasonRecentRaces(db.knex, 5000, { limit: 10, cursor: page.nextCursor });
    expect(rest.items.map((r) => r.subsessionId)).toEqual([5003, 5002, 5001]);
    const week0 = await seasonRecentRaces(db.knex, 5000, { raceWeekNum: 0 });
    expect(week0.items.map((r) => r.subsessionId)).toEqual([5003, 5002, 5001]);
  });

  it('gives car times per week with best lap holder and averages', async () => {
    const page = await seasonCarTimes(db.knex, 5000);
    expect(
      page.items.map((c) => [
        c.raceWeekNum,
        c.car.carId,
        c.drivers,
        c.entries,
        c.bestLap?.lapTime,
        c.bestLap?.driver.custId,
        c.averageBestLapTime,
      ]),
    ).toEqual([
      [0, 132, 6, 8, 999_000, 2, 1_008_125],
      [1, 173, 1, 1, 1_379_000, 1, 1_379_000],
      [1, 132, 3, 3, 1_380_000, 1, 1_385_000],
    ]);
    const byEntries = await seasonCarTimes(db.knex, 5000, { sort: 'entries', limit: 1 });
    expect(byEntries.items[0]?.entries).toBe(8);
    expect(byEntries.nextCursor).not.toBeNull();
  });

  it('ranks each driver’s best lap of a week, defaulting to the latest week', async () => {
    const latest = await seasonFastestLaps(db.knex, 5000);
    expect(latest.items.map((l) => [l.rank, l.driver.custId, l.car.carId, l.lapTime])).toEqual([
      [1, 1, 173, 1_379_000],
      [2, 1, 132, 1_380_000],
      [3, 3, 132, 1_385_000],
      [4, 2, 132, 1_390_000],
    ]);
    const week0 = await seasonFastestLaps(db.knex, 5000, { raceWeekNum: 0, limit: 2 });
    expect(week0.items.map((l) => [l.rank, l.driver.custId, l.lapTime])).toEqual([
      [1, 2, 999_000],
      [2, 1, 1_000_000],
    ]);
    const next = await seasonFastestLaps(db.knex, 5000, {
      raceWeekNum: 0,
      limit: 2,
      cursor: week0.nextCursor,
    });
    expect(next.items.map((l) => l.rank)).toEqual([3, 4]);
  });

  it('serves the four leaderboards from the season stats', async () => {
    const wins = await seasonRaceWinsLeaderboard(db.knex, 5000);
    expect(wins.items.map((e) => [e.rank, e.custId, e.value])).toEqual([
      [1, 1, 3],
      [2, 2, 1],
      [3, 4, 1],
    ]);
    const poles = await seasonLeaderboard(db.knex, 5000, 'poles', { limit: 1 });
    expect(poles.items).toMatchObject([{ rank: 1, custId: 1, value: 4 }]);
    const races = await seasonLeaderboard(db.knex, 5000, 'races');
    expect(races.items[0]).toMatchObject({ custId: 1, value: 4, displayName: 'Max Verstappen' });
    const tops = await seasonLeaderboard(db.knex, 5000, 'top-fives');
    expect(tops.items).toHaveLength(6);
    await expect(
      seasonLeaderboard(db.knex, 5000, 'races', { cursor: 'eyJvIjotMX0' }),
    ).rejects.toBeInstanceOf(InvalidQueryError);
  });
});

describe('series, subsession, world record and distribution queries', () => {
  it('lists and searches series, and shows one with its seasons', async () => {
    const all = await listSeries(db.knex, { limit: 100 });
    expect(all.items.map((s) => s.name)).toEqual(['Pitwall GT Sprint']);
    expect(all.items[0]).toMatchObject({
      shortName: 'GT Sprint',
      licenseClass: 'C',
      latestSeason: { seasonId: 5000 },
    });
    expect((await searchSeries(db.knex, { q: 'sprint' })).map((s) => s.seriesId)).toEqual([500]);
    expect(await searchSeries(db.knex, { q: 'oval' })).toEqual([]);
    expect(await getSeries(db.knex, 500)).toMatchObject({
      description: 'Twenty-five minutes of GT3.',
      seasons: [{ seasonId: 5000, active: true }],
    });
    expect(await getSeries(db.knex, 1)).toBeNull();
  });

  it('returns a subsession’s results per simsession type', async () => {
    const race = await subsessionResults(db.knex, 68483460, 'race');
    expect(race?.subsession).toMatchObject({
      category: 'formula_car',
      strengthOfField: 2172,
      track: { trackId: expect.any(Number) as number },
    });
    expect(race?.simsession).toMatchObject({ type: 'race', simsessionNumber: 0 });
    expect(race?.results).toHaveLength(22);
    expect(race?.results[0]?.finishPosition).toBe(1);
    expect(race?.results[0]?.car.carClassName).toBe('Super SF23');
    const qual = await subsessionResults(db.knex, 68483460, 'qualify');
    expect(qual?.simsession?.name).toBe('QUALIFY');
    expect((await subsessionResults(db.knex, 45243121, 'qualify'))?.results).toEqual([]);
    const first = (await subsessionResults(db.knex, 45243121, 'race'))?.results[0];
    expect(first).toMatchObject({
      driver: { custId: 147876 },
      oldIrating: 4228,
      newIrating: 4270,
      iratingChange: 42,
      newLicense: { licence: 'A 4.75' },
    });
    expect(await subsessionResults(db.knex, 1, 'race')).toBeNull();
    await expect(subsessionResults(db.knex, 45243121, 'heat')).rejects.toThrow(
      /type must be one of/,
    );
  });

  it('shows a session with its splits strongest first', async () => {
    expect(await getSession(db.knex, 50)).toMatchObject({
      numSubsessions: 2,
      numDrivers: 5,
      subsessions: [
        { subsessionId: 5001, strengthOfField: 2500 },
        { subsessionId: 5002, strengthOfField: 1500 },
      ],
    });
    expect(await getSession(db.knex, 1)).toBeNull();
  });

  it('lists world records with filters', async () => {
    const okayama = await worldRecords(db.knex, { trackId: 1 });
    expect(okayama.items).toMatchObject([
      {
        car: { carId: 132 },
        lapTime: 999_000,
        holder: { custId: 2, displayName: 'Lando Norris' },
        subsessionId: 5003,
      },
    ]);
    const sports = await worldRecords(db.knex, { category: 'sports_car', sort: 'lapTime' });
    expect(sports.items.map((r) => r.lapTime)).toEqual([999_000, 1_379_000, 1_380_000]);
    const road = await worldRecords(db.knex, { category: 'road' });
    expect(road.items.every((r) => r.category === 'road')).toBe(true);
    expect(road.items.length).toBeGreaterThan(0);
  });

  it('gives the iRating distribution with cumulative shares and percentiles', async () => {
    const d = await iratingDistribution(db.knex, 'sports_car');
    expect(d.totalDrivers).toBe(6);
    expect(d.buckets.map((b) => [b.from, b.drivers, b.percentBelow])).toEqual([
      [1400, 1, 0],
      [1500, 1, 16.7],
      [1600, 1, 33.3],
      [2600, 1, 50],
      [2800, 1, 66.7],
      [3000, 1, 83.3],
    ]);
    // Rank 3 of 6 ends the 1600 bucket: interpolated to its upper edge.
    expect(d.percentiles.find((p) => p.percentile === 50)?.irating).toBe(1700);
    expect((await iratingDistribution(db.knex, 'dirt_oval')).buckets).toEqual([]);
  });
});
