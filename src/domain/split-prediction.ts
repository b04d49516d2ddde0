/**
 * Registrations, splits and top-split SOF of a series' coming time slot, predicted from the
 * series' own past sessions (pure; the queries feed it the read model, `npm run bench:predict`
 * the demo world's history). See docs/irating-and-prediction.md for the model and its backtest.
 *
 * A slot is a time of the week (UTC): the same slot one week earlier is `startMs − 7 days`.
 *  - entries: the mean of the same slot over the last six weeks that ran it. Without one: the
 *    series' sessions at the same hour of the last two weeks, else all of its last two weeks.
 *    (Scaling by the week so far or by the track's popularity made it worse on the demo history;
 *    see the doc.)
 *  - splits: iRacing's rule, ⌈entries / field cap⌉ with the splits balanced; the field cap is
 *    estimated from the series' sessions (estimateFieldCap: the catalog does not publish it).
 *  - top-split SOF: the mean of the same slots' top-split SOF.
 *  - uncertainty: an 80% range of entries (and the splits at its ends) from the spread of those
 *    values, at least ±50%.
 *  - goes official: iRacing counts a race (and its iRating and safety changes) only when at
 *    least the series' minimum of drivers registered: 6 unless the series sets more (the
 *    Sporting Code, section 5; the catalog does not publish a series' own minimum). The
 *    probability is the share of the same values at or above it, smoothed toward the normal
 *    model of the entries (mean and spread above): (k + p_normal) / (n + 1), so a few past
 *    sessions never give a certain 0 or 1.
 */

export const WEEK_MS = 7 * 86_400_000;
const HOUR_MS = 3_600_000;
/** A session counts as "the same slot" within this much of the time (starts are on the minute). */
export const SAME_SLOT_MS = 5 * 60_000;
/** The same slot's last six weeks count alike (on the demo history, fewer or decaying weights did worse). */
const SAME_SLOT_WEEKS = 6;
const MIN_RELATIVE_SPREAD = 0.5;
/** iRacing's default minimum of registered drivers for an official race (Sporting Code §5). */
export const OFFICIAL_MIN_ENTRIES = 6;
/** z of the 80% two-sided range. */
const Z80 = 1.2816;

export interface PastSession {
  startMs: number;
  /** Drivers over every split. */
  entries: number;
  splits: number;
  /** SOF of split 1 (the strongest); null when unknown. */
  topSof: number | null;
  /** The entrants of the session's largest split. */
  largestSplit: number;
  trackId: number;
}

export interface SlotTarget {
  startMs: number;
  trackId: number;
  /** When the race week of the slot started (its first instant, UTC). */
  weekStartMs: number;
}

export interface SlotPrediction {
  entries: number;
  /** 80% range of entries. */
  entriesLow: number;
  entriesHigh: number;
  splits: number;
  splitsLow: number;
  splitsHigh: number;
  topSof: number | null;
  /** How many past sessions of the same slot it rests on (0: the series' level only). */
  basis: number;
  /** Probability (0–1) that at least OFFICIAL_MIN_ENTRIES register: the race goes official. */
  officialProbability: number;
}

/** The same-slot naive forecast: what the slot had one week earlier (null: it did not run). */
export function sameSlotLastWeek(
  history: readonly PastSession[],
  target: Pick<SlotTarget, 'startMs'>,
): PastSession | null {
  return sessionAt(history, target.startMs - WEEK_MS);
}

function sessionAt(history: readonly PastSession[], ms: number): PastSession | null {
  let best: PastSession | null = null;
  for (const s of history) {
    if (Math.abs(s.startMs - ms) <= SAME_SLOT_MS) best = s;
  }
  return best;
}

/** ⌈entries / cap⌉ splits (at least one). */
export function splitsFor(entries: number, fieldCap: number): number {
  return Math.max(1, Math.ceil(Math.round(entries) / Math.max(1, fieldCap)));
}

/**
 * The past start times whose sessions are "the same slot" as `target` (each within
 * SAME_SLOT_MS): the same time of the week in each of the last six weeks, nearest first.
 */
export function sameSlotTimes(target: Pick<SlotTarget, 'startMs'>): number[] {
  return Array.from({ length: SAME_SLOT_WEEKS }, (_, i) => target.startMs - (i + 1) * WEEK_MS);
}

/**
 * When the slot has no session of its own in those weeks, the prediction rests on the series'
 * sessions from `recentFromMs(target)` on (those at the target's hour of the day, else all of
 * them), else on its last FALLBACK_LAST sessions.
 */
export function recentFromMs(target: Pick<SlotTarget, 'startMs'>): number {
  return target.startMs - FALLBACK_WEEKS * WEEK_MS;
}
const FALLBACK_WEEKS = 2;
export const FALLBACK_LAST = 8;

