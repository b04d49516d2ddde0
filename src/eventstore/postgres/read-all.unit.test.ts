import { describe, expect, it } from 'vitest';
import { comparePositionTexts, decodePage, readAllStatement, type PageRow } from './read-all.ts';

const facts = ['5/9', false, null] as const;

describe('readAll page decoding (read-all.ts)', () => {
  it('decodes an empty page (aggregates over no rows are null) with its facts', () => {
    const row: PageRow = [0, null, null, null, null, '5/9', true, '4/2'];
    expect(decodePage(row)).toEqual({
      events: [],
      head: '5/9',
      heldBack: true,
      scanEnd: '4/2',
    });
  });

  it('decodes payload events column by column, one JSON array for all payloads', () => {
    const row: PageRow = [2, '3/7,10/2', ['A', 'B,C'], '1,2', '{"x":[1,2]} ,"s,t"', ...facts];
    expect(decodePage(row).events).toEqual([
      { type: 'A', data: { x: [1, 2] }, schemaVersion: 1, position: '3/7' },
      { type: 'B,C', data: 's,t', schemaVersion: 2, position: '10/2' },
    ]);
  });

  it('puts events back in log order should the aggregates ever come out of order', () => {
    const row: PageRow = [3, '10/1,9/5,10/0', ['A', 'B', 'C'], '1,1,1', '1,2,3', ...facts];
    expect(decodePage(row).events.map((e) => [e.position, e.data])).toEqual([
      ['9/5', 2],
      ['10/0', 3],
      ['10/1', 1],
    ]);
  });

  it('refuses a row whose columns disagree on the number of events', () => {
    const row: PageRow = [2, '1/1,1/2', ['A'], '1,1', '1,2', ...facts];
    expect(() => decodePage(row)).toThrow(/types has 1 items, not 2/);
  });

  it('compares position texts numerically, major first', () => {
    expect(comparePositionTexts('9/100', '10/1')).toBeLessThan(0);
    expect(comparePositionTexts('10/2', '10/10')).toBeLessThan(0);
    expect(comparePositionTexts('10/10', '10/10')).toBe(0);
    expect(comparePositionTexts('11/0', '10/99')).toBeGreaterThan(0);
  });

  it('writes page sizes into the SQL only as checked positive integers', () => {
    expect(() => readAllStatement('0/0' as never, 1.5, undefined, 1000)).toThrow(RangeError);
    expect(() => readAllStatement('0/0' as never, 10, ['A'], 0)).toThrow(RangeError);
    const s = readAllStatement('0/0' as never, 10, ['A'], 1000);
    expect(s.text).toContain('LIMIT 1000');
    expect(s.text).toContain('OFFSET 999');
    expect(s.values).toEqual(['0', '0', ['A']]);
  });
});
