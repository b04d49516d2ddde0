import { describe, expect, it } from 'vitest';
import { useRacingDatabase } from '../../projections/racing/testing.ts';
import { seedRacingDataset } from './dataset.test-support.ts';
import { listDrivers } from './drivers.ts';
import { listDriversAt, type ListDriversAtParams } from './drivers-as-of.ts';
import { InvalidQueryError } from './paging.ts';
import { COUNTS_AS_START_SQL } from '../../projections/racing/rebuild-sql.ts';

/**
 * The driver list at a race time on the query dataset: sports car races on 2025-01-08 at 18:00
 * (5001: drivers 1, 2, 3 → 3000, 2800, 2600; 5002: 4, 5 → 1600, 1500) and 20:00 (5003: 2, 1, 6
 * → 2850, 2990, 1400), on 2025-01-15 at 18:00 (5004: 1, 3 → 3050, 2620) and 20:00 (5005: 1, 2
 * → 3080, 2860).
 */

const db = useRacingDatabase({ seed: seedRacingDataset });

const at = (instant: string, more: Partial<ListDriversAtParams> = {}) =>
  listDriversAt(db.knex, { category: 'sports_car', at: instant, ...more });
const ratings = (page: Awaited<ReturnType<typeof listDriversAt>>) =>
  page.items.map((d) => [d.custId, d.license?.irating ?? null, d.starts, d.wins]);

describe('the driver list at a race time', () => {
  it('ranks the ratings valid at the instant, with starts and wins up to it', async () => {
    expect(ratings(await at('2025-01-08T19:00:00Z'))).toEqual([
      [1, 3000, 1, 1],
      [2, 2800, 1, 0],
      [3, 2600, 1, 0],
      [4, 1600, 1, 1],
      [5, 1500, 1, 0],
    ]);
    expect(ratings(await at('2025-01-09T00:00:00Z'))).toEqual([
      [1, 2990, 2, 1],
      [2, 2850, 2, 1],
      [3, 2600, 1, 0],
      [4, 1600, 1, 1],
      [5, 1500, 1, 0],
      [6, 1400, 1, 0],
    ]);
    // A race starting exactly at the instant does not count yet.
    expect((await at('2025-01-08T18:00:00Z')).items).toEqual([]);
  });

  it('counts the starts and wins before any instant, early or late in the data', async () => {
    // Every start's instant and the millisecond after it, from the dataset's first races (2022:
    // counted up to the instant) to its last (counted as the totals minus the starts since).
    const starts = await db.knex.raw<{ rows: { t: Date }[] }>(
      'SELECT DISTINCT start_time AS t FROM racing_results ORDER BY 1',
    );
    const instants = starts.rows.flatMap(({ t }) => [t, new Date(t.getTime() + 1)]);
    expect(instants.length).toBeGreaterThan(10);
    const checked = { early: 0, late: 0 };
    const [first, last] = [instants[0]!.getTime(), instants.at(-1)!.getTime()];
    for (const category of ['sports_car', 'road', 'formula_car'] as const) {
      for (const t of instants) {
        const items = [];
        let cursor: string | null = null;
        do {
          const page = await at(t.toISOString(), { category, sort: 'name', limit: 100, cursor });
          items.push(...page.items);
          cursor = page.nextCursor;
        } while (cursor !== null);
        const counted = await db.knex.raw<{ rows: { cust_id: number; n: number; w: number }[] }>(
          `SELECT r.cust_id, count(*)::int AS n,
                  (count(*) FILTER (WHERE r.finish_position_in_class = 1))::int AS w
             FROM racing_results r JOIN racing_subsessions s ON s.subsession_id = r.subsession_id
            WHERE r.start_time < ? AND s.category = ? AND ${COUNTS_AS_START_SQL}
            GROUP BY r.cust_id`,
          [t, category],
        );
        const expected = new Map(counted.rows.map((r) => [r.cust_id, [r.n, r.w]]));
        for (const d of items) {
          expect([d.starts, d.wins], `${category} ${t.toISOString()} ${d.custId}`).toEqual(
            expected.get(d.custId) ?? [0, 0],
          );
        }
        checked[t.getTime() - first < last - t.getTime() ? 'early' : 'late'] += 1;
      }
    }
    expect(checked.early).toBeGreaterThan(0);
    expect(checked.late).toBeGreaterThan(0);
  });

  it('equals the list of today after the last race', async () => {
    for (const sort of ['irating', 'safety_rating', 'licence', 'name'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const now = await listDrivers(db.knex, { category: 'sports_car', sort, direction });
        const then = await at('2030-01-01T00:00:00Z', { sort, direction });
        expect(then.items, `${sort} ${direction}`).toEqual(now.items);
      }
    }
  });

  it('pages by its own cursors and refuses others', async () => {
    const first = await at('2025-01-09T00:00:00Z', { limit: 4 });
    const second = await at('2025-01-09T00:00:00Z', { limit: 4, cursor: first.nextCursor });
    expect([...first.items, ...second.items].map((d) => d.custId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(second.nextCursor).toBeNull();
    await expect(
      at('2025-01-10T00:00:00Z', { limit: 4, cursor: first.nextCursor }),
    ).rejects.toBeInstanceOf(InvalidQueryError);
    const today = await listDrivers(db.knex, { category: 'sports_car', limit: 2 });
    await expect(at('2025-01-09T00:00:00Z', { cursor: today.nextCursor })).rejects.toBeInstanceOf(
      InvalidQueryError,
    );
    await expect(at('2025-01-09T00:00:00Z', { sort: 'starts' })).rejects.toThrow(/not available/);
  });

  it('lists every driver by name, with the licence each held then', async () => {
    const page = await at('2025-01-08T19:00:00Z', { sort: 'name', limit: 100 });
    const rated = page.items.filter((d) => d.license !== null);
    expect(rated.map((d) => [d.custId, d.license?.irating])).toContainEqual([3, 2600]);
    // Only the sports car ratings of the 18:00 races exist then; the fixtures' drivers have none.
    for (const d of rated) expect([3000, 2800, 2600, 1600, 1500]).toContain(d.license?.irating);
    const names = page.items.map((d) => d.displayName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});
