import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { batch, statement } from '../../db/batch.ts';
import type { RacingCategory } from '../../events/racing/common.ts';
import { CAREER_COUNTERS, DRIVER_TOTALS_TABLE } from '../../projections/driver-career/tables.ts';
import {
  DRIVER_LICENSES_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKETS_TABLE,
} from '../../projections/drivers/tables.ts';
import { useRacingDatabase } from '../../projections/racing/testing.ts';
import { categorySql, defaultCategory, type CategoryChoice } from './compared-category.ts';
import { driverCareersStatement } from './driver-profile.ts';
import { comparedDriversStatement, iratingBucketsStatement } from './drivers.ts';

/**
 * A comparison's statements decide its default category in SQL (categorySql), the page decides
 * it in JavaScript from the careers and licences it reads (defaultCategory): both must pick the
 * same for every driver, whatever careers and licences the driver has.
 */

/** Drivers 1..n: [careers as [category, starts]], [licences as [category, irating]]. */
const DRIVERS: [[string, number][], [string, number | null][]][] = [
  [[['road', 10]], []],
  [
    [
      ['oval', 5],
      ['road', 12],
      ['dirt_oval', 12],
    ],
    [['formula_car', 1500]],
  ],
  [[['oval', 0]], [['road', 1200]]],
  [
    [],
    [
      ['sports_car', null],
      ['road', null],
      ['oval', 900],
      ['dirt_road', 1100],
    ],
  ],
  [[], [['formula_car', null]]],
  [[], []],
  [
    [
      ['formula_car', 3],
      ['sports_car', 3],
    ],
    [['oval', 2000]],
  ],
];

const db = useRacingDatabase({ seed: seedDrivers });

async function seedDrivers(knex: Knex): Promise<void> {
  const at = new Date('2025-01-01T00:00:00Z');
  await knex(DRIVERS_TABLE).insert(
    DRIVERS.map((_, i) => ({ cust_id: i + 1, display_name: `Driver ${i + 1}`, name_as_of: at })),
  );
  const counters = (starts: number) =>
    Object.fromEntries(CAREER_COUNTERS.map((c) => [c, c === 'starts' ? starts : 0]));
  const totals = DRIVERS.flatMap(([careers], i) =>
    careers.map(([category, starts]) => ({ cust_id: i + 1, category, ...counters(starts) })),
  );
  await knex(DRIVER_TOTALS_TABLE).insert(totals);
  const licences = DRIVERS.flatMap(([, held], i) =>
    held.map(([category, irating]) => ({ cust_id: i + 1, category, irating, as_of: at })),
  );
  await knex(DRIVER_LICENSES_TABLE).insert(licences);
  await knex(IRATING_BUCKETS_TABLE).insert(
    ['road', 'oval'].flatMap((category) =>
      [800, 900, 1000, 1100, 1200].map((bucket_start, i) => ({
        category,
        bucket_start,
        drivers: category === 'road' ? i + 1 : 2,
      })),
    ),
  );
}

/** The category `choice` makes a statement read (SQL). */
const chosen = (choice: CategoryChoice) => {
  const c = categorySql(choice);
  return statement<{ category: string }, string>(
    `SELECT ${c.sql} AS category`,
    c.bindings,
    (rows) => rows[0]!.category,
  );
};

describe("a comparison's default category", () => {
  it('is the same decided in SQL and from the careers and licences read beside it', async () => {
    const picked: string[] = [];
    for (let id = 1; id <= DRIVERS.length; id++) {
      const [careers, { drivers }, inSql] = await batch(
        db.knex,
        [driverCareersStatement([id]), comparedDriversStatement([id]), chosen({ defaultFor: id })],
        { oneSnapshot: true },
      );
      const inJs = defaultCategory(careers.get(id)!, drivers[0]!.licenses);
      expect(inSql, `driver ${id}`).toBe(inJs);
      picked.push(inJs);
    }
    // Most starts (ties by name), else the first rated licence by name, else sports_car.
    expect(picked).toEqual([
      'road',
      'dirt_oval',
      'road',
      'dirt_road',
      'sports_car',
      'sports_car',
      'formula_car',
    ]);
  });

  it('is the one named when the URL names one', async () => {
    expect(await batch(db.knex, [chosen({ named: 'oval' })])).toEqual(['oval']);
    expect(() => categorySql({ named: 'hovercraft' as RacingCategory })).toThrow(/category/);
  });

  it("ranks an iRating among the chosen category's drivers", async () => {
    // Driver 3's default is road: 15 drivers in road's buckets, 1 + 2 + 3 wholly below 1150.
    const [rank] = await batch(db.knex, [iratingBucketsStatement({ defaultFor: 3 })]);
    expect(rank(1150)).toBe(40);
    expect(rank(799)).toBe(0);
    const [oval] = await batch(db.knex, [iratingBucketsStatement({ named: 'oval' })]);
    expect(oval(1000)).toBe(40);
    const [none] = await batch(db.knex, [iratingBucketsStatement({ named: 'dirt_road' })]);
    expect(none(5000)).toBe(0);
  });
});
