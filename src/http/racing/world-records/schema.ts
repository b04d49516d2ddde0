import { z } from 'zod';
import type { WorldRecordDto } from '../../../queries/racing/world-records.ts';
import { apiSchemas } from '../../openapi/schemas.ts';
import {
  carSchema,
  driverRefSchema,
  int,
  isoTime,
  lapTime,
  pagedResponse,
  trackSchema,
} from '../shared/dto.ts';
import { category, paging, positiveInt } from '../shared/params.ts';

/** Parameters and answers of /api/world-records. */

export const WORLD_RECORD_SORTS = ['track', 'lapTime', 'recent'] as const;

export const worldRecordsQuery = z.object({
  trackId: positiveInt().optional().describe('Only this track layout (iRacing track_id).'),
  carId: positiveInt().optional().describe('Only this car.'),
  category: category.optional().describe('Only records of this category.'),
  sort: z
    .enum(WORLD_RECORD_SORTS)
    .default('track')
    .describe(
      'track: by track, layout and car name (default); lapTime: fastest first; recent: newest first.',
    ),
  ...paging,
});

export const worldRecordSchema = z
  .strictObject({
    track: trackSchema,
    car: carSchema,
    category,
    lapTime: lapTime.unwrap(),
    holder: driverRefSchema,
    subsessionId: int,
    seasonId: int,
    setAt: isoTime,
  })
  .register(apiSchemas, { id: 'WorldRecord' }) satisfies z.ZodType<WorldRecordDto>;

export const worldRecordsResponse = pagedResponse('WorldRecordsResponse', worldRecordSchema);
