import { z } from 'zod';
import {
  LICENCE_LETTERS,
  RACE_FORMATS,
  RECRUITMENT_CATEGORIES,
  WEEKDAYS,
} from '../../events/recruitment.ts';
import type { ApiOperation } from '../openapi/operation.ts';
import { apiSchemas } from '../openapi/schemas.ts';
import {
  count,
  int,
  isoTime,
  licenseSchema,
  listResponse,
  pagedResponse,
} from '../racing/shared/dto.ts';
import { category as racingCategory } from '../racing/shared/params.ts';
import { apiBoardQuery, apiMineQuery } from './schema.ts';

/** /api/recruitment/*, described from the schemas the handlers validate and answer with. */

const formRace = z.strictObject({
  subsessionId: int.describe('/api/subsessions/{id}'),
  startTime: isoTime,
  seriesName: z.string(),
  category: racingCategory,
  finishPosition: int.nullable().describe('Finishing position in class.'),
  fieldSize: count,
  incidents: count,
  iratingChange: int.nullable().describe('null when the race did not rate.'),
});

const driverStats = z
  .strictObject({
    custId: int.describe('iRacing customer id (/api/drivers/{id}).'),
    displayName: z.string().nullable().describe('null while the racing data does not know him.'),
    countryCode: z.string().nullable(),
    licenses: z.array(licenseSchema).describe("The licences of the profile's categories."),
    recentForm: z.array(formRace).describe('The last 10 races, newest first.'),
    averageFinish: z.number().nullable(),
    averageIncidents: z.number().nullable(),
    verified: z
      .boolean()
      .describe(
        "The customer id is the one on the author's account, and no other account claims it.",
      ),
  })
  .register(apiSchemas, { id: 'RecruitmentDriverStats' });

const teamStats = z
  .strictObject({
    teamId: z.uuid(),
    slug: z.string().describe('/api/teams/{slug}'),
    name: z.string(),
    tag: z.string().nullable(),
    memberCount: count,
    averages: z.array(
      z.strictObject({
        category: racingCategory,
        averageIrating: int.nullable(),
        averageSafetyRating: z.number().nullable(),
        ratedMembers: count,
      }),
    ),
  })
  .register(apiSchemas, { id: 'RecruitmentTeamStats' });

export const recruitmentProfileSchema = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(['driver', 'team']),
    status: z.enum(['open', 'closed']),
    title: z.string(),
    description: z.string().describe('Markdown as the author wrote it (render it sanitised).'),
    categories: z.array(z.enum(RECRUITMENT_CATEGORIES)),
    series: z.array(z.strictObject({ id: int, name: z.string() })),
    availability: z.strictObject({
      timeZone: z.string().describe('IANA time zone.'),
      days: z.array(z.enum(WEEKDAYS)),
      format: z.enum(RACE_FORMATS),
    }),
    languages: z.array(z.string()).describe('ISO 639-1 codes.'),
    requirements: z.array(
      z.strictObject({
        category: z.enum(RECRUITMENT_CATEGORIES),
        minIRating: int.nullable(),
        minLicence: z.enum(LICENCE_LETTERS).nullable(),
      }),
    ),
    hasContact: z.boolean().describe('The contact line is shown on the site to signed-in members.'),
    createdAt: isoTime,
    updatedAt: isoTime,
    expiresAt: isoTime,
    closeReason: z.enum(['owner', 'expired']).nullable(),
    rating: int
      .nullable()
      .describe(
        "The live figure the iRating filter and sort use: a driver's highest iRating in the categories, a team's highest members' average.",
      ),
    driver: driverStats.nullable().describe('Driver profiles: the linked driver, live.'),
    team: teamStats.nullable().describe('Team profiles: the catalog team, live; null without one.'),
  })
  .register(apiSchemas, { id: 'RecruitmentProfile' });

export type ApiRecruitmentProfile = z.output<typeof recruitmentProfileSchema>;

export const recruitmentPageResponse = pagedResponse(
  'RecruitmentProfilePageResponse',
  recruitmentProfileSchema,
);
export const recruitmentListResponse = listResponse(
  'RecruitmentProfileListResponse',
  recruitmentProfileSchema,
);

const boardDescription =
  'Open profiles, newest first (keyset cursor) or `sort=irating` (highest live figure first). ' +
  '`minIRating`/`maxIRating` filter on that figure; `licence` is the least licence a driver holds, ' +
  'or the most a team asks for; `category` narrows both to one licence category.';

export const driversOperation: ApiOperation = {
  name: 'api.recruitment.drivers',
  tag: 'Recruitment',
  summary: 'Drivers looking for a team, with their live racing record',
  description: boardDescription,
  query: apiBoardQuery,
  response: recruitmentPageResponse,
  errors: [400],
};

export const teamsOperation: ApiOperation = {
  name: 'api.recruitment.teams',
  tag: 'Recruitment',
  summary: "Teams looking for drivers, with their members' live averages",
  description: boardDescription,
  query: apiBoardQuery,
  response: recruitmentPageResponse,
  errors: [400],
};

export const mineOperation: ApiOperation = {
  name: 'api.recruitment.mine',
  tag: 'Recruitment',
  summary: "The signed-in member's own profiles, open and closed",
  description: 'Open ones first, then newest first. Needs a signed-in session.',
  query: apiMineQuery,
  response: recruitmentListResponse,
  errors: [401],
};
