import { describe, expect, it } from 'vitest';
import type { RacePointDto } from '../../../queries/racing/driver-profile.ts';
import { HistoryNames, raceHistory } from './race-history.ts';

const race = (
  subsessionId: number,
  startTime: string,
  seriesName: string,
  trackName: string,
): RacePointDto => ({
  subsessionId,
  startTime,
  seriesName,
  trackName,
  irating: 1500,
  safetyRating: 2.5,
});

describe('raceHistory', () => {
  it('sends each race as columns and each series and track name once, shared across drivers', () => {
    const names = new HistoryNames();
    const first = raceHistory(
      [
        race(11, '2026-01-05T19:00:00.000Z', 'GT3 Fanatec', 'Spa'),
        race(12, '2026-01-12T19:00:00.000Z', 'GT3 Fanatec', 'Monza'),
        race(13, '2026-01-19T19:00:00.000Z', 'GT3 Fanatec', 'Spa'),
      ],
      names,
    );
    const second = raceHistory(
      [
        race(12, '2026-01-12T19:00:00.000Z', 'GT3 Fanatec', 'Monza'),
        race(21, '2026-01-13T19:30:00.000Z', 'IMSA', 'Spa'),
      ],
      names,
    );
    expect(names.names).toEqual(['GT3 Fanatec', 'Spa', 'Monza', 'IMSA']);
    expect(first).toEqual({
      at: [
        Date.parse('2026-01-05T19:00:00.000Z'),
        Date.parse('2026-01-12T19:00:00.000Z'),
        Date.parse('2026-01-19T19:00:00.000Z'),
      ],
      subsessionId: [11, 12, 13],
      series: [0, 0, 0],
      track: [1, 2, 1],
    });
    expect(second).toMatchObject({ series: [0, 3], track: [2, 1] });
  });

  it('leaves an empty history empty', () => {
    const names = new HistoryNames();
    expect(raceHistory([], names)).toEqual({ at: [], subsessionId: [], series: [], track: [] });
    expect(names.names).toEqual([]);
  });
});
