import type { Knex } from 'knex';
import { WEEK_MS, predictSlot, type PastSession } from '../../domain/split-prediction.ts';
import { SESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import type { ScheduleWeekDto } from './seasons.ts';

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
 * "HH:MM" UTC slots), each predicted from the series' sessions before `nowMs`. Empty when the
 * series has no session in the last weeks or no slot to come.
 */
export async function seriesSlotPredictions(
  db: Knex,
  seriesId: number,
  weeks: readonly ScheduleWeekDto[],
  nowMs: number,
  limit: number,
): Promise<SlotPredictionDto[]> {
  const slots: { startMs: number; weekStartMs: number; week: ScheduleWeekDto }[] = [];
  for (const week of weeks) {
    const weekStartMs = Date.parse(`${week.startDate}T00:00:00Z`);
    if (weekStartMs + WEEK_MS <= nowMs) continue;
    for (let day = 0; day < 7; day++) {
      for (const slot of [...week.timeSlots].sort()) {
        const [h, m] = slot.split(':').map(Number);
        const startMs = weekStartMs + day * DAY_MS + ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
        if (startMs > nowMs) slots.push({ startMs, weekStartMs, week });
      }
    }
    if (slots.length >= limit) break;
  }
  if (slots.length === 0) return [];
  const { rows } = await db.raw<{
    rows: {
      start_time: Date;
      num_drivers: number;
      num_subsessions: number;
      max_sof: number | null;
      track_id: number;
      largest: number;
    }[];
  }>(
    `SELECT x.start_time, x.num_drivers, x.num_subsessions, x.max_sof, x.track_id,
            x.largest_split AS largest
       FROM ${SESSIONS_TABLE} x
      WHERE x.series_id = ? AND x.start_time >= ? AND x.start_time < ?
      ORDER BY x.start_time`,
    [seriesId, new Date(nowMs - HISTORY_WEEKS * WEEK_MS), new Date(nowMs)],
  );
  const history: PastSession[] = rows.map((r) => ({
    startMs: r.start_time.getTime(),
    entries: r.num_drivers,
    splits: r.num_subsessions,
    topSof: r.max_sof,
    largestSplit: r.largest,
    trackId: r.track_id,
  }));
  if (history.length === 0) return [];
  return slots.slice(0, limit).flatMap(({ startMs, weekStartMs, week }) => {
    const p = predictSlot(history, { startMs, weekStartMs, trackId: week.track.trackId });
    return p
      ? [
          {
            startTime: new Date(startMs).toISOString(),
            week: week.raceWeekNum + 1,
            trackName: week.track.trackName,
            configName: week.track.configName,
            ...p,
          },
        ]
      : [];
  });
}
