import { z } from 'zod';
import { SIMSESSION_TYPES } from '../../../events/racing/results.ts';
import type {
  IratingModelRowDto,
  SubsessionResultsDto,
} from '../../../queries/racing/subsessions.ts';
import { apiSchemas } from '../../openapi/schemas.ts';
import {
  carSchema,
  count,
  driverRefSchema,
  int,
  isoTime,
  lapTime,
  licenseSchema,
  trackSchema,
} from '../shared/dto.ts';
import { category, idParam } from '../shared/params.ts';

/** Parameters and answers of /api/subsessions/{id}/results/{type}. */

const simsessionType = z.enum(SIMSESSION_TYPES);

export const subsessionResultsParams = z.object({
  id: idParam('subsession'),
  type: simsessionType.describe(
    'The simsession: practice, qualify, warmup or race. Where there are several of a type (heats and the feature) the main one (highest simsession number).',
  ),
});

const simsessionRefSchema = z
  .strictObject({
    simsessionNumber: int.describe('0 = the main event; negative = earlier sessions.'),
    type: simsessionType,
    name: z.string().describe('As iRacing names it ("RACE", "QUALIFY", "HEAT 1").'),
    entries: count,
  })
  .register(apiSchemas, { id: 'SimsessionRef' });

const subsessionSchema = z
  .strictObject({
    subsessionId: int,
    sessionId: int,
    seriesId: int,
    seriesName: z.string(),
    seasonId: int,
    seasonName: z.string(),
    seasonYear: int,
    seasonQuarter: int,
    raceWeekNum: int,
    startTime: isoTime,
    endTime: isoTime.nullable(),
    track: trackSchema,
    category,
    eventType: z.string(),
    official: z.boolean(),
    teamEvent: z.boolean(),
    strengthOfField: int.nullable(),
    fieldSize: count,
    eventBestLapTime: lapTime,
    eventAverageLap: lapTime,
    eventLapsComplete: count,
    numCautions: count,
    numCautionLaps: count,
    numLeadChanges: count,
    carClasses: z.array(
      z.strictObject({
        carClassId: int,
        name: z.string(),
        shortName: z.string(),
        strengthOfField: int.nullable(),
        numEntries: count.nullable(),
        carIds: z.array(int),
      }),
    ),
    simsessions: z.array(simsessionRefSchema).describe('Every simsession this subsession has.'),
  })
  .register(apiSchemas, { id: 'Subsession' });

const resultRowSchema = z
  .strictObject({
    driver: driverRefSchema.extend({
      countryCode: z.string().nullable(),
      clubName: z.string().nullable(),
    }),
    team: z.strictObject({ teamId: int, teamName: z.string().nullable() }).nullable(),
    car: carSchema.extend({ carClassId: int, carClassName: z.string().nullable() }),
    finishPosition: int,
    finishPositionInClass: int,
    startingPosition: int.nullable(),
    startingPositionInClass: int.nullable(),
    lapsComplete: count,
    lapsLed: count,
    incidents: count,
    bestLapTime: lapTime,
    bestLapNum: int.nullable(),
    averageLap: lapTime,
    qualLapTime: lapTime,
    gapToLeader: int
      .nullable()
      .describe('Gap to the class leader, 1/10000 s; null when laps down or unclassified.'),
    oldIrating: int.nullable(),
    newIrating: int.nullable(),
    iratingChange: int.nullable(),
    oldLicense: licenseSchema.nullable(),
    newLicense: licenseSchema.nullable(),
    reasonOut: z.string(),
    champPoints: int.nullable(),
  })
  .register(apiSchemas, { id: 'ResultRow' });

export const subsessionResultsSchema = z
  .strictObject({
    subsession: subsessionSchema,
    simsession: simsessionRefSchema
      .nullable()
      .describe('null when the subsession has no simsession of the requested type.'),
    results: z.array(resultRowSchema).describe('Every row, by finishing position.'),
  })
  .register(apiSchemas, { id: 'SubsessionResults' }) satisfies z.ZodType<SubsessionResultsDto>;

export const subsessionResultsResponse = z
  .strictObject({ data: subsessionResultsSchema, meta: z.strictObject({}) })
  .register(apiSchemas, { id: 'SubsessionResultsResponse' });

/** Parameters and answer of /api/subsessions/{id}/irating-model. */

export const iratingModelParams = z.object({ id: idParam('subsession') });

const iratingModelRowSchema = z
  .strictObject({
    custId: int,
    displayName: z.string(),
    carClassId: int,
    finishPosition: int.describe('Overall, 1-based.'),
    finishPositionInClass: int.describe('In the car class, 1-based.'),
    recordedChange: int
      .nullable()
      .describe('newIrating − oldIrating as iRacing recorded it; null for an unrated driver.'),
    computedChange: z
      .number()
      .nullable()
      .describe(
        'The change the iRating model computes from the same field (one decimal); null for a driver without a rating before the race.',
      ),
  })
  .register(apiSchemas, { id: 'IratingModelRow' }) satisfies z.ZodType<IratingModelRowDto>;

export const iratingModelResponse = z
  .strictObject({ data: z.array(iratingModelRowSchema), meta: z.strictObject({}) })
  .register(apiSchemas, { id: 'IratingModelResponse' });
