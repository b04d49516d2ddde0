import { z } from 'zod';
import { AllowedLicence, Helmet, Livery, Suit, TrackRef, int, timestamp } from './common.ts';

/**
 * results/get: one subsession with every simsession (practice, qualifying, race) and its rows.
 * Recorded drift (fixtures GetSubSessionResult*):
 *  - 2024 drops `num_drivers`, `event_best_lap_time`, rows' `country_code`, and car classes'
 *    `strength_of_field` / `num_entries`; it adds car classes' `relative_speed` and cars'
 *    `package_id`; weather trades `simulated_start_time` for `simulated_start_utc_time/offset`;
 *  - 2022 rows sometimes carry `flair_id` / `flair_name`;
 *  - team events list teams (team_id, no cust_id, `oldi_rating: -1`) with their drivers in
 *    `driver_results`.
 * Times are in 1/10000 s (−1 = none); positions are 0-based.
 */

const resultRowFields = {
  display_name: z.string(),
  finish_position: int,
  finish_position_in_class: int,
  starting_position: int,
  starting_position_in_class: int.optional(),
  laps_complete: int,
  laps_lead: int,
  incidents: int,
  interval: int,
  class_interval: int,
  average_lap: int,
  best_lap_time: int,
  best_lap_num: int,
  qual_lap_time: int.optional(),
  car_class_id: int,
  car_class_name: z.string().optional(),
  car_class_short_name: z.string().optional(),
  car_id: int,
  car_name: z.string().optional(),
  oldi_rating: int,
  newi_rating: int,
  old_license_level: int,
  new_license_level: int,
  old_sub_level: int,
  new_sub_level: int,
  old_cpi: z.number().optional(),
  new_cpi: z.number().optional(),
  old_ttrating: int.optional(),
  new_ttrating: int.optional(),
  reason_out: z.string(),
  reason_out_id: int,
  champ_points: int,
  club_points: int.optional(),
  division: int.optional(),
  division_name: z.string().optional(),
  club_id: int.optional(),
  club_name: z.string().optional(),
  /** Absent in the 2024 recording. */
  country_code: z.string().optional(),
  flair_id: int.optional(),
  flair_name: z.string().optional(),
  ai: z.boolean().optional(),
  drop_race: z.boolean().optional(),
  livery: Livery.optional(),
  helmet: Helmet.optional(),
  suit: Suit.optional(),
};

/** A driver's row (single-driver events, and each driver inside a team row). */
export const DriverResultRow = z.looseObject({
  cust_id: int,
  team_id: int.optional(),
  ...resultRowFields,
});
export type DriverResultRow = z.infer<typeof DriverResultRow>;

/** A team's row in a team event: iRating fields are −1; the drivers are in `driver_results`. */
export const TeamResultRow = z.looseObject({
  team_id: int,
  ...resultRowFields,
  driver_results: z.array(DriverResultRow),
});
export type TeamResultRow = z.infer<typeof TeamResultRow>;

/** A row of a simsession's results: a driver, or a team with its drivers. */
export const SessionResultRow = z.union([TeamResultRow, DriverResultRow]);
export type SessionResultRow = z.infer<typeof SessionResultRow>;

export function isTeamResultRow(row: SessionResultRow): row is TeamResultRow {
  return Array.isArray((row as { driver_results?: unknown }).driver_results);
}

/** simsession_type values seen in results. */
export const SIMSESSION_TYPE = {
  openPractice: 3,
  loneQualifying: 4,
  openQualifying: 5,
  race: 6,
} as const;

export const SessionResult = z.looseObject({
  /** 0 = the main event; −1, −2 … the sessions before it. */
  simsession_number: int,
  simsession_type: int,
  simsession_type_name: z.string(),
  simsession_subtype: int.optional(),
  simsession_name: z.string(),
  results: z.array(SessionResultRow),
  /** 2024 only. */
  weather_result: z.looseObject({}).optional(),
});
export type SessionResult = z.infer<typeof SessionResult>;

export const SubsessionCarClass = z.looseObject({
  car_class_id: int,
  short_name: z.string(),
  name: z.string(),
  /** Absent in 2024; deviates from the SOF formula by up to ~9 (see src/domain/strength-of-field.ts). */
  strength_of_field: int.optional(),
  num_entries: int.optional(),
  relative_speed: int.optional(),
  cars_in_class: z.array(z.looseObject({ car_id: int, package_id: int.optional() })),
});
export type SubsessionCarClass = z.infer<typeof SubsessionCarClass>;

export const SubsessionWeather = z.looseObject({
  type: int.optional(),
  temp_units: int.optional(),
  temp_value: z.number().optional(),
  rel_humidity: z.number().optional(),
  skies: int.optional(),
  wind_dir: int.optional(),
  wind_units: int.optional(),
  wind_value: z.number().optional(),
  simulated_start_time: z.string().optional(),
  simulated_start_utc_time: z.string().optional(),
  simulated_start_utc_offset: int.optional(),
});
export type SubsessionWeather = z.infer<typeof SubsessionWeather>;

export const SubsessionResult = z.looseObject({
  subsession_id: int,
  session_id: int,
  season_id: int,
  season_name: z.string(),
  season_short_name: z.string().optional(),
  season_year: int,
  season_quarter: int,
  series_id: int,
  series_name: z.string(),
  series_short_name: z.string().optional(),
  series_logo: z.string().nullable().optional(),
  race_week_num: int,
  event_type: int,
  event_type_name: z.string(),
  license_category_id: int,
  license_category: z.string(),
  start_time: timestamp,
  end_time: timestamp,
  official_session: z.boolean(),
  event_strength_of_field: int,
  event_average_lap: int,
  /** Absent in 2024. */
  event_best_lap_time: int.optional(),
  event_laps_complete: int,
  /** Absent in 2024: count the race rows instead. */
  num_drivers: int.optional(),
  num_cautions: int,
  num_caution_laps: int,
  num_lead_changes: int,
  driver_changes: z.boolean(),
  min_team_drivers: int,
  max_team_drivers: int,
  points_type: z.string().optional(),
  special_event_type: int.optional(),
  associated_subsession_ids: z.array(int).optional(),
  session_splits: z
    .array(z.looseObject({ subsession_id: int, event_strength_of_field: int }))
    .optional(),
  allowed_licenses: z.array(AllowedLicence).optional(),
  car_classes: z.array(SubsessionCarClass),
  session_results: z.array(SessionResult),
  track: TrackRef,
  weather: SubsessionWeather.optional(),
  results_restricted: z.boolean().optional(),
});
export type SubsessionResult = z.infer<typeof SubsessionResult>;

/** The main event's session (simsession_number 0), if the subsession has one. */
export function mainEventSession(result: SubsessionResult): SessionResult | undefined {
  return result.session_results.find((s) => s.simsession_number === 0);
}
