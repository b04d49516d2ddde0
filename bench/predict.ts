/**
 * Backtest of the split prediction (src/domain/split-prediction.ts) on the demo world's history:
 * the default demo world (the one `npm run seed` loads) is simulated in process, and every past
 * session that also ran one week earlier in the same slot is predicted from the sessions of its
 * series that started before it. The naive baseline is that same slot one week earlier. Prints one
 * JSON line:
 *   {"slots":N,"entries_mae":…,"splits_exact_pct":…,"sof_mape_pct":…,
 *    "baseline_entries_mae":…,"baseline_splits_exact_pct":…,"baseline_sof_mape_pct":…,
 *    "in_range_pct":…,"official_pct":…,"official_brier":…,"baseline_official_brier":…}
 * The goes-official probability is scored by its Brier score (mean squared error of the
 * probability against 1 = went official, 0 = did not); the baseline says 1 or 0 by whether the
 * same slot one week earlier had the minimum.
 *
 *   npm run bench:predict -- [--drivers N] [--seasons N]
 */
import { createDemoWorld } from '../src/demo/iracing/index.ts';
import {
  OFFICIAL_MIN_ENTRIES,
  predictSlot,
  sameSlotLastWeek,
  type PastSession,
} from '../src/domain/split-prediction.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

const world = createDemoWorld({
  drivers: arg('drivers', 5_000),
  seasons: arg('seasons', 2),
});
world.simulation.advanceAll();

interface Session extends PastSession {
  weekStartMs: number;
}
const bySeries = new Map<number, Map<number, Session>>();
for (const record of world.simulation.allRecords()) {
  const { session } = record;
  const seriesId = session.seriesSeason.series.seriesId;
  const sessions = bySeries.get(seriesId) ?? new Map<number, Session>();
  bySeries.set(seriesId, sessions);
  const s = sessions.get(session.sessionId) ?? {
    startMs: session.startMs,
    weekStartMs: session.week.startMs,
    entries: 0,
    splits: session.subsessionIds.length,
    topSof: session.sofs[0] ?? null,
    largestSplit: 0,
    trackId: session.week.track.trackId,
  };
  s.entries += record.entrants.length;
  s.largestSplit = Math.max(s.largestSplit, record.entrants.length);
  sessions.set(session.sessionId, s);
}

let slots = 0;
let entriesError = 0;
let baselineEntriesError = 0;
let splitsExact = 0;
let baselineSplitsExact = 0;
let sofError = 0;
let baselineSofError = 0;
let sofSlots = 0;
let inRange = 0;
let brier = 0;
let baselineBrier = 0;
let official = 0;
for (const sessions of bySeries.values()) {
  const history = [...sessions.values()].sort((a, b) => a.startMs - b.startMs);
  for (const target of history) {
    const baseline = sameSlotLastWeek(history, target);
    const prediction = predictSlot(history, target);
    if (!baseline || !prediction) continue;
    slots++;
    entriesError += Math.abs(prediction.entries - target.entries);
    baselineEntriesError += Math.abs(baseline.entries - target.entries);
    if (prediction.splits === target.splits) splitsExact++;
    if (baseline.splits === target.splits) baselineSplitsExact++;
    const wentOfficial = target.entries >= OFFICIAL_MIN_ENTRIES ? 1 : 0;
    official += wentOfficial;
    brier += (prediction.officialProbability - wentOfficial) ** 2;
    baselineBrier += ((baseline.entries >= OFFICIAL_MIN_ENTRIES ? 1 : 0) - wentOfficial) ** 2;
    if (target.entries >= prediction.entriesLow && target.entries <= prediction.entriesHigh) {
      inRange++;
    }
    if (target.topSof && prediction.topSof !== null && baseline.topSof !== null) {
      sofSlots++;
      sofError += Math.abs(prediction.topSof - target.topSof) / target.topSof;
      baselineSofError += Math.abs(baseline.topSof - target.topSof) / target.topSof;
    }
  }
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const pct = (n: number, of: number) => (of === 0 ? null : round((100 * n) / of, 1));
console.log(
  JSON.stringify({
    slots,
    entries_mae: slots === 0 ? null : round(entriesError / slots),
    splits_exact_pct: pct(splitsExact, slots),
    sof_mape_pct: pct(sofError, sofSlots),
    baseline_entries_mae: slots === 0 ? null : round(baselineEntriesError / slots),
    baseline_splits_exact_pct: pct(baselineSplitsExact, slots),
    baseline_sof_mape_pct: pct(baselineSofError, sofSlots),
    in_range_pct: pct(inRange, slots),
    official_pct: pct(official, slots),
    official_brier: slots === 0 ? null : round(brier / slots, 4),
    baseline_official_brier: slots === 0 ? null : round(baselineBrier / slots, 4),
  }),
);
