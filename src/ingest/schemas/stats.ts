import { z } from 'zod';
import { ChunkInfo, Helmet, StatsLicence, int, timestamp } from './common.ts';

/**
 * stats/world_records (fixture GetWorldRecordStatisticsSuccessfulAsync): link → `{type, data:
 * {chunk_info, car_id, track_id}}` → chunks of rows, one per driver: best practice, qualifying,
 * time-trial and race lap at this car and track configuration (1/10000 s; null or −1 = none).
 */
export const WorldRecordsHeader = z.looseObject({
  type: z.string(),
  data: z.looseObject({
    success: z.boolean(),
    car_id: int,
    track_id: int,
    chunk_info: ChunkInfo,
    last_updated: timestamp.optional(),
  }),
});
export type WorldRecordsHeader = z.infer<typeof WorldRecordsHeader>;

const lapTime = int.nullable().optional();
const lapDate = z.string().nullable().optional();

export const WorldRecordRow = z.looseObject({
  cust_id: int,
  display_name: z.string(),
  club_id: int.optional(),
  club_name: z.string().optional(),
  car_id: int,
  track_id: int,
  season_year: int.nullable().optional(),
  season_quarter: int.nullable().optional(),
  country_code: z.string().optional(),
  region: z.string().optional(),
  /** license_level here is historical while group_id is current: they can disagree. */
  license: StatsLicence,
  practice_lap_time: lapTime,
  practice_date: lapDate,
  qualify_lap_time: lapTime,
  qualify_date: lapDate,
  tt_lap_time: lapTime,
  tt_date: lapDate,
  race_lap_time: lapTime,
  race_date: lapDate,
});
export type WorldRecordRow = z.infer<typeof WorldRecordRow>;

/**
 * stats/season_driver_standings (fixture GetSeasonDriverStandingsSuccessfulAsync): link → header
 * with `chunk_info` and a `csv_url` export of the same table → chunks of standings rows.
 */
export const SeasonDriverStandingsHeader = z.looseObject({
  success: z.boolean(),
  season_id: int,
  season_name: z.string(),
  series_id: int,
  series_name: z.string(),
  car_class_id: int,
  race_week_num: int,
  division: int.optional(),
  club_id: int.optional(),
  customer_rank: int.optional(),
  chunk_info: ChunkInfo,
  last_updated: timestamp.optional(),
  csv_url: z.string().optional(),
});
export type SeasonDriverStandingsHeader = z.infer<typeof SeasonDriverStandingsHeader>;

export const SeasonDriverStandingRow = z.looseObject({
  rank: int,
  cust_id: int,
  display_name: z.string(),
  division: int.optional(),
  country_code: z.string().optional(),
  country: z.string().optional(),
  club_id: int.optional(),
  club_name: z.string().optional(),
  license: StatsLicence,
  helmet: Helmet.optional(),
  weeks_counted: int,
  starts: int,
  wins: int,
  top5: int,
  top25_percent: int.optional(),
  poles: int,
  avg_start_position: int,
  avg_finish_position: int,
  avg_field_size: int,
  laps: int,
  laps_led: int,
  incidents: int,
  points: int,
  raw_points: z.number(),
  week_dropped: z.boolean().optional(),
});
export type SeasonDriverStandingRow = z.infer<typeof SeasonDriverStandingRow>;
