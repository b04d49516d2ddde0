import {
  FALLBACK_LAST,
  SAME_SLOT_MS,
  WEEK_MS,
  fieldCapOf,
  predictSlot,
  recentFromMs,
  sameSlotTimes,
  type PastSession,
} from '../../domain/split-prediction.ts';
import { known, statement, type Statement } from '../../db/batch.ts';
import { SESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import type { SeasonWeekDto } from './seasons.ts';

/** The series' coming time slots with predicted registrations, splits and top-split SOF. */

export interface SlotPredictionDto {
  startTime: string;
  /** 1-based race week. */
  week: number;
  trackName: string;
  configName: string | null;
  entries: number;
  entriesLow: number;
  entriesHigh: number;
  splits: number;
  splitsLow: number;
  splitsHigh: number;
  topSof: number | null;
  /** Past sessions of the same slot it rests on (0: the series' recent level only). */
  basis: number;
  /** Probability (0–1) that the race goes official (at least iRacing's minimum registers). */
  officialProbability: number;
}

const DAY_MS = 86_400_000;
/** History read for a prediction: the model looks six weeks back (plus the field cap's evidence). */
const HISTORY_WEEKS = 8;

/**
 * The next `limit` time slots of the schedule after `nowMs` (every day of a week at each of its
 * "HH:MM" UTC slots), each predicted from the series' sessions of the eight weeks before `nowMs`.
 * Empty when the series has no session in those weeks or no slot to come (then nothing is read).
 *
 * The model reads few of those sessions (src/domain/split-prediction.ts): the same slot of each
 * past week, and only for a slot that did not run in those weeks the series' sessions of the two
 * weeks before it, else its last ones; the field cap is an aggregate over them all. One statement
 * fetches exactly those: the same-slot sessions by index probes (racing_sessions_series), the
 * last sessions, the recent ones when a slot has no same-slot session, and the field cap's
 * aggregate. The predictions equal those from every session of the eight weeks, at a fraction of
 * the rows (a busy series runs hundreds of sessions in eight weeks).
 */
export function seriesSlotPredictionsStatement(
  seriesId: number,
  weeks: readonly SeasonWeekDto[],
  nowMs: number,
  limit: number,
): Statement<SlotPredictionDto[]> {
  const slots = comingSlots(weeks, nowMs, limit);
  if (slots.length === 0) return known([]);
  const from = new Date(nowMs - HISTORY_WEEKS * WEEK_MS);
  const now = new Date(nowMs);
  const probeTimes: Date[] = [];
  const probeSlots: number[] = [];
  slots.forEach((slot, i) => {
    for (const ms of sameSlotTimes(slot)) {
      probeTimes.push(new Date(ms));
      probeSlots.push(i);
    }
  });
  const window = [seriesId, from, now];
  return statement<HistoryRow, SlotPredictionDto[]>(
    `WITH probe AS (
       SELECT p.slot, x.* FROM unnest(?::timestamptz[], ?::int[]) AS p(t, slot)
         LEFT JOIN LATERAL (
           SELECT ${HISTORY_COLUMNS} FROM ${SESSIONS_TABLE} x
            WHERE x.series_id = ? AND x.start_time >= ? AND x.start_time < ?
              AND x.start_time BETWEEN p.t - ?::interval AND p.t + ?::interval
            ORDER BY x.start_time DESC, x.session_id DESC LIMIT 1) x ON true),
     recent AS (
       SELECT min(r.since) AS since FROM unnest(?::int[], ?::timestamptz[]) AS r(slot, since)
        WHERE NOT EXISTS (SELECT 1 FROM probe WHERE probe.slot = r.slot AND probe.session_id IS NOT NULL))
     SELECT ${HISTORY_FIELDS}, NULL::int AS below FROM probe WHERE session_id IS NOT NULL
     UNION ALL
     (SELECT ${HISTORY_COLUMNS}, NULL FROM ${SESSIONS_TABLE} x
       WHERE x.series_id = ? AND x.start_time >= ? AND x.start_time < ?
       ORDER BY x.series_id, x.start_time DESC, x.session_id DESC LIMIT ${FALLBACK_LAST})
     UNION ALL
     SELECT ${HISTORY_COLUMNS}, NULL FROM recent, ${SESSIONS_TABLE} x
      WHERE x.series_id = ? AND x.start_time >= ? AND x.start_time < ? AND x.start_time >= recent.since
     UNION ALL
     SELECT NULL, NULL, NULL, NULL, NULL, NULL, max(x.largest_split),
            min((x.num_drivers + x.num_subsessions - 2) / (x.num_subsessions - 1) - 1)
              FILTER (WHERE x.num_subsessions > 1)
       FROM ${SESSIONS_TABLE} x
      WHERE x.series_id = ? AND x.start_time >= ? AND x.start_time < ?`,
    [
      probeTimes,
      probeSlots,
      ...window,
      `${SAME_SLOT_MS} milliseconds`,
      `${SAME_SLOT_MS} milliseconds`,
      slots.map((_, i) => i),
      slots.map((slot) => new Date(recentFromMs(slot))),
      ...window,
      ...window,
      ...window,
    ],
    (rows) => predictionsOf(rows, slots),
  );
}

function predictionsOf(rows: readonly HistoryRow[], slots: readonly Slot[]): SlotPredictionDto[] {
  const cap = rows.find((r) => r.start_time === null);
  const known = rows.filter((r) => r.start_time !== null);
  if (known.length === 0 || !cap) return [];
  const fieldCap = fieldCapOf({ largestSplit: cap.largest_split ?? 0, below: cap.below });
  const history = toHistory(known);
  const predictions = slots.map((slot) => {
    const p = predictSlot(history, slot, fieldCap);
    if (!p) throw new Error('a slot after now has the sessions before now to rest on');
    return p;
  });
  return slots.map(({ startMs, week }, i) => ({
    startTime: new Date(startMs).toISOString(),
    week: week.raceWeekNum + 1,
    trackName: week.track.trackName,
    configName: week.track.configName,
    ...predictions[i]!,
  }));
}

interface Slot {
  startMs: number;
  weekStartMs: number;
  trackId: number;
  week: SeasonWeekDto;
}

/** The next `limit` slots of the schedule after `nowMs`, in time order. */
function comingSlots(weeks: readonly SeasonWeekDto[], nowMs: number, limit: number): Slot[] {
  const slots: Slot[] = [];
  for (const week of weeks) {
    const weekStartMs = Date.parse(`${week.startDate}T00:00:00Z`);
    if (weekStartMs + WEEK_MS <= nowMs) continue;
    // Each slot's time of day, in the order of its "HH:MM".
    const times = [...week.timeSlots].sort().map((slot) => {
      const [h, m] = slot.split(':').map(Number);
      return ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
    });
    for (let day = 0; day < 7; day++) {
      for (const time of times) {
        const startMs = weekStartMs + day * DAY_MS + time;
        if (startMs > nowMs)
          slots.push({ startMs, weekStartMs, trackId: week.track.trackId, week });
      }
    }
    if (slots.length >= limit) break;
  }
  return slots.slice(0, limit);
}

const HISTORY_FIELDS = `session_id, start_time, num_drivers, num_subsessions, max_sof, track_id,
  largest_split`;
const HISTORY_COLUMNS = HISTORY_FIELDS.replace(/(\w+)/g, 'x.$1');

interface HistoryRow {
  session_id: number | null;
  start_time: Date | null;
  num_drivers: number;
  num_subsessions: number;
  max_sof: number | null;
  track_id: number;
  largest_split: number | null;
  below: number | null;
}

/** The sessions in start order, each once. */
function toHistory(rows: readonly HistoryRow[]): PastSession[] {
  const bySession = new Map<number, PastSession>();
  for (const r of rows) {
    bySession.set(r.session_id!, {
      startMs: r.start_time!.getTime(),
      entries: r.num_drivers,
      splits: r.num_subsessions,
      topSof: r.max_sof,
      largestSplit: r.largest_split!,
      trackId: r.track_id,
    });
  }
  return [...bySession.values()].sort((a, b) => a.startMs - b.startMs);
}
