import { racingCategoryFromId, type RacingCategory } from '../../events/racing/common.ts';
import type { TrackRef } from '../schemas/index.ts';
import { IngestMappingError } from './mapping-error.ts';

/**
 * Conversions from the API's encodings to the racing events' (see src/events/racing/common.ts):
 * the API writes −1 (sometimes 0) for "none", positions 0-based, timestamps with any precision.
 */

/** A lap time in 1/10000 s, or null for the API's −1 / 0 (no time set). */
export const lapTimeOrNull = (v: number | undefined): number | null =>
  v !== undefined && v > 0 ? v : null;

/** A rating (iRating, sub-level) or null for the API's −1. */
export const ratingOrNull = (v: number | undefined): number | null =>
  v !== undefined && v >= 0 ? v : null;

/** A licence level 1..28 or null (−1 / 0 in team rows). */
export const levelOrNull = (v: number | undefined): number | null =>
  v !== undefined && v > 0 ? v : null;

/** 1-based position from the API's 0-based one; null for −1 (did not start). */
export const placeOrNull = (v: number | undefined): number | null =>
  v !== undefined && v >= 0 ? v + 1 : null;

/** A count that the API writes as −1 when unscored (practice cautions…): 0. */
export const countOrZero = (v: number | undefined): number => (v !== undefined && v > 0 ? v : 0);

/** A count or null when absent / −1. */
export const countOrNull = (v: number | null | undefined): number | null =>
  v !== undefined && v !== null && v >= 0 ? v : null;

/** ISO-8601 with milliseconds and Z; throws IngestMappingError for an unparseable time. */
export function isoTime(value: string, subject: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms))
    throw new IngestMappingError(subject, `not a time: ${JSON.stringify(value)}`);
  return new Date(ms).toISOString();
}

/** "YYYY-MM-DD" from a date or a timestamp; throws for anything else. */
export function isoDay(value: string, subject: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (!m) throw new IngestMappingError(subject, `not a date: ${JSON.stringify(value)}`);
  return m[1]!;
}

export function categoryOf(id: number, subject: string): RacingCategory {
  const category = racingCategoryFromId(id);
  if (!category) throw new IngestMappingError(subject, `unknown licence category id ${id}`);
  return category;
}

/** The track reference of the events: config "N/A" / "" mean a single-layout track (null). */
export function trackRefOf(track: TrackRef): {
  trackId: number;
  trackName: string;
  configName: string | null;
} {
  const config = track.config_name?.trim();
  return {
    trackId: track.track_id,
    trackName: track.track_name,
    configName: config && config !== 'N/A' ? config : null,
  };
}

/** A licence group 1..7 or null. */
export const groupOrNull = (v: number | undefined): number | null =>
  v !== undefined && Number.isInteger(v) && v >= 1 && v <= 7 ? v : null;
