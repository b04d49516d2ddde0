import { describe, expect, it } from 'vitest';
import { raceSeries } from './race-history.ts';

describe('raceSeries', () => {
  it('links each point to its subsession and labels it "Series · Track" from the page’s names', () => {
    const history = {
      at: [1000, 2000, 3000],
      subsessionId: [11, 12, 13],
      series: [0, 0, 3],
      track: [1, 2, 1],
    };
    const names = ['GT3', 'Spa', 'Monza', 'IMSA'];
    const series = raceSeries('Ana Silva', history, [1350, null, 1402], names);
    expect(series.name).toBe('Ana Silva');
    expect(series.at).toBe(history.at);
    expect(series.values).toEqual([1350, null, 1402]);
    expect([0, 1, 2].map((i) => series.href!(i))).toEqual([
      '/subsessions/11',
      '/subsessions/12',
      '/subsessions/13',
    ]);
    expect([0, 1, 2].map((i) => series.label!(i))).toEqual([
      'GT3 · Spa',
      'GT3 · Monza',
      'IMSA · Spa',
    ]);
  });
});
