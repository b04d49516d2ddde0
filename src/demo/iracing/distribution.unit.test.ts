import { beforeAll, describe, expect, it } from 'vitest';
import { LICENCE_CATEGORIES } from './catalog/categories.ts';
import { SERIES } from './catalog/series.ts';
import { createDemoWorld, type DemoWorld } from './index.ts';
import { median } from './small-world.test-support.ts';

/** Shown iRatings of one category, over members who have raced it. */
function iratings(world: DemoWorld, column: number): number[] {
  const { drivers } = world;
  const out: number[] = [];
  for (let i = 0; i < drivers.count; i++) {
    const cell = i * LICENCE_CATEGORIES.length + column;
    if ((drivers.starts[cell] as number) > 0) out.push(drivers.irating[cell] as number);
  }
  return out;
}

describe('demo world distributions (5,000 members, the embedded default)', () => {
  let world: DemoWorld;
  beforeAll(() => {
    world = createDemoWorld({ drivers: 5000, seasons: 1, weeksRunInLastSeason: 4 });
    world.simulation.advanceAll();
  });

  it('puts the median iRating of every category between 1400 and 1700', () => {
    for (let column = 0; column < LICENCE_CATEGORIES.length; column++) {
      const m = median(iratings(world, column));
      expect(m, LICENCE_CATEGORIES[column]?.key).toBeGreaterThanOrEqual(1400);
      expect(m, LICENCE_CATEGORIES[column]?.key).toBeLessThanOrEqual(1700);
    }
  });

  it('has a long right tail: a few members above 5000, very few, none absurd', () => {
    const all = LICENCE_CATEGORIES.flatMap((_, column) => iratings(world, column));
    const above5000 = all.filter((ir) => ir > 5000).length / all.length;
    const p99 = [...all].sort((a, b) => a - b)[Math.floor(all.length * 0.99)] as number;
    expect(above5000).toBeGreaterThan(0);
    expect(above5000).toBeLessThan(0.01);
    expect(p99).toBeGreaterThan(3200);
    expect(Math.max(...all)).toBeLessThan(13000);
    expect(Math.min(...all)).toBeGreaterThan(0);
  });

  it('represents every licence category, every licence class up to A, and races in every series', () => {
    const { drivers } = world;
    for (let column = 0; column < LICENCE_CATEGORIES.length; column++) {
      const groups = new Set<number>();
      for (let i = 0; i < drivers.count; i++) {
        const cell = i * LICENCE_CATEGORIES.length + column;
        if ((drivers.starts[cell] as number) > 0) groups.add(drivers.group[cell] as number);
      }
      expect([...groups].sort(), LICENCE_CATEGORIES[column]?.key).toEqual(
        expect.arrayContaining([1, 2, 3, 4, 5]),
      );
    }
    const raced = new Set(
      world.simulation.allRecords().map((r) => r.session.seriesSeason.series.seriesId),
    );
    expect([...raced].sort()).toEqual(SERIES.map((s) => s.seriesId).sort());
  });

  it('keeps safety ratings within 0.00–4.99 with most members between 1.5 and 4.5', () => {
    const subLevels = Array.from(world.drivers.subLevel);
    expect(Math.min(...subLevels)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...subLevels)).toBeLessThanOrEqual(499);
    const middle = subLevels.filter((s) => s >= 150 && s <= 450).length / subLevels.length;
    expect(middle).toBeGreaterThan(0.8);
  });

  it('fills fields: splits at busy slots, and most races between 8 and the field cap', () => {
    const records = world.simulation.allRecords();
    const sizes = records.map((r) => r.entrants.length);
    const inRange = records.filter(
      (r) => r.entrants.length >= 8 && r.entrants.length <= r.session.seriesSeason.series.fieldCap,
    );
    expect(inRange.length / records.length).toBeGreaterThan(0.7);
    expect(records.some((r) => r.session.subsessionIds.length > 1)).toBe(true);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(Math.max(...SERIES.map((s) => s.fieldCap)));
  });

  it('runs about racesPerDriverPerWeek races per member and week (what makes 100,000 members ≥ 1M rows)', () => {
    const perMemberWeek = world.simulation.raceRows / (world.drivers.count * world.totalWeeks);
    // 100,000 members × 22 weeks (the default 2 seasons) × 0.46 = 1.01M.
    expect(perMemberWeek).toBeGreaterThan(0.46);
    expect(perMemberWeek).toBeLessThan(world.options.racesPerDriverPerWeek * 1.2);
  });

  it('gives split 1 the highest strength of field of its session', () => {
    const sessions = new Map<number, number[]>();
    for (const r of world.simulation.allRecords())
      sessions.set(r.session.sessionId, r.session.sofs);
    const multi = [...sessions.values()].filter((sofs) => sofs.length > 1);
    expect(multi.length).toBeGreaterThan(0);
    for (const sofs of multi) expect(sofs).toEqual([...sofs].sort((a, b) => b - a));
  });
});
