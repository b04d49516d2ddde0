import { describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  InvalidQueryError,
  isTimeKey,
  keysetPage,
  offsetOf,
  offsetPage,
  pageLimit,
} from './paging.ts';

describe('racing query paging', () => {
  it('defaults the limit to 25 and refuses limits outside 1..100', () => {
    expect(pageLimit(undefined)).toBe(25);
    expect(pageLimit(100)).toBe(100);
    expect(() => pageLimit(0)).toThrow(InvalidQueryError);
    expect(() => pageLimit(101)).toThrow(/1 to 100/);
    expect(() => pageLimit(2.5)).toThrow(InvalidQueryError);
  });

  it('round-trips cursors and rejects ones it did not issue', () => {
    const isKey = (v: unknown): v is { a: number } => typeof (v as { a?: unknown })?.a === 'number';
    expect(decodeCursor(encodeCursor({ a: 7 }), isKey)).toEqual({ a: 7 });
    expect(() => decodeCursor('%%%', isKey)).toThrow(InvalidQueryError);
    expect(() => decodeCursor(encodeCursor({ b: 1 }), isKey)).toThrow(/cursor/);
    expect(offsetOf({})).toBe(0);
    expect(() => offsetOf({ cursor: encodeCursor({ o: -5 }) })).toThrow(InvalidQueryError);
  });

  it('accepts a (start time, subsession id) key only with a parseable time and an integer id', () => {
    expect(isTimeKey({ t: '2025-01-15T20:00:00.000Z', s: 5005 })).toBe(true);
    expect(isTimeKey({ t: 'yesterday', s: 5005 })).toBe(false);
    expect(isTimeKey({ t: '2025-01-15T20:00:00.000Z', s: 1.5 })).toBe(false);
    expect(isTimeKey(null)).toBe(false);
  });

  it('says there is more only when the extra row came back', () => {
    const ranked = offsetPage([10, 11, 12], 2, 40, (v, i) => ({ v, rank: i + 1 }));
    expect(ranked.items).toEqual([
      { v: 10, rank: 41 },
      { v: 11, rank: 42 },
    ]);
    expect(offsetOf({ cursor: ranked.nextCursor })).toBe(42);
    expect(offsetPage([1], 2, 0, (v) => v).nextCursor).toBeNull();
    const keyed = keysetPage(
      [{ id: 3 }, { id: 2 }, { id: 1 }],
      2,
      (r) => r.id,
      (r) => r.id,
    );
    expect(keyed.items).toEqual([3, 2]);
    expect(decodeCursor(keyed.nextCursor!, (v): v is number => typeof v === 'number')).toBe(2);
  });
});
