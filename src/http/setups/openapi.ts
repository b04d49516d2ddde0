import { z } from 'zod';
import { SETUP_TYPES } from '../../events/setup.ts';
import type { SetupDto } from '../../queries/setups.ts';
import type { ApiOperation } from '../openapi/operation.ts';
import { apiSchemas } from '../openapi/schemas.ts';
import { apiSetupsQuery } from './schema.ts';

export const setupSchema = z
  .strictObject({
    id: z.uuid(),
    car: z.strictObject({ carId: z.number().int(), carName: z.string() }),
    track: z.strictObject({
      trackId: z.number().int(),
      trackName: z.string(),
      configName: z.string().nullable(),
    }),
    series: z.strictObject({ seriesId: z.number().int(), name: z.string() }).nullable(),
    season: z.strictObject({ seasonId: z.number().int(), name: z.string() }).nullable(),
    type: z.enum(SETUP_TYPES),
    lapTime: z.number().int().nullable().describe('Lap time achieved, in 1/10000 s (iRacing).'),
    conditions: z.string().nullable(),
    notes: z.string().nullable(),
    author: z.string(),
    file: z.strictObject({
      fileName: z.string(),
      byteSize: z.number().int().positive(),
      sha256: z.string().describe('SHA-256 of the file, hex.'),
    }),
    downloads: z.number().int().nonnegative(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: 'Setup' }) satisfies z.ZodType<SetupDto>;

export const setupsOperation: ApiOperation = {
  name: 'api.setups',
  tag: 'Setups',
  summary: 'Car setups, filtered by car, track, series and type',
  description:
    '`car`, `track` (a layout id), `series`: iRacing ids. `sort`: newest (default), lapTime, ' +
    'downloads, car, track. Each setup links its file at `downloadUrl`.',
  query: apiSetupsQuery,
  response: z
    .strictObject({
      data: z.array(
        setupSchema.extend({
          downloadUrl: z.string().describe('GET: the setup file as an attachment.'),
        }),
      ),
      meta: z.strictObject({
        page: z.number().int().positive(),
        perPage: z.number().int().positive(),
        total: z.number().int().nonnegative(),
        lastPage: z.number().int().nonnegative(),
      }),
    })
    .register(apiSchemas, { id: 'SetupListResponse' }),
  errors: [400],
};
