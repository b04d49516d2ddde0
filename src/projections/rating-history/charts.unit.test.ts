import { describe, expect, it } from 'vitest';
import type { DriverRatingHistoryData } from '../../events/racing/drivers.ts';
import { pointLines, pointsOf } from './charts.ts';

const charts: DriverRatingHistoryData[] = [
  {
    custId: 7,
    category: 'road',
    chart: 'irating',
    points: [
      { date: '2024-01-01', value: 1500 },
      { date: '2024-01-02', value: 1510 },
      { date: '2024-01-01', value: 1490 }, // listed twice: the later point wins
    ],
  },
  { custId: 8, category: 'oval', chart: 'license', points: [{ date: '2024-02-01', value: -3 }] },
  { custId: 9, category: 'dirt_road', chart: 'tt_rating', points: [] },
];

describe('rating history COPY lines', () => {
  it('hold exactly the points pointsOf gives, one tab-separated line each', () => {
    const fromRows = pointsOf(charts).map((p) =>
      [p.custId, p.category, p.chart, p.date, p.value].join('\t'),
    );
    const lines: string[] = [];
    pointLines(charts, (line) => lines.push(line));
    expect(lines.sort()).toEqual(fromRows.sort());
    expect(lines).toContain('7\troad\tirating\t2024-01-01\t1490');
    expect(lines).toHaveLength(3);
  });
});
