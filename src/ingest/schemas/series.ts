import { z } from 'zod';
import { AllowedLicence, TrackRef, int, timestamp } from './common.ts';

/**
 * series/seasons (fixture GetSeasonsWithoutSeriesSuccessfulAsync: 96 seasons with their weekly
 * schedules), series/past_seasons and season/list.
 * Drift inside the recordings: `rookie_season` and `heat_ses_info` appear on some seasons only;
 * schedule tracks omit `config_name` for single-layout tracks; `race_lap_limit` /
 * `race_time_limit` are null when the other one applies.
 */

/**
 * Time-slot descriptors of a schedule week. Not in the 2022 recordings (they carry the slot in
 * prose: `schedule_description` "Races 45 past every 2 hours"); shape as the current API
 * documents it, so the demo data can state time slots explicitly.
 */
export const RaceTimeDescriptor = z.looseObject({
  repeating: z.boolean(),
  super_session: z.boolean().optional(),
  session_minutes: int.optional(),
  start_date: z.string().optional(),
  day_offset: z.array(int).optional(),
  first_session_time: z.string().optional(),
  repeat_minutes: int.optional(),
  session_times: z.array(timestamp).optional(),
});
export type RaceTimeDescriptor = z.infer<typeof RaceTimeDescriptor>;

export const CarRestriction = z.looseObject({
  car_id: int,
  max_pct_fuel_fill: z.number().optional(),
  weight_penalty_kg: z.number().optional(),
  power_adjust_pct: z.number().optional(),
  max_dry_tire_sets: int.optional(),
  race_setup_id: int.optional(),
  qual_setup_id: int.optional(),
});
export type CarRestriction = z.infer<typeof CarRestriction>;

/** One race week of a season: its track, its format and (when present) its time slots. */
export const SeasonSchedule = z.looseObject({
  season_id: int,
  race_week_num: int,
  series_id: int,
  series_name: z.string(),
  season_name: z.string(),
  schedule_name: z.string().optional(),
  /** The week's first day, "YYYY-MM-DD". */
  start_date: z.string(),
  race_lap_limit: int.nullable().optional(),
  race_time_limit: int.nullable().optional(),
  start_type: z.string().optional(),
  restart_type: z.string().optional(),
  qual_attached: z.boolean().optional(),
  special_event_type: int.nullable().optional(),
  track: TrackRef,
  weather: z.looseObject({}).optional(),
  car_restrictions: z.array(CarRestriction).optional(),
  race_time_descriptors: z.array(RaceTimeDescriptor).optional(),
});
export type SeasonSchedule = z.infer<typeof SeasonSchedule>;

export const SeriesSeason = z.looseObject({
  season_id: int,
  series_id: int,
  season_name: z.string(),
  season_short_name: z.string(),
  season_year: int,
  season_quarter: int,
  active: z.boolean(),
  official: z.boolean(),
  complete: z.boolean().optional(),
  fixed_setup: z.boolean(),
  driver_changes: z.boolean(),
  multiclass: z.boolean(),
  license_group: int,
  license_group_types: z.array(z.looseObject({ license_group_type: int })).optional(),
  car_class_ids: z.array(int),
  car_types: z.array(z.looseObject({ car_type: z.string() })).optional(),
  track_types: z.array(z.looseObject({ track_type: z.string() })).optional(),
  min_team_drivers: int,
  max_team_drivers: int,
  max_weeks: int,
  race_week: int,
  drops: int.optional(),
  incident_limit: int.optional(),
  start_date: timestamp,
  schedule_description: z.string().optional(),
  rookie_season: z.string().optional(),
  heat_ses_info: z.looseObject({}).optional(),
  schedules: z.array(SeasonSchedule),
});
export type SeriesSeason = z.infer<typeof SeriesSeason>;

export const SeriesSeasons = z.array(SeriesSeason);

/** series/past_seasons (fixture GetPastSeasonsForSeriesSuccessfulAsync): a series and its seasons, weeks reduced to tracks. */
export const PastSeason = z.looseObject({
  season_id: int,
  series_id: int,
  season_name: z.string(),
  season_short_name: z.string(),
  season_year: int,
  season_quarter: int,
  active: z.boolean(),
  official: z.boolean(),
  driver_changes: z.boolean(),
  fixed_setup: z.boolean(),
  license_group: int,
  car_classes: z.array(
    z.looseObject({
      car_class_id: int,
      short_name: z.string(),
      name: z.string(),
      relative_speed: int.optional(),
    }),
  ),
  race_weeks: z.array(z.looseObject({ season_id: int, race_week_num: int, track: TrackRef })),
});
export type PastSeason = z.infer<typeof PastSeason>;

export const SeriesInfo = z.looseObject({
  series_id: int,
  series_name: z.string(),
  series_short_name: z.string(),
  category_id: int,
  category: z.string(),
  active: z.boolean(),
  official: z.boolean(),
  fixed_setup: z.boolean().optional(),
  search_filters: z.string().optional(),
  logo: z.string().nullable().optional(),
  license_group: int,
  allowed_licenses: z.array(AllowedLicence).optional(),
});
export type SeriesInfo = z.infer<typeof SeriesInfo>;

export const PastSeasonsResponse = z.looseObject({
  success: z.boolean(),
  series_id: int,
  series: SeriesInfo.extend({ seasons: z.array(PastSeason) }),
});
export type PastSeasonsResponse = z.infer<typeof PastSeasonsResponse>;

/** season/list (fixture ListSeasonsSuccessfulAsync): every season of a year and quarter. */
export const SeasonListEntry = z.looseObject({
  season_id: int,
  series_id: int,
  season_name: z.string(),
  series_name: z.string(),
  official: z.boolean(),
  season_year: int,
  season_quarter: int,
  license_group: int,
  fixed_setup: z.boolean(),
  driver_changes: z.boolean(),
  rookie_season: z.string().optional(),
});
export type SeasonListEntry = z.infer<typeof SeasonListEntry>;

export const SeasonList = z.looseObject({
  season_year: int,
  season_quarter: int,
  seasons: z.array(SeasonListEntry),
});
export type SeasonList = z.infer<typeof SeasonList>;
