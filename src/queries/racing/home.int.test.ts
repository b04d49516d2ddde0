import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { seedRacingDataset } from './dataset.test-support.ts';
import { run } from '../../db/batch.ts';
import { homeRacingStatement } from './home.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedRacingDataset(db.knex);
});

afterAll(async () => {
  await db?.drop();
});

const LIMITS = { topDrivers: 5, notableRaces: 5, seriesWeeks: 5 };

describe('homeRacing', () => {
  it("reads this week of each season on the caller's clock, not the database's", async () => {
    // The dataset's season has weeks starting 2025-01-07 and 2025-01-14.
    const inFirst = await run(
      db.knex,
      homeRacingStatement(LIMITS, new Date('2025-01-09T12:00:00Z')),
    );
    const inSecond = await run(
      db.knex,
      homeRacingStatement(LIMITS, new Date('2025-01-16T12:00:00Z')),
    );
    const before = await run(
      db.knex,
      homeRacingStatement(LIMITS, new Date('2025-01-01T12:00:00Z')),
    );
    expect(inFirst.seriesWeeks.map((w) => w.startDate)).toContain('2025-01-07');
    expect(inSecond.seriesWeeks.map((w) => w.startDate)).toContain('2025-01-14');
    expect(inFirst.seriesWeeks.some((w) => w.running)).toBe(true);
    expect(before.seriesWeeks).toEqual([]);
  });

  it('reads the top drivers of a past instant in the categories of today', async () => {
    const limits = { ...LIMITS, topDrivers: 2 };
    const now = new Date('2025-02-01T12:00:00Z');
    const top = async (at: string | null) =>
      (await run(db.knex, homeRacingStatement(limits, now, at))).topDrivers.map(
        (t): [string, [number, string, number][]] => [
          t.category,
          t.drivers.map((d) => [d.custId, d.displayName, d.irating]),
        ],
      );
    const today = await top(null);
    const past = await top('2025-01-09T00:00:00Z');
    // The same categories in the same order; each one's drivers as rated at the instant.
    expect(past.map(([c]) => c)).toEqual(today.map(([c]) => c));
    expect(past).toContainEqual([
      'sports_car',
      [
        [1, 'Max Verstappen', 2990],
        [2, 'Lando Norris', 2850],
      ],
    ]);
    // Driver 1's oval licence comes from a profile observed on 2024-12-01.
    expect(past.find(([c]) => c === 'oval')?.[1]).toEqual([[1, 'Max Verstappen', 1350]]);
    // Before the season's first race its category lists nobody; before any rating, none does.
    expect((await top('2024-01-01T00:00:00Z')).find(([c]) => c === 'sports_car')?.[1]).toEqual([]);
    const before = await top('2020-01-01T00:00:00Z');
    expect(before.map(([c]) => c)).toEqual(today.map(([c]) => c));
    expect(before.every(([, drivers]) => drivers.length === 0)).toBe(true);
    // The races and the weeks are today's whatever the instant.
    const [now1, then1] = await Promise.all([
      run(db.knex, homeRacingStatement(limits, now)),
      run(db.knex, homeRacingStatement(limits, now, '2025-01-09T00:00:00Z')),
    ]);
    expect(then1.notableRaces).toEqual(now1.notableRaces);
    expect(then1.seriesWeeks).toEqual(now1.seriesWeeks);
  });
});
