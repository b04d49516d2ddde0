import { z } from 'zod';
import { defineEvent, type EventData } from '../../eventstore/event-types.ts';
import { id, isoDate, racingCategory } from './common.ts';

/**
 * Facts about one iRacing member, stream `driver-<custId>`: the profile with a licence per
 * category (member/get) and rating histories (member/chart_data). Display names are public
 * racing data, not personal data of Pitwall users.
 */

export const driverLicense = z.object({
  category: racingCategory,
  licenseLevel: z.number().int().min(1).max(28),
  /** As the API prints it, two decimals (3.45). */
  safetyRating: z.number().nonnegative(),
  /** Licence group 1..7 (Rookie … Pro/WC); authoritative for the class letter. */
  group: z.number().int().min(1).max(7),
  /** null when the member has never raced the category. */
  irating: z.number().int().nullable(),
  ttRating: z.number().int().nullable(),
  cpi: z.number().nullable(),
});
export type DriverLicense = z.infer<typeof driverLicense>;

export const driverProfileData = z.object({
  custId: id,
  displayName: z.string(),
  memberSince: isoDate.nullable(),
  /** ISO 3166 alpha-2 where known (results carry it; member/get only a flair). */
  countryCode: z.string().nullable(),
  /** The flag the member flies ("Australia"). */
  flairName: z.string().nullable(),
  clubName: z.string().nullable(),
  licenses: z.array(driverLicense),
});
export type DriverProfileData = z.infer<typeof driverProfileData>;

export const RATING_CHARTS = ['irating', 'tt_rating', 'license'] as const;
export type RatingChart = (typeof RATING_CHARTS)[number];

/** A complete chart as fetched: it replaces the earlier points of the same (category, chart). */
export const driverRatingHistoryData = z.object({
  custId: id,
  category: racingCategory,
  /** member/chart_data chart_type 1 = irating, 2 = tt_rating, 3 = license (value = sub-level). */
  chart: z.enum(RATING_CHARTS),
  points: z.array(z.object({ date: isoDate, value: z.number().int() })),
});
export type DriverRatingHistoryData = z.infer<typeof driverRatingHistoryData>;

/** Profile as of `metadata.occurredAt`; older facts never overwrite newer ones in read models. */
export const DriverProfileRecorded = defineEvent({
  type: 'DriverProfileRecorded',
  version: 1,
  schema: driverProfileData,
});

export const DriverRatingHistoryRecorded = defineEvent({
  type: 'DriverRatingHistoryRecorded',
  version: 1,
  schema: driverRatingHistoryData,
});

export type DriverProfileRecordedEvent = {
  type: 'DriverProfileRecorded';
  data: EventData<typeof DriverProfileRecorded>;
};
export type DriverRatingHistoryRecordedEvent = {
  type: 'DriverRatingHistoryRecorded';
  data: EventData<typeof DriverRatingHistoryRecorded>;
};
export type DriverEvent = DriverProfileRecordedEvent | DriverRatingHistoryRecordedEvent;

export const driverEventTypes = [
  'DriverProfileRecorded',
  'DriverRatingHistoryRecorded',
] as const satisfies readonly DriverEvent['type'][];
