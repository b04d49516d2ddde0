import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination.ts';

describe('pageWindow', () => {
  it('shows every page when they fit', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first, last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageWindow(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageWindow(16, 20)).toEqual([1, 'gap', 15, 16, 17, 'gap', 20]);
    expect(pageWindow(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('always has the same number of slots, and a gap never hides just one page', () => {
    for (let page = 1; page <= 30; page++) {
      const slots = pageWindow(page, 30);
      expect(slots).toHaveLength(7);
      expect(slots).toContain(page);
      slots.forEach((slot, i) => {
        if (slot !== 'gap') return;
        const before = slots[i - 1] as number;
        const after = slots[i + 1] as number;
        expect(after - before).toBeGreaterThan(2);
      });
    }
  });

  it('clamps an out-of-range page', () => {
    expect(pageWindow(99, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageWindow(-3, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
});
