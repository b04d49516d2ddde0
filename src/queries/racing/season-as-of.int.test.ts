import { describe, expect, it } from 'vitest';
import { useRacingDatabase } from '../../projections/racing/testing.ts';
import { run } from '../../db/batch.ts';
import { seedRacingDataset } from './dataset.test-support.ts';
import { LEADERBOARDS, seasonLeaderboard, seasonLeaderboardsAtStatement } from './leaderboards.ts';
import { seasonCutWeek } from './season-as-of.ts';
import { seasonLapTimeGridStatement } from './season-stats.ts';
import { seasonCarTimes, seasonFastestLaps } from './seasons.ts';

/**
 * Season 5000 of the query dataset as it stood at an instant: week 0 raced 2025-01-08 at 18:00
 * (splits 5001, 5002) and 20:00 (5003), week 1 on 2025-01-15 at 18:00 (5004) and 20:00 (5005).
 */
const SEASON = 5000;
const at = (iso: string) => new Date(iso);
const AFTER_ALL = at('2030-01-01T00:00:00Z');
/** Week 1 half raced: 5004 counts, 5005 does not. */
const MID_WEEK_1 = at('2025-01-15T19:00:00Z');

const db = useRacingDatabase({ seed: seedRacingDataset });

const board = async (kind: (typeof LEADERBOARDS)[number], asOf?: Date) =>
  (await seasonLeaderboard(db.knex, SEASON, kind, asOf ? { asOf } : {})).items.map((e) => [
    e.custId,
    e.value,
    e.races,
  ]);

