import { describe, expect, it } from 'vitest';
import {
  OFFICIAL_MIN_ENTRIES,
  WEEK_MS,
  estimateFieldCap,
  fieldCapEvidence,
  fieldCapOf,
  normalCdf,
  predictSlot,
  sameSlotLastWeek,
  sameSlotTimes,
  splitsFor,
  type PastSession,
} from './split-prediction.ts';

const T0 = Date.UTC(2026, 0, 6, 18, 0);
const session = (weeksBefore: number, entries: number, over: Partial<PastSession> = {}) => ({
  startMs: T0 - weeksBefore * WEEK_MS,
  entries,
  splits: splitsFor(entries, 20),
  topSof: 2000 + entries,
  largestSplit: Math.ceil(entries / splitsFor(entries, 20)),
  trackId: 1,
  ...over,
});
const target = { startMs: T0, trackId: 1, weekStartMs: T0 - 86_400_000 };

describe('split prediction', () => {
  it('predicts the mean of the same slot, with a range around it, and the splits of iRacing’s rule', () => {
    const history = [
      session(1, 30),
      session(2, 50),
      session(3, 40),
      session(1, 5, { startMs: T0 - WEEK_MS + 3_600_000 }),
    ];
    const p = predictSlot(history, target)!;
    expect(p.entries).toBe(40);
    expect(p.basis).toBe(3);
    expect(p.entriesLow).toBeLessThan(40);
    expect(p.entriesHigh).toBeGreaterThan(40);
    expect(p.splits).toBe(2); // cap 20: 40 entrants are two splits of 20
    expect(p.splitsLow).toBeLessThanOrEqual(p.splits);
    expect(p.splitsHigh).toBeGreaterThanOrEqual(p.splits);
    expect(p.topSof).toBe(2040);
  });

  it('ignores sessions at or after the slot and answers null without history', () => {
    expect(predictSlot([session(0, 30), session(-1, 30)], target)).toBeNull();
    expect(sameSlotLastWeek([session(2, 30)], target)).toBeNull();
    expect(sameSlotLastWeek([session(1, 30)], target)?.entries).toBe(30);
  });

  it('falls back to the series’ recent sessions at the same hour when the slot did not run', () => {
    const p = predictSlot([session(1, 12, { startMs: T0 - 86_400_000 })], target)!;
    expect(p.basis).toBe(0);
    expect(p.entries).toBe(12);
  });

  it('gives the chance to go official from the same slots, never a certain 0 or 1', () => {
    expect(OFFICIAL_MIN_ENTRIES).toBe(6);
    const busy = predictSlot([session(1, 40), session(2, 44), session(3, 38)], target)!;
    expect(busy.officialProbability).toBeGreaterThan(0.95);
    expect(busy.officialProbability).toBeLessThan(1);
    const quiet = predictSlot([session(1, 2), session(2, 3), session(3, 1)], target)!;
    expect(quiet.officialProbability).toBeLessThan(0.1);
    expect(quiet.officialProbability).toBeGreaterThan(0);
    // Two of four past weeks had the minimum: about even.
    const borderline = predictSlot(
      [session(1, 7), session(2, 4), session(3, 8), session(4, 5)],
      target,
    )!;
    expect(borderline.officialProbability).toBeGreaterThan(0.3);
    expect(borderline.officialProbability).toBeLessThan(0.7);
  });

  it('has a standard normal CDF', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.2816)).toBeCloseTo(0.9, 3);
    expect(normalCdf(-1.96)).toBeCloseTo(0.025, 3);
  });

  it('bounds the field cap by the largest split and by split sessions', () => {
    expect(estimateFieldCap([session(1, 15)])).toBe(15);
    // 41 entrants in 3 splits: the cap is below 41 / 2, at least the largest split (14).
    expect(estimateFieldCap([{ ...session(1, 41), splits: 3, largestSplit: 14 }])).toBe(20);
  });

  it('estimates the field cap from its evidence as from the sessions', () => {
    const history = [session(1, 15), { ...session(2, 41), splits: 3, largestSplit: 14 }];
    expect(fieldCapEvidence(history)).toEqual({ largestSplit: 15, below: 20 });
    expect(fieldCapOf(fieldCapEvidence(history))).toBe(estimateFieldCap(history));
    // An upper bound below the largest split is inconsistent: the largest split stands.
    expect(fieldCapOf({ largestSplit: 24, below: 20 })).toBe(24);
    expect(fieldCapOf({ largestSplit: 0, below: null })).toBe(1);
  });

  it('takes the field cap from the caller, and reads only the same slot’s weeks besides', () => {
    const history = [session(1, 30), session(2, 50), session(3, 40)];
    expect(sameSlotTimes(target)).toEqual([1, 2, 3, 4, 5, 6].map((k) => T0 - k * WEEK_MS));
    // 40 entrants: one split of a cap of 60, three of a cap of 15.
    expect(predictSlot(history, target, 60)?.splits).toBe(1);
    expect(predictSlot(history, target, 15)?.splits).toBe(3);
    expect(predictSlot(history, target)).toEqual(
      predictSlot(history, target, estimateFieldCap(history)),
    );
  });
});
