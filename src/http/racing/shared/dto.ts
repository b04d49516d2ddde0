import { z } from 'zod';
import type {
  CarDto,
  DriverRefDto,
  JsonText,
  LicenseDto,
  TrackDto,
} from '../../../queries/racing/shapes.ts';
import { apiSchemas } from '../../openapi/schemas.ts';
import { category } from './params.ts';

/**
 * Response schemas shared by the racing endpoints, mirroring the DTOs of src/queries/racing
 * (`satisfies z.ZodType<Dto>` makes a DTO change that the schema does not follow a type error).
 * Objects are strict: a field the query adds without the schema fails the API tests, which
 * validate real answers with these schemas, so /api/openapi.json cannot drift from the answers.
 */

export const int = z.number().int();
export const count = z.number().int().nonnegative();
export const isoTime = z.iso.datetime().describe('ISO 8601 time, UTC.');
export const isoDate = z.iso.date().describe('YYYY-MM-DD.');
export const lapTime = z
  .number()
  .int()
  .positive()
  .nullable()
  .describe('Lap time in 1/10000 s (the iRacing unit); null when none was set.');

export const trackSchema = z
  .strictObject({ trackId: int, trackName: z.string(), configName: z.string().nullable() })
  .register(apiSchemas, { id: 'Track' }) satisfies z.ZodType<TrackDto>;

export const carSchema = z
  .strictObject({ carId: int, carName: z.string() })
  .register(apiSchemas, { id: 'Car' }) satisfies z.ZodType<CarDto>;

export const driverRefSchema = z
  .strictObject({ custId: int, displayName: z.string() })
  .register(apiSchemas, { id: 'DriverRef' }) satisfies z.ZodType<DriverRefDto>;

export const licenseSchema = z
  .strictObject({
    category,
    irating: int.nullable(),
    safetyRating: z.number().nullable().describe('Safety rating, two decimals (4.75).'),
    licenseLevel: int.nullable().describe('iRacing license_level, 1–28.'),
    licenseClass: z.string().nullable().describe('R, D, C, B, A, P or PWC.'),
    licence: z.string().nullable().describe('As iRacing prints it: "A 4.75".'),
    ttRating: int.nullable(),
  })
  .register(apiSchemas, { id: 'License' }) satisfies z.ZodType<LicenseDto>;

export const pageMeta = z
  .strictObject({
    perPage: count.describe('The limit this page was asked with.'),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` for the next page; null on the last page.'),
  })
  .register(apiSchemas, { id: 'PageMeta' });

export const listMeta = z
  .strictObject({ total: count.describe('Number of items in `data` (the whole list).') })
  .register(apiSchemas, { id: 'ListMeta' });

/** `{data: Item[], meta: {perPage, nextCursor}}`: one page of a cursor-paged list. */
export function pagedResponse<T extends z.ZodType>(id: string, item: T) {
  return z.strictObject({ data: z.array(item), meta: pageMeta }).register(apiSchemas, { id });
}

/** `{data: Item[], meta: {total}}`: a list that is always answered whole. */
export function listResponse<T extends z.ZodType>(id: string, item: T) {
  return z.strictObject({ data: z.array(item), meta: listMeta }).register(apiSchemas, { id });
}

/** `{data: Item, meta: {}}`: one resource. */
export function itemResponse<T extends z.ZodType>(id: string, item: T) {
  return z.strictObject({ data: item, meta: z.strictObject({}) }).register(apiSchemas, { id });
}

/** The envelope of a page from a query function (`{items, nextCursor}`). */
export function paged<T>(page: { items: T[]; nextCursor: string | null }, perPage: number) {
  return { data: page.items, meta: { perPage, nextCursor: page.nextCursor } };
}

export function whole<T>(items: T[]) {
  return { data: items, meta: { total: items.length } };
}

/**
 * An answer already written as JSON text, sent as it is: the text JSON.stringify would make of a
 * value of type T (the endpoint checks the type, the API tests the text).
 */
export class JsonAnswer<T> {
  declare readonly value?: T;
  constructor(readonly text: string) {}
}

/** `whole` of items stored as JSON texts: the same answer, written without parsing them. */
export function wholeJson<T>(
  items: readonly JsonText<T>[],
): JsonAnswer<{ data: T[]; meta: { total: number } }> {
  return new JsonAnswer(`{"data":[${items.join(',')}],"meta":{"total":${items.length}}}`);
}

/** `{data: item, meta: {}}` of an item stored as JSON text: the same answer, written without parsing it. */
export function itemJson<T>(
  item: JsonText<T>,
): JsonAnswer<{ data: T; meta: Record<string, never> }> {
  return new JsonAnswer(`{"data":${item},"meta":{}}`);
}
