import { z } from 'zod';
import { ChunkInfo, TrackRef, int, timestamp } from './common.ts';

/**
 * results/search_series (fixture SearchOfficialResultsSuccessfulAsync): the /data answer itself
 * is `{type, data: {success, chunk_info, params}}` — no `link` indirection — and the rows are in
 * the chunks. One row per subsession, practice and qualifying sessions included (`event_type`).
 * Unrun or unscored values are −1 (`event_strength_of_field` of a practice, `num_cautions`…).
 */
export const SearchSeriesHeader = z.looseObject({
  type: z.string(),
  data: z.looseObject({
    success: z.boolean(),
    chunk_info: ChunkInfo,
    params: z.looseObject({}).optional(),
  }),
});
export type SearchSeriesHeader = z.infer<typeof SearchSeriesHeader>;

export const SearchSeriesRow = z.looseObject({
  session_id: int,
  subsession_id: int,
  start_time: timestamp,
  end_time: timestamp,
  license_category_id: int,
  license_category: z.string(),
  num_drivers: int,
  num_cautions: int,
  num_caution_laps: int,
  num_lead_changes: int,
  event_laps_complete: int,
  driver_changes: z.boolean(),
  winner_group_id: int,
  winner_name: z.string(),
  winner_ai: z.boolean().optional(),
  track: TrackRef,
  official_session: z.boolean(),
  season_id: int,
  season_year: int,
  season_quarter: int,
  event_type: int,
  event_type_name: z.string(),
  series_id: int,
  series_name: z.string(),
  series_short_name: z.string(),
  race_week_num: int,
  event_strength_of_field: int,
  event_average_lap: int,
  event_best_lap_time: int,
});
export type SearchSeriesRow = z.infer<typeof SearchSeriesRow>;

/**
 * results/season_results (fixture GetSeasonResultsSuccessfulAsync): a season's (or one week's)
 * subsessions in one payload behind a link.
 */
export const SeasonResultsRow = z.looseObject({
  race_week_num: int,
  event_type: int,
  event_type_name: z.string(),
  start_time: timestamp,
  session_id: int,
  subsession_id: int,
  official_session: z.boolean(),
  event_strength_of_field: int,
  event_best_lap_time: int,
  num_cautions: int,
  num_caution_laps: int,
  num_lead_changes: int,
  num_drivers: int,
  track: TrackRef,
});
export type SeasonResultsRow = z.infer<typeof SeasonResultsRow>;

export const SeasonResults = z.looseObject({
  success: z.boolean(),
  season_id: int,
  event_type: int.optional(),
  race_week_num: int.optional(),
  results_list: z.array(SeasonResultsRow),
});
export type SeasonResults = z.infer<typeof SeasonResults>;
