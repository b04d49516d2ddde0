import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { seedRacingDataset } from './dataset.test-support.ts';
import { homeRacing } from './home.ts';

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
    const inFirst = await homeRacing(db.knex, LIMITS, new Date('2025-01-09T12:00:00Z'));
    const inSecond = await homeRacing(db.knex, LIMITS, new Date('2025-01-16T12:00:00Z'));
    const before = await homeRacing(db.knex, LIMITS, new Date('2025-01-01T12:00:00Z'));
    expect(inFirst.seriesWeeks.map((w) => w.startDate)).toContain('2025-01-07');
    expect(inSecond.seriesWeeks.map((w) => w.startDate)).toContain('2025-01-14');
    expect(inFirst.seriesWeeks.some((w) => w.running)).toBe(true);
    expect(before.seriesWeeks).toEqual([]);
  });
});
