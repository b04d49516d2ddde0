import { describe, expect, it } from 'vitest';
import type { DriverRatingHistoryData } from '../../events/racing/drivers.ts';
import { chartLine, chartRow } from './charts.ts';

const chart = (points: DriverRatingHistoryData['points']): DriverRatingHistoryData => ({
  custId: 7,
  category: 'road',
  chart: 'irating',
  points,
});

describe('rating history chart rows', () => {
  it('keep the points ascending by date, a date listed twice keeping its later point', () => {
    const row = chartRow(
      chart([
        { date: '2024-01-02', value: 1510 },
        { date: '2024-01-01', value: 1500 },
        { date: '2024-01-03', value: 1520 },
        { date: '2024-01-01', value: 1490 },
      ]),
    );
    expect(row).toEqual({
      custId: 7,
      category: 'road',
      chart: 'irating',
      dates: ['2024-01-01', '2024-01-02', '2024-01-03'],
      values: [1490, 1510, 1520],
    });
  });

  it('take an ordered chart as it is, and store nothing for an empty one', () => {
    const points = [
      { date: '2024-01-01', value: 1500 },
      { date: '2024-02-01', value: -3 },
    ];
    expect(chartRow(chart(points))).toMatchObject({
      dates: ['2024-01-01', '2024-02-01'],
      values: [1500, -3],
    });
    expect(chartRow(chart([]))).toBeNull();
  });

  it('become one COPY text line with array literals', () => {
    const row = chartRow(
      chart([
        { date: '2024-01-01', value: 1500 },
        { date: '2024-01-08', value: -12 },
      ]),
    )!;
    expect(chartLine(row)).toBe('7\troad\tirating\t{2024-01-01,2024-01-08}\t{1500,-12}');
  });
});
