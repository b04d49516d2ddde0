import { z } from 'zod';
import type { SeriesDto, SeriesListItemDto } from '../../../queries/racing/series.ts';
import { apiSchemas } from '../../openapi/schemas.ts';
import { count, int, itemResponse, listResponse, pagedResponse } from '../shared/dto.ts';
import { category, idParam, pageSize, paging, searchText } from '../shared/params.ts';

/** Parameters and answers of /api/series/**. */

export const seriesIdParams = z.object({ id: idParam('series') });

export const listSeriesQuery = z.object({
  category: category.optional().describe('Only series of this licence category.'),
  ...paging,
});

export const searchSeriesQuery = z.object({
  q: searchText,
  limit: pageSize(25).default(10).describe('Hits to return, 1–25 (default 10).'),
});

export const seriesListItemSchema = z
  .strictObject({
    seriesId: int,
    name: z.string(),
    shortName: z.string(),
    category: category.nullable(),
    licenseClass: z.string().nullable().describe('Minimum licence class: R, D, C, B, A, P, PWC.'),
    official: z.boolean(),
    multiclass: z.boolean(),
    logo: z.string().nullable(),
    latestSeason: z
      .strictObject({
        seasonId: int,
        seasonName: z.string(),
        seasonYear: count,
        seasonQuarter: count,
      })
      .nullable(),
  })
  .register(apiSchemas, { id: 'SeriesListItem' }) satisfies z.ZodType<SeriesListItemDto>;

export const seriesListResponse = pagedResponse('SeriesListResponse', seriesListItemSchema);
export const seriesSearchResponse = listResponse('SeriesSearchResponse', seriesListItemSchema);

export const seriesSchema = seriesListItemSchema
  .extend({
    description: z.string().nullable(),
    seasons: z
      .array(
        z.strictObject({
          seasonId: int,
          seasonName: z.string(),
          seasonYear: count,
          seasonQuarter: count,
          active: z.boolean(),
          complete: z.boolean(),
          official: z.boolean(),
        }),
      )
      .describe('Every catalogued season, newest first.'),
  })
  .register(apiSchemas, { id: 'Series' }) satisfies z.ZodType<SeriesDto>;

export const seriesResponse = itemResponse('SeriesResponse', seriesSchema);