describe('a season as of an instant', () => {
  it('finds the week of the last race before the instant', async () => {
    expect(await seasonCutWeek(db.knex, SEASON, at('2025-01-08T18:00:00Z'))).toBeNull();
    expect(await seasonCutWeek(db.knex, SEASON, at('2025-01-08T18:00:01Z'))).toBe(0);
    expect(await seasonCutWeek(db.knex, SEASON, at('2025-01-14T00:00:00Z'))).toBe(0);
    expect(await seasonCutWeek(db.knex, SEASON, MID_WEEK_1)).toBe(1);
  });

  it('answers the current leaderboards, laps and car times after the last race', async () => {
    for (const kind of LEADERBOARDS) {
      expect(await seasonLeaderboard(db.knex, SEASON, kind, { asOf: AFTER_ALL })).toEqual(
        await seasonLeaderboard(db.knex, SEASON, kind),
      );
    }
    for (const raceWeekNum of [0, 1]) {
      expect(await seasonFastestLaps(db.knex, SEASON, { raceWeekNum, asOf: AFTER_ALL })).toEqual(
        await seasonFastestLaps(db.knex, SEASON, { raceWeekNum }),
      );
    }
    expect(await run(db.knex, seasonLapTimeGridStatement(SEASON, { asOf: AFTER_ALL }))).toEqual(
      await run(db.knex, seasonLapTimeGridStatement(SEASON)),
    );
    expect(await seasonCarTimes(db.knex, SEASON, { asOf: AFTER_ALL, sort: 'bestLap' })).toEqual(
      await seasonCarTimes(db.knex, SEASON, { sort: 'bestLap' }),
    );
  });

  it('counts only the races started before the instant', async () => {
    // Today driver 1 has won 5001, 5004 and 5005.
    expect(await board('race-wins')).toEqual([
      [1, 3, 4],
      [2, 1, 3],
      [4, 1, 1],
    ]);
    expect(await board('race-wins', MID_WEEK_1)).toEqual([
      [1, 2, 3],
      [2, 1, 2],
      [4, 1, 1],
    ]);
    // End of week 0: drivers 1 and 2 tie on one win; the lower customer id first.
    expect(await board('race-wins', at('2025-01-09T00:00:00Z'))).toEqual([
      [1, 1, 2],
      [2, 1, 2],
      [4, 1, 1],
    ]);
    // Only the 18:00 splits: 20:00 has not started yet.
    expect(await board('races', at('2025-01-08T20:00:00Z'))).toEqual([
      [1, 1, 1],
      [2, 1, 1],
      [3, 1, 1],
      [4, 1, 1],
      [5, 1, 1],
    ]);
    expect(await board('poles', at('2025-01-08T18:00:00Z'))).toEqual([]);
  });

  it('answers all four boards of an instant from one computation, as one by one', async () => {
    for (const instant of [MID_WEEK_1, at('2025-01-09T00:00:00Z'), AFTER_ALL]) {
      const all = await (
        await run(db.knex, seasonLeaderboardsAtStatement(SEASON, instant, 3))
      )(db.knex);
      for (const kind of LEADERBOARDS) {
        const one = await seasonLeaderboard(db.knex, SEASON, kind, { asOf: instant, limit: 3 });
        expect(all[kind], kind).toEqual(one.items);
      }
    }
  });

  it('keeps names and paging of the live leaderboard', async () => {
    const first = await seasonLeaderboard(db.knex, SEASON, 'races', { asOf: MID_WEEK_1, limit: 2 });
    const page = await seasonLeaderboard(db.knex, SEASON, 'races', {
      asOf: MID_WEEK_1,
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(page.items.map((e) => [e.rank, e.custId, e.displayName, e.value])).toEqual([
      [3, 3, 'Charles Leclerc', 2],
      [4, 4, 'Max Mustermann', 1],
    ]);
    expect(page.nextCursor).not.toBeNull();
  });

  it('shows the fastest laps and car times of the cut week as far as it had raced', async () => {
    const laps = await seasonFastestLaps(db.knex, SEASON, { asOf: MID_WEEK_1 });
    expect(
      laps.items.map((l) => [l.driver.custId, l.car.carName, l.lapTime, l.raceWeekNum]),
    ).toEqual([
      [1, expect.any(String), 1_380_000, 1],
      [3, expect.any(String), 1_385_000, 1],
    ]);
    const now = await seasonFastestLaps(db.knex, SEASON, {});
    expect(now.items[0]).toMatchObject({ lapTime: 1_379_000, driver: { custId: 1 } });

    const grid = await run(db.knex, seasonLapTimeGridStatement(SEASON, { asOf: MID_WEEK_1 }));
    const week1 = grid.filter((c) => c.raceWeekNum === 1);
    expect(week1).toHaveLength(1);
    expect(week1[0]).toMatchObject({
      entries: 2,
      drivers: 2,
      bestLap: { lapTime: 1_380_000, driver: { custId: 1 }, subsessionId: 5004 },
      averageBestLapTime: 1_382_500,
    });
    // The stats page's week alone: the cut week's rows of the grid.
    expect(
      await run(db.knex, seasonLapTimeGridStatement(SEASON, { asOf: MID_WEEK_1, lastWeek: true })),
    ).toEqual(week1);
    expect(
      await run(
        db.knex,
        seasonLapTimeGridStatement(SEASON, { asOf: at('2025-01-10T00:00:00Z'), lastWeek: true }),
      ),
    ).toEqual(
      await run(db.knex, seasonLapTimeGridStatement(SEASON, { asOf: at('2025-01-10T00:00:00Z') })),
    );
    expect(await run(db.knex, seasonLapTimeGridStatement(SEASON, { lastWeek: true }))).toEqual(
      (await run(db.knex, seasonLapTimeGridStatement(SEASON))).filter((c) => c.raceWeekNum === 1),
    );
    // Week 0 is complete at that instant: the same rows as today.
    expect(grid.filter((c) => c.raceWeekNum === 0)).toEqual(
      (await run(db.knex, seasonLapTimeGridStatement(SEASON))).filter((c) => c.raceWeekNum === 0),
    );
    // A week that had not begun has no laps.
    expect(
      (
        await seasonFastestLaps(db.knex, SEASON, {
          raceWeekNum: 1,
          asOf: at('2025-01-10T00:00:00Z'),
        })
      ).items,
    ).toEqual([]);
  });
});
