import { z } from 'zod';

/**
 * Building blocks shared by the payload schemas.
 *
 * Drift policy (see docs/iracing-api.md): every object is `z.looseObject` — fields the API adds
 * later pass through untouched and stay available to whoever needs them — and a field is
 * required only when Pitwall uses it AND every recorded year carries it. Fields seen in some
 * recordings only are `.optional()`; fields recorded as null are `.nullable()`. No schema
 * transforms values, so a schema's input type equals its output type and the demo-data generator
 * can build payloads typed by the same names.
 */

export const int = z.number().int();
/** ISO-8601 timestamps and dates stay strings: precision varies (seconds to nanoseconds). */
export const timestamp = z.string().min(1);

export const Helmet = z.looseObject({
  pattern: int,
  color1: z.string(),
  color2: z.string(),
  color3: z.string(),
  face_type: int.optional(),
  helmet_type: int.optional(),
});
export type Helmet = z.infer<typeof Helmet>;

export const Livery = z.looseObject({
  car_id: int,
  pattern: int.optional(),
  color1: z.string().optional(),
  color2: z.string().optional(),
  color3: z.string().optional(),
  car_number: z.string().nullable().optional(),
  wheel_color: z.string().nullable().optional(),
  rim_type: int.optional(),
});
export type Livery = z.infer<typeof Livery>;

export const Suit = z.looseObject({
  pattern: int,
  color1: z.string(),
  color2: z.string(),
  color3: z.string(),
});
export type Suit = z.infer<typeof Suit>;

/** A track reference inside another payload. `config_name` is absent for single-layout tracks in schedules, "N/A" in search rows. */
export const TrackRef = z.looseObject({
  track_id: int,
  track_name: z.string(),
  config_name: z.string().optional(),
  category_id: int.optional(),
  category: z.string().optional(),
});
export type TrackRef = z.infer<typeof TrackRef>;

/**
 * A chunked answer's directory: fetch `base_download_url + chunk_file_names[i]` in order and
 * concatenate. `rows` is informational only: the recorded stats/world_records says 10614 rows but
 * its two chunks hold 2000 each.
 */
export const ChunkInfo = z.looseObject({
  chunk_size: int,
  num_chunks: int,
  rows: int,
  base_download_url: z.string().optional(),
  /** Absent or empty when there are no rows. */
  chunk_file_names: z.array(z.string()).optional(),
});
export type ChunkInfo = z.infer<typeof ChunkInfo>;

/** The /data answer that points at the real payload (a signed S3 URL, fetched without auth). */
export const LinkEnvelope = z.looseObject({
  link: z.url(),
  expires: timestamp.optional(),
});
export type LinkEnvelope = z.infer<typeof LinkEnvelope>;

/** The licence object inside stats rows (world records, season standings). */
export const StatsLicence = z.looseObject({
  category_id: int,
  category: z.string(),
  license_level: int,
  safety_rating: z.number(),
  irating: int.optional(),
  tt_rating: int.optional(),
  color: z.string().optional(),
  group_name: z.string(),
  group_id: int,
});
export type StatsLicence = z.infer<typeof StatsLicence>;

/** Licence bounds of a series or session (allowed_licenses). */
export const AllowedLicence = z.looseObject({
  parent_id: int.optional(),
  license_group: int,
  min_license_level: int,
  max_license_level: int,
  group_name: z.string(),
});
export type AllowedLicence = z.infer<typeof AllowedLicence>;
