import { z } from 'zod';
import { GEAR_TYPES } from '../../events/gear.ts';
import type { Paged } from '../../queries/articles.ts';
import type { ProDto, ProSummaryDto } from '../../queries/pros.ts';
import type { ApiOperation } from '../openapi/operation.ts';
import { apiSchemas } from '../openapi/schemas.ts';
import { licenseSchema } from '../racing/shared/dto.ts';
import { apiProsQuery, proIdParams } from './schema.ts';

const pageMeta = z.strictObject({
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  lastPage: z.number().int().nonnegative(),
});

export const proSummarySchema = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    custId: z.number().int().positive().nullable().describe('iRacing customer id (/api/drivers).'),
    countryCode: z.string().nullable(),
    background: z.string().nullable(),
    teamName: z.string().nullable(),
    topLicense: licenseSchema.nullable().describe('The licence with the highest iRating.'),
    updatedAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: 'ProSummary' }) satisfies z.ZodType<ProSummaryDto>;

export const proSchema = z
  .strictObject({
    ...proSummarySchema.shape,
    iracingName: z.string().nullable(),
    bioHtml: z.string().describe('Sanitised HTML of the markdown bio.'),
    links: z.array(z.strictObject({ label: z.string(), url: z.url() })),
    licenses: z.array(licenseSchema),
    gear: z.array(
      z.strictObject({
        id: z.uuid(),
        type: z.enum(GEAR_TYPES),
        typeSlug: z.string(),
        brand: z.string(),
        model: z.string(),
      }),
    ),
    createdAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: 'Pro' }) satisfies z.ZodType<ProDto>;

export const proListResponse = z
  .strictObject({ data: z.array(proSummarySchema), meta: pageMeta })
  .register(apiSchemas, { id: 'ProListResponse' }) satisfies z.ZodType<Paged<ProSummaryDto>>;

export const prosOperation: ApiOperation = {
  name: 'api.pros',
  tag: 'Pros',
  summary: 'Professional drivers by name, with their best live licence',
  description: 'Page-numbered; `q` matches part of the name, team or background.',
  query: apiProsQuery,
  response: proListResponse,
  errors: [400],
};

export const proOperation: ApiOperation = {
  name: 'api.pros.show',
  tag: 'Pros',
  summary: 'One professional driver with bio, links and live licences',
  params: proIdParams,
  response: z.strictObject({ data: proSchema }).register(apiSchemas, { id: 'ProResponse' }),
  errors: [404],
};
