import { carClassById } from '../catalog/cars.ts';
import { licenceCategory } from '../catalog/categories.ts';
import type { SeriesDefinition } from '../catalog/series.ts';
import { tracksOf, type TrackConfig } from '../catalog/tracks.ts';
import { Random, Stream } from '../random.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, RACE_WEEKS, weekStartMs, type SeasonRef } from './calendar.ts';

export interface WeekWeather {
  tempUnits: 0 | 1;
  tempValue: number;
  relHumidity: number;
  skies: number;
  windDir: number;
  windValue: number;
  timeOfDay: number;
  /** Local start time of the simulated day, "2025-09-20T14:40:00". */
  simulatedStartTime: string;
  utcOffsetMinutes: number;
}

export interface ScheduledWeek {
  raceWeekNum: number;
  startMs: number;
  track: TrackConfig;
  /** Laps the leader runs (the lap limit, or what fits in the time limit). */
  laps: number;
  /** Set for timed races (`race_time_limit`), else null and `laps` is `race_lap_limit`. */
  timeLimitMinutes: number | null;
  weather: WeekWeather;
}

export interface SeriesSeason {
  seasonId: number;
  season: SeasonRef;
  series: SeriesDefinition;
  /** Position of the series in SERIES: the column of per-series tables. */
  seriesIndex: number;
  weeks: ScheduledWeek[];
  /** Minutes of the practice before the race (the session's `op_duration`-like prelude). */
  practiceMinutes: number;
  qualifyMinutes: number;
}

/** Long circuits (Nordschleife, Le Mans) only host timed sports-car series, as in iRacing. */
const LONG_TRACK_KM = 10;

/** Season ids grow by quarter, like iRacing's (2025 Season 1 ≈ 5200). */
export function seasonIdFor(season: SeasonRef, seriesIndex: number): number {
  return 4200 + season.globalIndex * 50 + seriesIndex;
}

export function buildSeriesSeason(
  rootSeed: number,
  season: SeasonRef,
  series: SeriesDefinition,
  seriesIndex: number,
): SeriesSeason {
  const seasonId = seasonIdFor(season, seriesIndex);
  const rng = Random.derive(rootSeed, Stream.schedule, seasonId);
  const category = licenceCategory(series.category);
  const pool = tracksOf(category.trackCategory).filter(
    (t) => t.lengthKm < LONG_TRACK_KM || (series.category === 'sports_car' && series.timed),
  );
  const order = rng.shuffle([...pool]);
  const fastestPace = Math.min(...series.carClassIds.map((id) => carClassById(id).paceFactor));
  const weeks: ScheduledWeek[] = [];
  for (let w = 0; w < RACE_WEEKS; w++) {
    const track = order[w % order.length] as TrackConfig;
    const leaderLap = track.referenceLap * fastestPace * 1.02;
    const laps = Math.max(2, Math.round((series.raceMinutes * 60) / leaderLap));
    const startMs = weekStartMs(season, w);
    weeks.push({
      raceWeekNum: w,
      startMs,
      track,
      laps,
      timeLimitMinutes: series.timed ? series.raceMinutes : null,
      weather: weekWeather(rootSeed, seasonId, w, track, startMs),
    });
  }
  return {
    seasonId,
    season,
    series,
    seriesIndex,
    weeks,
    practiceMinutes: series.category === 'dirt_road' ? 5 : 10,
    qualifyMinutes: series.qualAttached ? 8 : 0,
  };
}

/** Race start times of one race week, in order (Tuesday 00:00 GMT to the next Tuesday). */
export function slotTimes(series: SeriesDefinition, weekStart: number): number[] {
  const times: number[] = [];
  const { everyHours, firstHour, minute } = series.slots;
  for (let day = 0; day < 7; day++) {
    for (let hour = firstHour % everyHours; hour < 24; hour += everyHours) {
      times.push(weekStart + day * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS);
    }
  }
  return times;
}

function weekWeather(
  rootSeed: number,
  seasonId: number,
  week: number,
  track: TrackConfig,
  startMs: number,
): WeekWeather {
  const rng = Random.derive(rootSeed, Stream.weather, seasonId, week);
  const month = new Date(startMs).getUTCMonth();
  const southern = track.latitude < 0;
  const summer = southern ? month <= 2 || month >= 9 : month >= 4 && month <= 8;
  const celsius = Math.round(rng.gaussian(summer ? 25 : 14, 4));
  const metric = !track.timeZone.startsWith('America/');
  const utcOffsetMinutes = Math.round(track.longitude / 15) * 60;
  const localStart = new Date(
    startMs + 4 * DAY_MS + (13 + rng.int(5)) * HOUR_MS + rng.int(4) * 15 * MINUTE_MS,
  );
  return {
    tempUnits: metric ? 1 : 0,
    tempValue: metric ? celsius : Math.round(celsius * 1.8 + 32),
    relHumidity: rng.between(35, 85),
    skies: rng.weightedIndex([4, 3, 2, 1]),
    windDir: rng.int(8),
    windValue: rng.between(1, metric ? 20 : 12),
    timeOfDay: 2,
    simulatedStartTime: localStart.toISOString().slice(0, 19),
    utcOffsetMinutes,
  };
}
