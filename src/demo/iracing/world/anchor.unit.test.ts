import { describe, expect, it } from 'vitest';
import { buildSubsessionResult, createDemoWorld } from '../index.ts';
import { SMALL_WORLD } from '../small-world.test-support.ts';
import { DAY_MS, demoCalendarAt, seasonStartMs } from './calendar.ts';

describe('the demo calendar of a day', () => {
  it('makes the season of the day the last one, with the day’s week running', () => {
    // 2026 Season 4 starts on Tuesday 2026-09-15; Thursday 2026-11-26 lies in its 11th week.
    expect(seasonStartMs(2026, 4)).toBe(Date.UTC(2026, 8, 15));
    expect(demoCalendarAt('2026-11-26')).toEqual({
      lastSeason: { year: 2026, quarter: 4 },
      weeksRunInLastSeason: 11,
      cutoffMs: Date.UTC(2026, 10, 26),
    });
  });

  it('runs the whole season in its 13th week and starts the next on its first Tuesday', () => {
    // 2026 Season 4's break week: 2026-12-08 … 2026-12-14; 2027 Season 1 starts 2026-12-15.
    expect(demoCalendarAt('2026-12-10')).toEqual({
      lastSeason: { year: 2026, quarter: 4 },
      weeksRunInLastSeason: 12,
      cutoffMs: null,
    });
    expect(demoCalendarAt('2026-12-15')).toMatchObject({
      lastSeason: { year: 2027, quarter: 1 },
      weeksRunInLastSeason: 1,
    });
  });

  it('refuses what is not a day', () => {
    expect(() => demoCalendarAt('yesterday')).toThrow(RangeError);
  });
});

describe('a world anchored to a day', () => {
  const anchored = (day: string) =>
    createDemoWorld({ ...SMALL_WORLD, seasons: 1, ...demoCalendarAt(day) });

  it('races nothing after its "now", and the weeks before are those of the full-week world', () => {
    const world = anchored('2026-09-25'); // Friday of week 2 of 2026 Season 4
    expect(world.nowMs).toBe(Date.UTC(2026, 8, 25));
    world.simulation.advanceAll();
    const records = world.simulation.allRecords();
    expect(records.length).toBeGreaterThan(0);
    expect(Math.max(...records.map((r) => r.session.startMs))).toBeLessThan(world.nowMs);
    const running = records.filter((r) => r.session.startMs >= Date.UTC(2026, 8, 22));
    expect(running.length).toBeGreaterThan(0); // Tuesday to Thursday of the running week raced

    const full = createDemoWorld({
      ...SMALL_WORLD,
      seasons: 1,
      lastSeason: { year: 2026, quarter: 4 },
      weeksRunInLastSeason: 2,
    });
    full.simulation.advanceAll();
    const first = full.simulation.allRecords()[0]!;
    const same = world.simulation.record(first.subsessionId)!;
    expect(JSON.stringify(buildSubsessionResult(world, same))).toBe(
      JSON.stringify(buildSubsessionResult(full, first)),
    );
  });

  it('is the same world for the same day', () => {
    const a = anchored('2026-09-25');
    const b = anchored('2026-09-25');
    a.simulation.advanceAll();
    b.simulation.advanceAll();
    expect(b.simulation.subsessionCount).toBe(a.simulation.subsessionCount);
    expect(a.nowMs - a.seasons[0]!.startMs).toBe(10 * DAY_MS);
  });
});
