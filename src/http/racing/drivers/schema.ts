import { z } from 'zod';
import {
  DRIVER_SORTS,
  LICENCE_CLASS_GROUPS,
  type LicenceClassFilter,
  type CareerStatsDto,
  type DriverComparisonDto,
  type DriverListItemDto,
  type DriverSubsessionDto,
  type DriverSummaryDto,
} from '../../../queries/racing/drivers.ts';
import type { DriverSearchHitDto } from '../../../queries/racing/driver-search.ts';
import { driverIdSchema } from '../../../events/favorites.ts';
import { apiSchemas } from '../../openapi/schemas.ts';
import { asOfQuery } from '../shared/as-of.ts';
import {
  carSchema,
  count,
  int,
  isoDate,
  isoTime,
  lapTime,
  licenseSchema,
  listResponse,
  pagedResponse,
  trackSchema,
} from '../shared/dto.ts';
import {
  category,
  cursor,
  direction,
  idParam,
  pageSize,
  paging,
  searchText,
} from '../shared/params.ts';
import { raceTimeAsOfQuery } from '../shared/race-time.ts';

/** Parameters and answers of /api/drivers/**. */

export const listDriversQuery = z.object({
  category: category.default('sports_car'),
  sort: z
    .enum(DRIVER_SORTS)
    .default('irating')
    .describe(
      'irating, safety_rating, licence (class, then safety rating): only drivers with that figure in `category`; starts, wins (class wins): drivers who raced in `category`; name: every driver (with the licence of `category` when they hold one).',
    ),
  direction: direction
    .optional()
    .describe('Default: desc (highest first) for every sort but name, asc (A→Z) for name.'),
  licenceClass: z
    .enum(Object.keys(LICENCE_CLASS_GROUPS) as [LicenceClassFilter, ...LicenceClassFilter[]])
    .optional()
    .describe(
      'Only drivers whose licence in `category` is of this class (R, D, C, B, A, P; P includes Pro/WC).',
    ),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166-1 alpha-2)')
    .optional()
    .describe('Only drivers of this country, e.g. DE (case-insensitive).'),
  ...raceTimeAsOfQuery,
  ...paging,
});

export const searchDriversQuery = z.object({
  q: searchText,
  limit: pageSize(25).default(10).describe('Hits to return, 1–25 (default 10).'),
});

export const MAX_COMPARED = 4;

export const compareDriversQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'must be a comma-separated list of customer ids, e.g. 1,2')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().positive())
        .min(2, 'must name at least 2 different drivers')
        .max(MAX_COMPARED, `must name at most ${MAX_COMPARED} drivers`),
    )
    .describe(`2–${MAX_COMPARED} distinct customer ids, comma-separated: \`ids=123,456\`.`),
});

export const driverIdParams = z.object({ id: idParam('driver (iRacing customer)') });

export const driverSubsessionsQuery = z.object({ ...paging });

export const driverAsOfQuery = z.object({ ...asOfQuery });

export const driverListItemSchema = z
  .strictObject({
    custId: int,
    displayName: z.string(),
    countryCode: z.string().nullable(),
    license: licenseSchema.nullable().describe('The licence of the requested category.'),
    starts: count.describe('Race starts in the requested category.'),
    wins: count.describe('Class wins in the requested category.'),
  })
  .register(apiSchemas, { id: 'DriverListItem' }) satisfies z.ZodType<DriverListItemDto>;

export const driverSearchHitSchema = z
  .strictObject({
    custId: int,
    displayName: z.string(),
    countryCode: z.string().nullable(),
    licenses: z.array(licenseSchema),
  })
  .register(apiSchemas, { id: 'DriverSearchHit' }) satisfies z.ZodType<DriverSearchHitDto>;

export const careerStatsSchema = z
  .strictObject({
    category,
    starts: count,
    wins: count,
    poles: count,
    topFives: count,
    laps: count,
    lapsLed: count,
    incidents: count,
    winRate: z.number().min(0).max(1).describe('Share of starts won, 0–1.'),
    incidentsPerRace: z.number().nonnegative(),
  })
  .register(apiSchemas, { id: 'CareerStats' }) satisfies z.ZodType<CareerStatsDto>;

export const driverSummarySchema = z
  .strictObject({
    custId: int,
    displayName: z.string(),
    countryCode: z.string().nullable(),
    clubName: z.string().nullable(),
    flairName: z.string().nullable(),
    memberSince: isoDate.nullable(),
    licenses: z.array(licenseSchema),
    career: z.array(careerStatsSchema).describe('Career totals per category.'),
  })
  .register(apiSchemas, { id: 'DriverSummary' }) satisfies z.ZodType<DriverSummaryDto>;

export const driverComparisonSchema = z
  .strictObject({
    drivers: z.array(driverSummarySchema).describe('In the order asked.'),
    missing: z.array(int).describe('Asked ids that name no known driver.'),
  })
  .register(apiSchemas, { id: 'DriverComparison' }) satisfies z.ZodType<DriverComparisonDto>;

