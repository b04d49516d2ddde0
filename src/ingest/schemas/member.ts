import { z } from 'zod';
import { Helmet, int, timestamp } from './common.ts';

/**
 * member/get with licences (fixture GetDriverInfoWithLicensesSuccessfulAsync). One licence per
 * category: 1 oval, 3 dirt_oval, 4 dirt_road, 5 sports_car, 6 formula_car (2 road is the
 * pre-2024 category still found in older results and stats). `irating` is absent for a category
 * the member never raced (recorded: oval, dirt oval).
 */
export const MemberLicence = z.looseObject({
  category_id: int,
  category: z.string(),
  category_name: z.string().optional(),
  license_level: int,
  safety_rating: z.number(),
  cpi: z.number().optional(),
  irating: int.optional(),
  tt_rating: int.optional(),
  mpr_num_races: int.optional(),
  color: z.string().optional(),
  group_name: z.string(),
  group_id: int,
  pro_promotable: z.boolean().optional(),
  seq: int.optional(),
});
export type MemberLicence = z.infer<typeof MemberLicence>;

export const MemberInfo = z.looseObject({
  cust_id: int,
  display_name: z.string(),
  helmet: Helmet.optional(),
  last_login: timestamp.optional(),
  member_since: z.string().optional(),
  /** Flair replaced the club/country field; the short name is an ISO-like country code. */
  flair_id: int.optional(),
  flair_name: z.string().optional(),
  flair_shortname: z.string().optional(),
  ai: z.boolean().optional(),
  /** Present only when asked with include_licenses=true. */
  licenses: z.array(MemberLicence).optional(),
});
export type MemberInfo = z.infer<typeof MemberInfo>;

export const MemberGetResponse = z.looseObject({
  success: z.boolean(),
  cust_ids: z.array(int),
  members: z.array(MemberInfo),
});
export type MemberGetResponse = z.infer<typeof MemberGetResponse>;

/** member/chart_data chart types. */
export const CHART_TYPE = { irating: 1, ttRating: 2, licence: 3 } as const;

/**
 * member/chart_data (fixture GetMemberChartDataSuccessfulAsync): one point per week with a
 * change; `value` is the iRating (chart_type 1), the TT rating (2) or a licence value (3).
 */
export const ChartData = z.looseObject({
  success: z.boolean(),
  blackout: z.boolean(),
  cust_id: int,
  category_id: int,
  chart_type: int,
  data: z.array(z.looseObject({ when: z.string(), value: z.number() })),
});
export type ChartData = z.infer<typeof ChartData>;

/** lookup/drivers (fixture SearchDriversSuccessfulAsync). */
export const DriverSearchRow = z.looseObject({
  cust_id: int,
  display_name: z.string(),
  helmet: Helmet.optional(),
});
export type DriverSearchRow = z.infer<typeof DriverSearchRow>;
