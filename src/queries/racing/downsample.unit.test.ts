import { describe, expect, it } from 'vitest';
import { downsamplePoints } from './downsample.ts';

interface P {
  t: number;
  a: number | null;
  b: number | null;
}
const time = (p: P) => p.t;
const values = [(p: P) => p.a, (p: P) => p.b];

describe('downsamplePoints', () => {
  it('keeps a short series whole', () => {
    const points = Array.from({ length: 50 }, (_, t) => ({ t, a: t, b: null }));
    expect(downsamplePoints(points, time, values, 50)).toEqual(points);
  });

  it('keeps original points in order: the first, the last and the extremes of each value', () => {
    const points: P[] = Array.from({ length: 1000 }, (_, t) => ({
      t,
      a: t === 400 ? 9000 : 1500 + (t % 7),
      b: t === 700 ? 0.5 : 3 + (t % 5) / 100,
    }));
    const kept = downsamplePoints(points, time, values, 100);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept.length).toBeLessThanOrEqual(200);
    for (const p of kept) expect(points[p.t]).toBe(p);
    expect(kept.map((p) => p.t)).toEqual([...kept.map((p) => p.t)].sort((x, y) => x - y));
    const times = new Set(kept.map((p) => p.t));
    for (const t of [0, 400, 700, 999]) expect(times.has(t)).toBe(true);
  });

  it('chooses each value among the points where it is not null', () => {
    const points: P[] = Array.from({ length: 600 }, (_, t) => ({
      t,
      a: t % 2 === 0 ? 1000 + t : null,
      b: t % 2 === 1 ? t / 100 : null,
    }));
    const kept = downsamplePoints(points, time, values, 40);
    expect(kept.filter((p) => p.a !== null).length).toBe(40);
    expect(kept.filter((p) => p.b !== null).length).toBe(40);
  });
});
