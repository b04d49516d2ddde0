import { z } from 'zod';
import type { Paged } from '../../queries/articles.ts';
import { LICENCE_LETTERS, RACE_FORMATS, RECRUITMENT_CATEGORIES } from '../../events/recruitment.ts';
import type { TeamRecruitmentDto } from '../../queries/recruitment.ts';
import type { TeamDto, TeamEventResultDto, TeamSummaryDto } from '../../queries/teams.ts';
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
    logoUrl: z
      .string()
      .nullable()
      .describe(
        "GET: the team's logo (PNG, JPEG or WebP, served inline); the query string changes with the image. null without a logo.",
      ),
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

const int = z.number().int();

export const teamEventResultSchema = z
  .strictObject({
    subsessionId: int.positive().describe('/api/subsessions/{id}'),
    startTime: z.iso.datetime(),
    seriesId: int.positive(),
    seriesName: z.string(),
    trackName: z.string(),
    configName: z.string().nullable(),
    iracingTeamId: int.describe("The iRacing team's id in that race (a per-event roster)."),
    iracingTeamName: z
      .string()
      .nullable()
      .describe('As recorded for that race; may differ from the catalog team name.'),
    carName: z.string(),
    finishPosition: int.nonnegative().describe('Overall finishing position (1 = winner).'),
    finishPositionInClass: int.nonnegative().describe('Finishing position in class (1 = winner).'),
    classEntries: int.nonnegative().describe("How many entries raced in the entry's class."),
    lapsComplete: int.nonnegative(),
    drivers: z.array(
      z.strictObject({
        custId: int.positive(),
        displayName: z.string(),
        member: z.boolean().describe('The driver is a member of this catalog team.'),
      }),
    ),
  })
  .describe(
    'An iRacing team entry (subsession × iRacing team, main race) that at least one member drove.',
  )
  .register(apiSchemas, { id: 'TeamEventResult' }) satisfies z.ZodType<TeamEventResultDto>;

export const teamRecruitmentSchema = z
  .strictObject({
    id: z.uuid().describe('/api/recruitment/profiles/{id}'),
    title: z.string(),
    categories: z.array(z.enum(RECRUITMENT_CATEGORIES)),
    format: z.enum(RACE_FORMATS),
    requirements: z.array(
      z.strictObject({
        category: z.enum(RECRUITMENT_CATEGORIES),
        minIRating: int.nullable(),
        minLicence: z.enum(LICENCE_LETTERS).nullable(),
      }),
    ),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .describe('An open recruitment profile of the team on the recruitment board.')
  .register(apiSchemas, { id: 'TeamRecruitment' }) satisfies z.ZodType<TeamRecruitmentDto>;

/** One team as /api/teams/{slug} answers it: what the team page shows. */
export const teamDetailSchema = z
  .strictObject({
    ...teamSchema.shape,
    results: z
      .array(teamEventResultSchema)
      .describe('The most recent team-event entries members drove, newest first (at most 10).'),
    recruitment: z
      .array(teamRecruitmentSchema)
      .describe("The team's open recruitment profiles, newest first."),
  })
  .register(apiSchemas, { id: 'TeamDetail' });

export const teamListResponse = z
  .strictObject({ data: z.array(teamSummarySchema), meta: pageMeta })
  .register(apiSchemas, { id: 'TeamListResponse' }) satisfies z.ZodType<Paged<TeamSummaryDto>>;

export const teamResponse = z
  .strictObject({ data: teamDetailSchema })
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
  summary:
    'One team with its members and their live licences, its team-event results and its open recruitment profiles',
  description:
    'What the team page shows. A slug the team had before a rename answers 301 to the current one.',
  params: teamSlugParams,
  query: teamShowQuery,
  response: teamResponse,
  errors: [400, 404],
};
