import { z } from 'zod';
import { GEAR_TYPES } from '../../events/gear.ts';
import type { GearItemDto, GearTypeCountDto } from '../../queries/gear.ts';
import type { ApiOperation } from '../openapi/operation.ts';
import { apiSchemas } from '../openapi/schemas.ts';
import { apiGearListQuery, gearTypeParams } from './schema.ts';

const gearTypeSchema = z.enum(GEAR_TYPES);

export const gearTypeCountSchema = z
  .strictObject({
    type: gearTypeSchema,
    slug: z.string().describe('The URL form of the type: /api/gears/{slug}.'),
    count: z.number().int().nonnegative(),
  })
  .register(apiSchemas, { id: 'GearTypeCount' }) satisfies z.ZodType<GearTypeCountDto>;

export const gearItemSchema = z
  .strictObject({
    id: z.uuid(),
    type: gearTypeSchema,
    brand: z.string(),
    model: z.string(),
    description: z.string().nullable(),
    priceMinUsd: z.number().int().nullable().describe('Whole US dollars.'),
    priceMaxUsd: z.number().int().nullable(),
    url: z.url().nullable(),
    usedBy: z
      .array(z.strictObject({ id: z.uuid(), name: z.string() }))
      .describe('Pro drivers (/api/pros/{id}).'),
    updatedAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: 'GearItem' }) satisfies z.ZodType<GearItemDto>;

export const gearTypesOperation: ApiOperation = {
  name: 'api.gears',
  tag: 'Gear',
  summary: 'Gear types with how many items each has',
  response: z
    .strictObject({ data: z.array(gearTypeCountSchema) })
    .register(apiSchemas, { id: 'GearTypeListResponse' }),
  errors: [],
};

export const gearOfTypeOperation: ApiOperation = {
  name: 'api.gears.type',
  tag: 'Gear',
  summary: 'The gear items of one type, by brand and model',
  description: '`type` is the kebab form (`wheel-base`); `q` matches part of brand or model.',
  params: gearTypeParams,
  query: apiGearListQuery,
  response: z
    .strictObject({
      data: z.array(gearItemSchema),
      meta: z.strictObject({
        page: z.number().int().positive(),
        perPage: z.number().int().positive(),
        total: z.number().int().nonnegative(),
        lastPage: z.number().int().nonnegative(),
      }),
    })
    .register(apiSchemas, { id: 'GearItemListResponse' }),
  errors: [400, 404],
};
