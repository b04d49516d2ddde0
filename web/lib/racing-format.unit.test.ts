import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAverage,
  formatCount,
  formatCategory,
  formatDate,
  formatDateTime,
  formatInterval,
  formatInteger,
  formatIrating,
  formatLapTime,
  formatPercent,
  formatPosition,
  formatSafetyRating,
  formatSafetyRatingChange,
  formatSignedInteger,
  formatTopPercent,
  licenceClassOf,
} from './racing-format.ts';

describe('racing formatters', () => {
  it('writes a count with its noun in the singular for one', () => {
    expect(formatCount(1, 'start')).toBe('1 start');
    expect(formatCount(0, 'win')).toBe('0 wins');
    expect(formatCount(2345, 'entry', 'entries')).toBe('2,345 entries');
  });

  it('writes iRating with a thousands separator and changes with their sign', () => {
    expect(formatIrating(2345)).toBe('2,345');
    expect(formatIrating(12_345.4)).toBe('12,345');
    expect(formatIrating(null)).toBe('—');
    expect(formatSignedInteger(42)).toBe('+42');
    expect(formatSignedInteger(-1017)).toBe('−1,017');
    expect(formatSignedInteger(0)).toBe('±0');
  });

  it('groups integers as Intl.NumberFormat en-US does, for any number', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const signed = (n: number) => {
      const rounded = Math.round(n);
      if (rounded === 0) return '±0';
      return rounded > 0 ? `+${intl.format(rounded)}` : `−${intl.format(-rounded)}`;
    };
    for (const n of [
      0,
      -0,
      -0.4,
      0.5,
      -0.5,
      999,
      1000,
      -1000,
      999_999,
      1_000_000,
      2 ** 53,
      -(2 ** 53) - 2,
      1e21,
    ]) {
      expect(formatInteger(n)).toBe(intl.format(Math.round(n)));
      expect(formatSignedInteger(n)).toBe(signed(n));
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -10_000_000, max: 10_000_000 }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.maxSafeInteger(),
        ),
        (n) => {
          expect(formatInteger(n)).toBe(intl.format(Math.round(n)));
          expect(formatSignedInteger(n)).toBe(signed(n));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('writes safety rating with two decimals', () => {
    expect(formatSafetyRating(3.4)).toBe('3.40');
    expect(formatSafetyRating(4.999)).toBe('5.00');
    expect(formatSafetyRating(undefined)).toBe('—');
    expect(formatSafetyRatingChange(0.12)).toBe('+0.12');
    expect(formatSafetyRatingChange(-0.4)).toBe('−0.40');
    expect(formatSafetyRatingChange(0.001)).toBe('±0.00');
  });

  it('writes lap times m:ss.fff from 1/10000 s, rounding to the millisecond', () => {
    expect(formatLapTime(1_234_567)).toBe('2:03.457');
    expect(formatLapTime(594_321)).toBe('0:59.432');
    expect(formatLapTime(600_000)).toBe('1:00.000');
    expect(formatLapTime(599_996)).toBe('1:00.000');
    expect(formatLapTime(-1)).toBe('—');
    expect(formatLapTime(null)).toBe('—');
  });

  it('writes intervals +s.fff, +m:ss.fff past a minute, or laps down', () => {
    expect(formatInterval(12_345)).toBe('+1.235');
    expect(formatInterval(654_321)).toBe('+1:05.432');
    expect(formatInterval(-1, 1)).toBe('+1 lap');
    expect(formatInterval(50_000, 3)).toBe('+3 laps');
    expect(formatInterval(0)).toBe('—');
    expect(formatInterval(0, 0, { leader: 'Winner' })).toBe('Winner');
  });

  it('writes shares, averages, positions and the "top x%" of a percentile', () => {
    expect(formatPercent(81.64)).toBe('81.6%');
    expect(formatAverage(4.25)).toBe('4.3');
    expect(formatPosition(3)).toBe('P3');
    expect(formatTopPercent(81.6)).toBe('Top 18.4%');
    expect(formatTopPercent(100)).toBe('Top 0.1%');
  });

  it('writes instants in the given time zone and bare dates as that day', () => {
    const iso = '2026-03-03T23:30:00Z';
    expect(formatDate(iso)).toBe('3 Mar 2026');
    expect(formatDate(iso, 'Asia/Tokyo')).toBe('4 Mar 2026');
    expect(formatDateTime(iso, 'Europe/Berlin')).toBe('4 Mar 2026, 00:30');
    expect(formatDate('2026-03-03', 'America/Los_Angeles')).toBe('3 Mar 2026');
    expect(formatDate(iso, 'Not/AZone')).toBe('3 Mar 2026');
  });

  it('names categories and maps licence letters to classes', () => {
    expect(formatCategory('sports_car')).toBe('Sports car');
    expect(formatCategory('hovercraft')).toBe('hovercraft');
    expect(licenceClassOf('PWC')).toBe('P');
    expect(licenceClassOf('A')).toBe('A');
    expect(licenceClassOf('X')).toBeNull();
  });
});
