import { z } from 'zod';
import type { Paged } from '../../queries/articles.ts';
import type { TeamDto, TeamSummaryDto } from '../../queries/teams.ts';
import type { ApiOperation } from '../openapi/operation.ts';
import { apiSchemas } from '../openapi/schemas.ts';
import { licenseSchema } from '../racing/shared/dto.ts';
import { apiTeamsQuery, teamShowQuery, teamSlugParams } from './schema.ts';

/** /api/teams and /api/teams/{slug}, described from the schemas the handlers use. */
const pageMeta = z.strictObject({
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  lastPage: z.number().int().nonnegative(),
});

export const teamSummarySchema = z
  .strictObject({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    tag: z.string().nullable(),
    memberCount: z.number().int().nonnegative(),
    averageIrating: z
      .number()
      .int()
      .nullable()
      .describe('Average iRating of the members rated in `category`; null when none is.'),
    ratedMembers: z.number().int().nonnegative(),
    updatedAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: 'TeamSummary' }) satisfies z.ZodType<TeamSummaryDto>;

export const teamSchema = z
  .strictObject({
    ...teamSummarySchema.shape,
    description: z.string().nullable(),
    links: z.array(z.strictObject({ label: z.string(), url: z.url() })),
    createdAt: z.iso.datetime(),
    members: z.array(
      z.strictObject({
        custId: z.number().int().positive().describe('iRacing customer id (/api/drivers/{id}).'),
        displayName: z
          .string()
          .nullable()
          .describe('null while the racing data does not know the driver.'),
        countryCode: z.string().nullable(),
        licenses: z.array(licenseSchema),
      }),
    ),
  })
  .register(apiSchemas, { id: 'Team' }) satisfies z.ZodType<TeamDto>;

export const teamListResponse = z
  .strictObject({ data: z.array(teamSummarySchema), meta: pageMeta })
  .register(apiSchemas, { id: 'TeamListResponse' }) satisfies z.ZodType<Paged<TeamSummaryDto>>;

export const teamResponse = z
  .strictObject({ data: teamSchema })
  .register(apiSchemas, { id: 'TeamResponse' });

export const teamsOperation: ApiOperation = {
  name: 'api.teams',
  tag: 'Teams',
  summary: 'Teams, by member count, average iRating or name',
  description:
    'Page-numbered; `q` matches part of the name or the tag; a page past the last one has empty `data`.',
  query: apiTeamsQuery,
  response: teamListResponse,
  errors: [400],
};

export const teamOperation: ApiOperation = {
  name: 'api.teams.show',
  tag: 'Teams',
  summary: 'One team with its members and their live licences',
  description: 'A slug the team had before a rename answers 301 to the current one.',
  params: teamSlugParams,
  query: teamShowQuery,
  response: teamResponse,
  errors: [400, 404],
};
