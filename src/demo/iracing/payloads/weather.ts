import { MINUTE_MS, isoSeconds } from '../world/calendar.ts';
import type { WeekWeather } from '../world/schedules.ts';

/** The subsession's `weather` block (2022 and 2024 field sets together). */
export function weatherBlock(w: WeekWeather) {
  return {
    allow_fog: false,
    fog: 0,
    precip_mm2hr_before_final_session: 0,
    precip_mm_final_session: 0,
    precip_option: 0,
    precip_time_pct: 0,
    rel_humidity: w.relHumidity,
    simulated_start_time: w.simulatedStartTime,
    simulated_start_utc_offset: w.utcOffsetMinutes,
    simulated_start_utc_time: isoSeconds(
      Date.parse(`${w.simulatedStartTime}Z`) - w.utcOffsetMinutes * MINUTE_MS,
    ),
    skies: w.skies,
    temp_units: w.tempUnits,
    temp_value: w.tempValue,
    time_of_day: w.timeOfDay,
    track_water: 0,
    type: 3,
    version: 1,
    weather_var_initial: 0,
    weather_var_ongoing: 0,
    wind_dir: w.windDir,
    wind_units: w.tempUnits,
    wind_value: w.windValue,
  };
}

/** A simsession's `weather_result` (2024): the week's weather, `offsetMinutes` into the session. */
export function weatherResult(w: WeekWeather, offsetMinutes: number) {
  const celsius = w.tempUnits === 1 ? w.tempValue : ((w.tempValue - 32) * 5) / 9;
  const temp = w.tempUnits === 1 ? celsius : w.tempValue;
  const cloud = [5, 25, 55, 85][w.skies] ?? 25;
  const simulated = new Date(Date.parse(`${w.simulatedStartTime}Z`) + offsetMinutes * MINUTE_MS)
    .toISOString()
    .slice(0, 19);
  return {
    avg_skies: w.skies,
    avg_cloud_cover_pct: cloud,
    min_cloud_cover_pct: cloud,
    max_cloud_cover_pct: cloud,
    temp_units: w.tempUnits,
    avg_temp: temp,
    min_temp: temp,
    max_temp: temp,
    avg_rel_humidity: w.relHumidity,
    wind_units: w.tempUnits,
    avg_wind_speed: w.windValue,
    min_wind_speed: w.windValue,
    max_wind_speed: w.windValue,
    avg_wind_dir: w.windDir,
    max_fog: 0,
    fog_time_pct: 0,
    precip_time_pct: 0,
    precip_mm: 0,
    precip_mm2hr_before_session: 0,
    simulated_start_time: simulated,
  };
}
