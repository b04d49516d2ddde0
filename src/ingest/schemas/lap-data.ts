import { z } from 'zod';
import { ChunkInfo, Helmet, Livery, int, timestamp } from './common.ts';

/**
 * results/lap_data (fixture GetSingleDriverSubsessionLapsSuccessfulAsync): link → header with
 * `chunk_info` (on the public CloudFront host) → chunks of lap rows. `lap_time` is in 1/10000 s,
 * −1 for lap 0 and laps without a valid time; `flags` is a bit set, `lap_events` its words.
 */
export const LapDataHeader = z.looseObject({
  success: z.boolean(),
  session_info: z.looseObject({
    subsession_id: int,
    session_id: int,
    simsession_number: int,
    simsession_type: int,
    event_type: int,
    event_type_name: z.string(),
    season_name: z.string().optional(),
    series_name: z.string().optional(),
    start_time: timestamp,
    track: z.looseObject({
      track_id: int,
      track_name: z.string(),
      config_name: z.string().optional(),
    }),
  }),
  best_lap_num: int,
  best_lap_time: int,
  best_nlaps_num: int.optional(),
  best_nlaps_time: int.optional(),
  best_qual_lap_num: int.optional(),
  best_qual_lap_time: int.optional(),
  best_qual_lap_at: z.string().nullable().optional(),
  chunk_info: ChunkInfo,
  group_id: int,
  cust_id: int.optional(),
  car_id: int,
  license_level: int.optional(),
  livery: Livery.optional(),
});
export type LapDataHeader = z.infer<typeof LapDataHeader>;

export const LapDataRow = z.looseObject({
  group_id: int,
  cust_id: int,
  display_name: z.string(),
  lap_number: int,
  flags: int,
  incident: z.boolean(),
  session_time: int,
  session_start_time: z.string().nullable().optional(),
  lap_time: int,
  team_fastest_lap: z.boolean().optional(),
  personal_best_lap: z.boolean(),
  helmet: Helmet.optional(),
  license_level: int.optional(),
  car_number: z.string().optional(),
  lap_events: z.array(z.string()),
  ai: z.boolean().optional(),
});
export type LapDataRow = z.infer<typeof LapDataRow>;