/**
 * The prediction for `target` from the series' sessions that started before it; null when the
 * series has no history. Sessions at or after `target.startMs` are ignored.
 *
 * `history` must hold every session the prediction reads (sameSlotTimes ± SAME_SLOT_MS, and for
 * a slot without those: the sessions from recentFromMs, and the last FALLBACK_LAST), in start
 * order; other sessions change nothing but the field cap, which is estimated from `history`
 * unless `fieldCap` gives it (estimated by the caller from a longer history, see
 * fieldCapEvidence).
 */
export function predictSlot(
  allHistory: readonly PastSession[],
  target: SlotTarget,
  fieldCap?: number,
): SlotPrediction | null {
  const history = allHistory.filter((s) => s.startMs < target.startMs);
  if (history.length === 0) return null;
  const cap = fieldCap ?? estimateFieldCap(history);

  const values: { entries: number; topSof: number | null; weight: number }[] = [];
  for (const ms of sameSlotTimes(target)) {
    const past = sessionAt(history, ms);
    if (past) values.push({ entries: past.entries, topSof: past.topSof, weight: 1 });
  }

  const basis = values.length;
  if (basis === 0) {
    // No session in this slot lately: the series' sessions at this hour, else all, of two weeks.
    const recent = history.filter((s) => s.startMs >= recentFromMs(target));
    const hour = Math.floor((target.startMs % 86_400_000) / HOUR_MS);
    const atHour = recent.filter((s) => Math.floor((s.startMs % 86_400_000) / HOUR_MS) === hour);
    const pool =
      atHour.length > 0 ? atHour : recent.length > 0 ? recent : history.slice(-FALLBACK_LAST);
    for (const s of pool) values.push({ entries: s.entries, topSof: s.topSof, weight: 1 });
  }

  const totalWeight = values.reduce((n, v) => n + v.weight, 0);
  const mean = values.reduce((n, v) => n + v.entries * v.weight, 0) / totalWeight;
  const variance = values.reduce((n, v) => n + v.weight * (v.entries - mean) ** 2, 0) / totalWeight;
  // The spread of a new value around a mean of n: σ·√(1 + 1/n); at least ±50% (the same slot's
  // entries move with the sessions around it, which the history alone cannot tell).
  const spread = Math.max(
    Math.sqrt(variance * (1 + 1 / values.length)),
    MIN_RELATIVE_SPREAD * mean,
  );
  const entries = Math.max(1, Math.round(mean));
  const entriesLow = Math.max(1, Math.round(mean - Z80 * spread));
  const entriesHigh = Math.max(entriesLow, Math.round(mean + Z80 * spread));
  const officialShare = values.filter((v) => v.entries >= OFFICIAL_MIN_ENTRIES).length;
  const officialNormal = 1 - normalCdf((OFFICIAL_MIN_ENTRIES - 0.5 - mean) / Math.max(spread, 0.5));
  const officialProbability = (officialShare + officialNormal) / (values.length + 1);
  const sofs = values.filter((v) => v.topSof !== null);
  const sofWeight = sofs.reduce((n, v) => n + v.weight, 0);
  return {
    entries,
    entriesLow,
    entriesHigh,
    splits: splitsFor(entries, cap),
    splitsLow: splitsFor(entriesLow, cap),
    splitsHigh: splitsFor(entriesHigh, cap),
    topSof:
      sofWeight > 0
        ? Math.round(sofs.reduce((n, v) => n + v.topSof! * v.weight, 0) / sofWeight)
        : null,
    basis,
    officialProbability,
  };
}

/** Φ(z), the standard normal CDF (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The series' field cap from its sessions: every split holds at most the cap (a lower bound: the
 * largest split run); a session of s splits had more than (s − 1) · cap entrants (an upper bound).
 */
export function estimateFieldCap(history: readonly PastSession[]): number {
  return fieldCapOf(fieldCapEvidence(history));
}

/** What a set of sessions says of the field cap: the bounds estimateFieldCap combines. */
export interface FieldCapEvidence {
  /** The largest split run (0: none). */
  largestSplit: number;
  /** The least ⌈entries / (splits − 1)⌉ − 1 over the sessions of several splits (null: none). */
  below: number | null;
}

export function fieldCapEvidence(history: readonly PastSession[]): FieldCapEvidence {
  let largestSplit = 0;
  let below: number | null = null;
  for (const s of history) {
    largestSplit = Math.max(largestSplit, s.largestSplit);
    if (s.splits > 1)
      below = Math.min(below ?? Infinity, Math.ceil(s.entries / (s.splits - 1)) - 1);
  }
  return { largestSplit, below };
}

/** The field cap of the evidence: the upper bound when it is consistent, else the largest split. */
export function fieldCapOf(evidence: FieldCapEvidence): number {
  const low = Math.max(1, evidence.largestSplit);
  return evidence.below !== null && evidence.below >= low ? evidence.below : low;
}