export const driverSubsessionSchema = z
  .strictObject({
    subsessionId: int,
    sessionId: int,
    startTime: isoTime,
    seriesId: int,
    seriesName: z.string(),
    seasonId: int,
    raceWeekNum: int.describe('0-based week of the season.'),
    track: trackSchema,
    category,
    eventType: z.string(),
    official: z.boolean(),
    car: carSchema,
    teamName: z.string().nullable(),
    startingPosition: int.nullable(),
    finishPosition: int,
    finishPositionInClass: int,
    lapsComplete: count,
    lapsLed: count,
    incidents: count,
    bestLapTime: lapTime,
    averageLap: lapTime,
    oldIrating: int.nullable(),
    newIrating: int.nullable(),
    iratingChange: int.nullable(),
    oldSafetyRating: z.number().nullable(),
    newSafetyRating: z.number().nullable(),
    strengthOfField: int.nullable(),
    fieldSize: count,
    reasonOut: z.string(),
    champPoints: int.nullable(),
  })
  .register(apiSchemas, { id: 'DriverSubsession' }) satisfies z.ZodType<DriverSubsessionDto>;

export const ratingFactSchema = licenseSchema
  .omit({ ttRating: true })
  .extend({
    since: isoTime.describe(
      'Race time the value became true: the start of the race it comes from, or when a profile was observed.',
    ),
    recordedAt: isoTime.describe('Learned time: when Pitwall recorded it.'),
    subsessionId: int
      .nullable()
      .describe('The race it comes from; null for a profile observation.'),
  })
  .register(apiSchemas, { id: 'RatingAsOf' });

export const driverAsOfSchema = z
  .strictObject({
    custId: int,
    displayName: z.string(),
    countryCode: z.string().nullable(),
    asOf: isoDate.nullable().describe('The race-time day asked for; null: today.'),
    known: z
      .string()
      .nullable()
      .describe('The learned time asked for (a day or an instant); null: as known now.'),
    licenses: z
      .array(ratingFactSchema)
      .describe('Per category with a rating by then, in category order.'),
    career: z
      .array(careerStatsSchema)
      .describe('Career totals per category from the races that started by then (race time).'),
  })
  .register(apiSchemas, { id: 'DriverAsOf' });

export const driverAsOfResponse = z
  .strictObject({ data: driverAsOfSchema, meta: z.strictObject({}) })
  .register(apiSchemas, { id: 'DriverAsOfResponse' });

export const driverListResponse = pagedResponse('DriverListResponse', driverListItemSchema);
export const driverSearchResponse = listResponse('DriverSearchResponse', driverSearchHitSchema);
export const driverComparisonResponse = z
  .strictObject({ data: driverComparisonSchema, meta: z.strictObject({}) })
  .register(apiSchemas, { id: 'DriverComparisonResponse' });
export const driverSubsessionsResponse = pagedResponse(
  'DriverSubsessionsResponse',
  driverSubsessionSchema,
);

/**
 * `/drivers/{id}` (the profile page): a malformed id names no page; leading zeros are accepted
 * (the handler redirects to the canonical URL).
 */
export const driverParams = z.object({
  id: z
    .string()
    .regex(/^0{0,8}[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(driverIdSchema),
});

/**
 * `/drivers/{id}?category=&races=`: the category the page shows (default: the one the driver
 * raced most) and the cursor of the recent-races page. A value that does not parse sends the
 * reader to the canonical URL without it.
 */
export const driverPageQuery = z.object({
  category: category.optional(),
  races: cursor,
});

/** Drivers per page of the `/drivers` list. */
export const DRIVER_LIST_PER_PAGE = 25;

/**
 * `/drivers?category=&sort=&direction=&licenceClass=&q=&cursor=`: the list's state, all in the
 * URL. A value that does not parse is dropped (redirect to the URL without it); an empty `q`
 * means no search.
 */
export const driverListPageQuery = z.object({
  category: category.default('sports_car'),
  sort: z.enum(DRIVER_SORTS).default('irating'),
  direction: direction.optional(),
  licenceClass: z
    .enum(Object.keys(LICENCE_CLASS_GROUPS) as [LicenceClassFilter, ...LicenceClassFilter[]])
    .optional(),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((q) => (q ? q : undefined)),
  cursor,
});

/**
 * `/drivers/{id}/compare?ids=&category=`: the other drivers (up to MAX_COMPARED − 1, comma
 * separated) and the category of the figures and the chart. A value that does not parse is
 * dropped by a redirect to the URL without it.
 */
export const comparePageQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,9}$/)
    .transform((s) => [...new Set(s.split(',').map(Number))].filter((n) => n > 0))
    .optional(),
  category: category.optional(),
});
