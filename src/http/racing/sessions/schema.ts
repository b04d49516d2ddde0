import { z } from 'zod';
import type { SessionDto } from '../../../queries/racing/subsessions.ts';
import { apiSchemas } from '../../openapi/schemas.ts';
import {
  count,
  driverRefSchema,
  int,
  isoTime,
  itemResponse,
  lapTime,
  trackSchema,
} from '../shared/dto.ts';
import { category, idParam } from '../shared/params.ts';

/** Parameters and answers of /api/sessions/{id}. */

export const sessionIdParams = z.object({ id: idParam('session') });

export const sessionSchema = z
  .strictObject({
    sessionId: int,
    seriesId: int,
    seriesName: z.string(),
    seasonId: int,
    seasonName: z.string(),
    raceWeekNum: int.describe('0-based.'),
    startTime: isoTime,
    timeSlot: z.string().describe('"HH:MM" UTC.'),
    track: trackSchema,
    category,
    eventType: z.string(),
    numSubsessions: count,
    numDrivers: count,
    maxStrengthOfField: int.nullable(),
    minStrengthOfField: int.nullable(),
    subsessions: z
      .array(
        z.strictObject({
          subsessionId: int,
          strengthOfField: int.nullable(),
          fieldSize: count,
          winner: driverRefSchema.extend({ teamName: z.string().nullable() }).nullable(),
          eventBestLapTime: lapTime,
          official: z.boolean(),
        }),
      )
      .describe('The splits, strongest first.'),
  })
  .register(apiSchemas, { id: 'Session' }) satisfies z.ZodType<SessionDto>;

export const sessionResponse = itemResponse('SessionResponse', sessionSchema);
