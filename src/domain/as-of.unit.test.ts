import { describe, expect, it } from 'vitest';
import {
  asOfParams,
  formatDay,
  formatKnown,
  knownJustBefore,
  parseAsOf,
  parseDay,
  type AsOfContext,
} from './as-of.ts';

const ctx: AsOfContext = { now: new Date('2026-11-26T04:30:00Z'), firstDay: '2025-03-03' };

describe('as-of parameters', () => {
  it('read a day as the end of that UTC day on the race clock', () => {
    expect(parseAsOf({ asOf: '2026-05-01' }, ctx)).toEqual({
      ok: true,
      asOf: {
        day: '2026-05-01',
        raceBefore: '2026-05-02T00:00:00.000Z',
        known: null,
        knownBefore: null,
      },
    });
  });

  it('take nothing (absent or empty) as today on both clocks', () => {
    for (const input of [{}, { asOf: '' }, { asOf: '', known: '' }]) {
      expect(parseAsOf(input, ctx)).toEqual({
        ok: true,
        asOf: { day: null, raceBefore: null, known: null, knownBefore: null },
      });
    }
  });

  it('read known as a day (end of it) or an instant (up to its millisecond)', () => {
    const day = parseAsOf({ asOf: '2026-05-01', known: '2026-05-10' }, ctx);
    expect(day.ok && day.asOf).toMatchObject({
      known: '2026-05-10',
      knownBefore: '2026-05-11T00:00:00.000Z',
    });
    const instant = parseAsOf({ known: '2026-11-26T04:12:07.250Z' }, ctx);
    expect(instant.ok && instant.asOf).toEqual({
      day: null,
      raceBefore: null,
      known: '2026-11-26T04:12:07.250Z',
      knownBefore: '2026-11-26T04:12:07.251Z',
    });
    const minutes = parseAsOf({ known: '2026-05-10T12:30Z' }, ctx);
    expect(minutes.ok && minutes.asOf.known).toBe('2026-05-10T12:30:00.000Z');
  });

  it('refuse what is not a date, naming the parameter and the format', () => {
    const bad = [
      { asOf: '2026-5-1' },
      { asOf: '2026-02-30' },
      { asOf: '01/05/2026' },
      { asOf: ['2026-05-01', '2026-05-02'] },
      { asOf: '2026-05-01T00:00:00Z' },
      { known: 'yesterday' },
      { known: '2026-05-10T25:00:00Z' },
      { known: '2026-05-10T12:00:00+02:00' },
    ];
    for (const input of bad) {
      const result = parseAsOf(input, ctx);
      expect(result.ok, JSON.stringify(input)).toBe(false);
      if (result.ok) continue;
      expect(result.problem.kind).toBe('malformed');
      expect(result.problem.param).toBe('asOf' in input ? 'asOf' : 'known');
      expect(result.problem.message).toMatch(/YYYY-MM-DD/);
    }
  });

  it('refuse a day after today and an instant after now with a message naming today', () => {
    const tomorrow = parseAsOf({ asOf: '2026-11-27' }, ctx);
    expect(tomorrow).toEqual({
      ok: false,
      problem: {
        kind: 'future',
        param: 'asOf',
        message:
          '27 Nov 2026 is in the future: Pitwall can show any day up to today (26 Nov 2026).',
      },
    });
    expect(parseAsOf({ asOf: '2026-11-26' }, ctx).ok).toBe(true);
    const later = parseAsOf({ known: '2026-11-26T05:00:00Z' }, ctx);
    expect(!later.ok && later.problem).toMatchObject({ kind: 'future', param: 'known' });
    expect(parseAsOf({ known: '2026-11-26' }, ctx).ok).toBe(true);
  });

  it('refuse a day before the first race with a message naming where the data starts', () => {
    const early = parseAsOf({ asOf: '2025-03-02' }, ctx);
    expect(!early.ok && early.problem).toEqual({
      kind: 'before-data',
      param: 'asOf',
      message:
        "Pitwall's racing data starts on 3 Mar 2025; there is nothing to show for 2 Mar 2025.",
    });
    expect(parseAsOf({ asOf: '2025-03-03' }, ctx).ok).toBe(true);
    const empty = parseAsOf({ asOf: '2026-01-01' }, { ...ctx, firstDay: null });
    expect(!empty.ok && empty.problem.kind).toBe('before-data');
  });

  it('format days and instants the same on every machine, and restate themselves', () => {
    expect(formatDay('2026-05-01')).toBe('1 May 2026');
    expect(formatKnown('2026-05-10')).toBe('10 May 2026');
    expect(formatKnown('2026-05-10T12:30:05.000Z')).toBe('10 May 2026, 12:30:05 UTC');
    expect(knownJustBefore('2026-11-26T04:12:07.250Z')).toBe('2026-11-26T04:12:07.249Z');
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    expect(parseDay('2025-02-29')).toBeNull();
    expect(asOfParams({ day: '2026-05-01', known: null })).toEqual({ asOf: '2026-05-01' });
    expect(asOfParams({ day: null, known: null })).toEqual({});
  });
});
