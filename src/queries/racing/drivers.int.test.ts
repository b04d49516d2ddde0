import { describe, expect, it } from 'vitest';
import { useRacingDatabase } from '../../projections/racing/testing.ts';
import { seedRacingDataset } from './dataset.test-support.ts';
import {
  compareDrivers,
  driverSubsessions,
  driverHeaderStatement,
  listDrivers,
  type DriverListItemDto,
} from './drivers.ts';
import { run } from '../../db/batch.ts';
import { searchDrivers } from './driver-search.ts';
import { encodeCursor, InvalidQueryError } from './paging.ts';

const db = useRacingDatabase({ seed: seedRacingDataset });

describe('driver queries', () => {
  it('lists a category by iRating, highest first, across keyset pages', async () => {
    const first = await listDrivers(db.knex, { category: 'sports_car', limit: 2 });
    expect(first.items.map((d) => [d.custId, d.license?.irating])).toEqual([
      [1, 3080],
      [2, 2860],
    ]);
    expect(first.items[0]?.license).toMatchObject({
      category: 'sports_car',
      licenseClass: 'B',
      licence: 'B 3.10',
    });
    const second = await listDrivers(db.knex, {
      category: 'sports_car',
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(second.items.map((d) => d.custId)).toEqual([3, 4]);
    const rest = await listDrivers(db.knex, {
      category: 'sports_car',
      limit: 100,
      cursor: second.nextCursor,
    });
    expect(rest.items.map((d) => d.custId)).toEqual([5, 6]);
    expect(rest.nextCursor).toBeNull();
  });

  it('lists drivers by name and rejects cursors and limits it did not issue', async () => {
    const page = await listDrivers(db.knex, { sort: 'name', category: 'sports_car', limit: 3 });
    expect(page.items[0]).toMatchObject({
      displayName: 'Charles Leclerc',
      license: { irating: 2620 },
    });
    // Fixture drivers have no sports-car licence: listed by name all the same.
    expect(page.items[1]?.license).toBeNull();
    const next = await listDrivers(db.knex, { sort: 'name', limit: 3, cursor: page.nextCursor });
    const names = [...page.items, ...next.items].map((d) => d.custId);
    expect(new Set(names).size).toBe(6);
    await expect(listDrivers(db.knex, { cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(
      InvalidQueryError,
    );
    await expect(listDrivers(db.knex, { limit: 101 })).rejects.toThrow(/limit/);
    await expect(listDrivers(db.knex, { category: 'karting' })).rejects.toThrow(/category/);
  });

  it('lists in the other direction and of one country, across keyset pages', async () => {
    const down = await listDrivers(db.knex, { limit: 100 });
    const up = await listDrivers(db.knex, { direction: 'asc', limit: 4 });
    expect(up.items.map((d) => d.custId)).toEqual([6, 5, 4, 3]);
    const upRest = await listDrivers(db.knex, {
      direction: 'asc',
      limit: 4,
      cursor: up.nextCursor,
    });
    expect([...up.items, ...upRest.items].map((d) => d.custId)).toEqual(
      down.items.map((d) => d.custId).reverse(),
    );
    expect(upRest.nextCursor).toBeNull();
    // Drivers 1..6 race as DE; the fixture drivers come from elsewhere and hold no sports-car iRating.
    const german = await listDrivers(db.knex, { country: 'de' });
    expect(german.items.map((d) => d.custId)).toEqual(down.items.map((d) => d.custId));
    expect((await listDrivers(db.knex, { country: 'CZ' })).items).toEqual([]);
    const czechByName = await listDrivers(db.knex, { sort: 'name', country: 'cz' });
    expect(czechByName.items.map((d) => [d.custId, d.countryCode])).toEqual([[31214, 'CZ']]);
    const zToA = await listDrivers(db.knex, { sort: 'name', direction: 'desc', country: 'DE' });
    expect(zToA.items.map((d) => d.displayName).slice(0, 5)).toEqual([
      'Oscar Piastri',
      'Maxime Martin',
      'Max Verstappen',
      'Max Mustermann',
      'Lando Norris',
    ]);
    expect(zToA.items.every((d) => d.countryCode === 'DE')).toBe(true);
  });

  it('refuses a cursor of one direction for the other; a cursor without one is the natural direction', async () => {
    const up = await listDrivers(db.knex, { direction: 'asc', limit: 2 });
    await expect(listDrivers(db.knex, { cursor: up.nextCursor })).rejects.toThrow(/cursor/);
    const byName = await listDrivers(db.knex, { sort: 'name', limit: 2 });
    await expect(
      listDrivers(db.knex, { sort: 'name', direction: 'desc', cursor: byName.nextCursor }),
    ).rejects.toBeInstanceOf(InvalidQueryError);
    const undirected = encodeCursor({ i: 2860, c: 2 });
    const next = await listDrivers(db.knex, { limit: 2, cursor: undirected });
    expect(next.items.map((d) => d.custId)).toEqual([3, 4]);
    await expect(
      listDrivers(db.knex, { direction: 'asc', cursor: undirected }),
    ).rejects.toBeInstanceOf(InvalidQueryError);
    await expect(listDrivers(db.knex, { sort: 'rating' as never })).rejects.toThrow(/sort/);
  });

  it('sorts by safety rating, licence, starts and wins through keyset pages in both directions', async () => {
    const all = async (params: Parameters<typeof listDrivers>[1]) => {
      const items = [];
      let cursor: string | null = null;
      do {
        const page = await listDrivers(db.knex, { ...params, limit: 2, cursor });
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return items;
    };
    const keys = {
      safety_rating: (d: DriverListItemDto) => [d.license?.safetyRating ?? -1],
      licence: (d: DriverListItemDto) => [
        d.license?.licenseLevel ?? -1,
        d.license?.safetyRating ?? -1,
      ],
      starts: (d: DriverListItemDto) => [d.starts],
      wins: (d: DriverListItemDto) => [d.wins],
    } as const;
    const compare = (a: number[], b: number[]) => {
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
      return 0;
    };
    for (const sort of ['safety_rating', 'licence', 'starts', 'wins'] as const) {
      const down = await all({ category: 'sports_car', sort });
      expect(down.length).toBeGreaterThan(1);
      const expected = [...down].sort(
        (a, b) => compare(keys[sort](b), keys[sort](a)) || b.custId - a.custId,
      );
      expect(down.map((d) => d.custId)).toEqual(expected.map((d) => d.custId));
      const up = await all({ category: 'sports_car', sort, direction: 'asc' });
      expect(up.map((d) => d.custId)).toEqual([...expected].reverse().map((d) => d.custId));
    }
    const starters = await all({ category: 'sports_car', sort: 'starts' });
    expect(starters.every((d) => d.starts > 0)).toBe(true);
  });

  it('filters by licence class', async () => {
    const everyone = await listDrivers(db.knex, { category: 'sports_car', limit: 100 });
    const classes = [...new Set(everyone.items.map((d) => d.license?.licenseClass))];
    expect(classes.length).toBeGreaterThan(0);
    for (const letter of classes) {
      const only = await listDrivers(db.knex, {
        category: 'sports_car',
        licenceClass: letter as 'A',
        limit: 100,
      });
      expect(only.items.length).toBe(
        everyone.items.filter((d) => d.license?.licenseClass === letter).length,
      );
      for (const sort of ['irating', 'licence', 'starts', 'name'] as const) {
        const sorted = await listDrivers(db.knex, {
          category: 'sports_car',
          licenceClass: letter as 'A',
          sort,
          limit: 100,
        });
        expect(sorted.items.every((d) => d.license?.licenseClass === letter)).toBe(true);
      }
    }
  });

  it('searches names by fragment, word prefix, exact name and customer id', async () => {
    const max = await searchDrivers(db.knex, { q: 'max' });
    expect(max.map((h) => h.displayName)).toEqual([
      'Max Mustermann',
      'Max Verstappen',
      'Maxime Martin',
    ]);
    expect(max[1]?.licenses.map((l) => l.category)).toEqual(['oval', 'sports_car']);
    expect((await searchDrivers(db.knex, { q: 'pen' })).map((h) => h.custId)).toEqual([1]);
    // Two letters: names with a word starting "ma" (Martin, Max, Maxime), not "Norris" or "Piastri".
    expect((await searchDrivers(db.knex, { q: 'ma' })).map((h) => h.custId).sort()).toEqual([
      1, 4, 6,
    ]);
    expect((await searchDrivers(db.knex, { q: '  lando   NORRIS ' }))[0]).toMatchObject({
      custId: 2,
    });
    expect((await searchDrivers(db.knex, { q: '147876' }))[0]).toMatchObject({
      custId: 147876,
      displayName: 'Driver 147876',
    });
    expect(await searchDrivers(db.knex, { q: '100%' })).toEqual([]);
    await expect(searchDrivers(db.knex, { q: '   ' })).rejects.toThrow(/q must not be empty/);
  });

  it('ranks a name start before a later word start, and bounds the hits by limit', async () => {
    // "mar": Martin is a later word of "Maxime Martin"; no name starts with it.
    expect((await searchDrivers(db.knex, { q: 'mar' })).map((h) => h.custId)).toEqual([6]);
    const le = await searchDrivers(db.knex, { q: 'le' });
    expect(le.map((h) => h.displayName)).toEqual(['Charles Leclerc']);
    expect(await searchDrivers(db.knex, { q: 'ma', limit: 2 })).toHaveLength(2);
    await expect(searchDrivers(db.knex, { q: 'max', limit: 26 })).rejects.toThrow(/limit/);
    await expect(searchDrivers(db.knex, { q: 'max', limit: 0 })).rejects.toBeInstanceOf(
      InvalidQueryError,
    );
  });

  it('compares drivers with licences and career totals, naming unknown ids', async () => {
    const cmp = await compareDrivers(db.knex, [2, 1, 999]);
    expect(cmp.missing).toEqual([999]);
    expect(cmp.drivers.map((d) => d.custId)).toEqual([2, 1]);
    expect(cmp.drivers[1]?.career).toEqual([
      {
        category: 'sports_car',
        starts: 4,
        wins: 3,
        poles: 4,
        topFives: 4,
        laps: 80,
        lapsLed: 0,
        incidents: 0,
        winRate: 0.75,
        incidentsPerRace: 0,
      },
    ]);
  });

  it('heads a profile with the driver and percentile ranks; null for an unknown driver', async () => {
    const p = await run(db.knex, driverHeaderStatement(1));
    expect(p).toMatchObject({ displayName: 'Max Verstappen', memberSince: '2015-03-01' });
    // Driver 1 has the best sports-car iRating: 5 of 6 rated drivers are in lower buckets.
    expect(p?.iratingPercentiles).toContainEqual({ category: 'sports_car', percentile: 83.3 });
    expect(await run(db.knex, driverHeaderStatement(424242))).toBeNull();
  });

  it('pages a driver’s races newest first with the rating change', async () => {
    const first = await driverSubsessions(db.knex, 1, { limit: 2 });
    expect(first?.items.map((s) => [s.subsessionId, s.finishPosition, s.iratingChange])).toEqual([
      [5005, 1, 1080],
      [5004, 1, 1050],
    ]);
    expect(first?.items[0]).toMatchObject({
      seriesName: 'Pitwall GT Sprint',
      car: { carId: 173, carName: 'Ferrari 296 GT3' },
      fieldSize: 2,
    });
    const next = await driverSubsessions(db.knex, 1, { limit: 2, cursor: first?.nextCursor });
    expect(next?.items.map((s) => s.subsessionId)).toEqual([5003, 5001]);
    expect(next?.nextCursor).toBeNull();
    expect(await driverSubsessions(db.knex, 424242)).toBeNull();
  });
});
