import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../db/batch.ts';
import { WEEK_MS, predictSlot, type PastSession } from '../../domain/split-prediction.ts';
import { useRacingDatabase } from '../../projections/racing/testing.ts';
import { SESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import type { ScheduleWeekDto } from './seasons.ts';
import { seriesSlotPredictionsStatement } from './slot-predictions.ts';

/**
 * The query reads only the sessions the model looks at; its predictions must equal the model's
 * over every session of the eight weeks before now, whichever of the model's paths a slot takes.
 */
const db = useRacingDatabase();

const SERIES = 7;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A Tuesday: the first race week starts here. */
const START = Date.parse('2025-01-07T00:00:00Z');
const TRACK = { trackId: 11, trackName: 'Spa-Francorchamps', configName: null, category: null };

/** Twenty weeks of the schedule: 00:00, 06:00, 09:00, 12:00 and 18:00 every day. */
const weeks: ScheduleWeekDto[] = Array.from({ length: 20 }, (_, i) => ({
  raceWeekNum: i,
  startDate: new Date(START + i * WEEK_MS).toISOString().slice(0, 10),
  track: TRACK,
  raceLapLimit: null,
  raceTimeLimitMinutes: 30,
  timeSlots: ['18:00', '00:00', '06:00', '09:00', '12:00'],
  startType: null,
  participation: null,
}));

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface SessionRow {
  session_id: number;
  series_id: number;
  start_time: Date;
  num_drivers: number;
  num_subsessions: number;
  largest_split: number;
  max_sof: number | null;
}

/**
 * Ten weeks of sessions: 09:00 never runs; 06:00 never on Thursdays; in weeks 6–8 only the
 * 18:00 slot ran (so after them a slot may find no session of its own nor of its hour); a
 * session sometimes two minutes late; a busy series of up to four splits of at most 20.
 */
function sessions(): SessionRow[] {
  const next = random(7);
  const rows: SessionRow[] = [];
  let id = 1000;
  for (let day = 0; day < 70; day++) {
    const week = Math.floor(day / 7);
    for (const hour of [0, 6, 12, 18]) {
      const dayMs = START + day * DAY_MS;
      if (hour === 6 && new Date(dayMs).getUTCDay() === 4) continue;
      if (week >= 6 && week <= 8 && hour !== 18) continue;
      if (next() < 0.15) continue;
      const entries = 1 + Math.floor(next() * 75);
      const splits = Math.max(1, Math.ceil(entries / 20));
      rows.push({
        session_id: id++,
        series_id: SERIES,
        start_time: new Date(dayMs + hour * HOUR_MS + (next() < 0.1 ? 120_000 : 0)),
        num_drivers: entries,
        num_subsessions: splits,
        largest_split: Math.ceil(entries / splits),
        max_sof: next() < 0.1 ? null : 1000 + Math.floor(next() * 2000),
      });
    }
  }
  // Another series at the same times, with other numbers: never read.
  for (const r of rows.slice(0, 60)) {
    rows.push({ ...r, session_id: r.session_id + 10_000, series_id: SERIES + 1, num_drivers: 3 });
  }
  return rows;
}

beforeAll(async () => {
  await db.knex(SESSIONS_TABLE).insert(
    sessions().map((r) => ({
      ...r,
      series_name: 'Series',
      season_id: 70,
      race_week_num: Math.floor((r.start_time.getTime() - START) / WEEK_MS),
      track_id: TRACK.trackId,
      track_name: TRACK.trackName,
      config_name: null,
      min_sof: r.max_sof,
    })),
  );
});

/** The model over every session of the series in the eight weeks before `nowMs`. */
async function modelPredictions(startTimes: string[], nowMs: number) {
  const rows = await db
    .knex(SESSIONS_TABLE)
    .where('series_id', SERIES)
    .where('start_time', '>=', new Date(nowMs - 8 * WEEK_MS))
    .where('start_time', '<', new Date(nowMs))
    .orderBy('start_time');
  const history: PastSession[] = rows.map((r: SessionRow & { track_id: number }) => ({
    startMs: r.start_time.getTime(),
    entries: r.num_drivers,
    splits: r.num_subsessions,
    topSof: r.max_sof,
    largestSplit: r.largest_split,
    trackId: r.track_id,
  }));
  return startTimes.map((iso) => {
    const startMs = Date.parse(iso);
    const weekStartMs = START + Math.floor((startMs - START) / WEEK_MS) * WEEK_MS;
    return predictSlot(history, { startMs, weekStartMs, trackId: TRACK.trackId });
  });
}

describe('slot predictions from the sessions the model reads', () => {
  it('equal the model over all of the eight weeks, on every path of the model', async () => {
    const bases = new Set<string>();
    const end = START + 70 * DAY_MS;
    // Every 17 hours from the third week to three weeks past the sessions' end.
    for (let nowMs = START + 15 * DAY_MS; nowMs < end + 3 * WEEK_MS; nowMs += 17 * HOUR_MS) {
      const slots = await run(db.knex, seriesSlotPredictionsStatement(SERIES, weeks, nowMs, 12));
      const at = new Date(nowMs).toISOString();
      expect(slots.length, at).toBe(12);
      expect(slots.every((s) => Date.parse(s.startTime) > nowMs)).toBe(true);
      const expected = await modelPredictions(
        slots.map((s) => s.startTime),
        nowMs,
      );
      slots.forEach((slot, i) => {
        const { startTime, week, trackName, configName, ...prediction } = slot;
        expect(prediction, `${at} → ${startTime}`).toEqual(expected[i]);
        expect({ week, trackName, configName }).toEqual({
          week: Math.floor((Date.parse(startTime) - START) / WEEK_MS) + 1,
          trackName: TRACK.trackName,
          configName: null,
        });
        const recentFrom = Date.parse(startTime) - 2 * WEEK_MS;
        bases.add(
          slot.basis > 0
            ? 'same-slot'
            : recentFrom >= end
              ? 'last'
              : `none:${startTime.slice(11, 13)}`,
        );
      });
    }
    // The same slot's weeks, the hour of a slot that did not run (06:00 on Thursdays), no
    // session at the hour (09:00), and nothing in the two weeks before (the last sessions).
    for (const path of ['same-slot', 'none:06', 'none:09', 'last']) expect(bases).toContain(path);
  });

  it('predicts nothing without a session in the eight weeks before now', async () => {
    const after = START + 70 * DAY_MS + 8 * WEEK_MS;
    expect(await run(db.knex, seriesSlotPredictionsStatement(SERIES, weeks, after, 3))).toEqual([]);
    expect(
      await run(db.knex, seriesSlotPredictionsStatement(SERIES + 2, weeks, START + 3 * WEEK_MS, 3)),
    ).toEqual([]);
  });
});
