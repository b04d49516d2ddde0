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
import { category, direction, paging, positiveInt } from '../shared/params.ts';

/** Parameters and answers of /api/world-records. */

export const WORLD_RECORD_SORTS = ['track', 'car', 'lapTime', 'recent'] as const;

export const worldRecordsQuery = z.object({
  trackId: positiveInt().optional().describe('Only this track layout (iRacing track_id).'),
  carId: positiveInt().optional().describe('Only this car.'),
  category: category.optional().describe('Only records of this category.'),
  sort: z
    .enum(WORLD_RECORD_SORTS)
    .default('track')
    .describe(
      'track: by track, layout and car name (default); car: by car, then track; lapTime: fastest first; recent: newest first.',
    ),
  direction: direction
    .optional()
    .describe(
      "Sort direction; default the sort's natural one (asc, and desc for recent). The other reverses the list.",
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

// --- the /world-records page ----------------------------------------------------------------

export const WORLD_RECORDS_PER_PAGE = 50;

export interface WorldRecordsPageQuery {
  category?: z.output<typeof category>;
  trackId?: number;
  carId?: number;
  sort: (typeof WORLD_RECORD_SORTS)[number];
  direction?: 'asc' | 'desc';
  page: number;
}

const pageFields = {
  category,
  trackId: positiveInt(),
  carId: positiveInt(),
  sort: z.enum(WORLD_RECORD_SORTS),
  direction,
  page: positiveInt(),
};

/**
 * The page's query, field by field: a value that does not parse (or an empty one, which a
 * filter form sends for "any") is left out, and `redirect` says the URL should lose it.
 */
export function worldRecordsPageQuery(raw: Record<string, unknown>): {
  query: WorldRecordsPageQuery;
  redirect: boolean;
} {
  let redirect = false;
  const value = <K extends keyof typeof pageFields>(key: K) => {
    if (raw[key] === undefined) return undefined;
    const parsed = pageFields[key].safeParse(raw[key]);
    if (!parsed.success) {
      redirect = true;
      return undefined;
    }
    return parsed.data as z.output<(typeof pageFields)[K]>;
  };
  const query: WorldRecordsPageQuery = {
    category: value('category'),
    trackId: value('trackId'),
    carId: value('carId'),
    sort: value('sort') ?? 'track',
    direction: value('direction'),
    page: value('page') ?? 1,
  };
  return { query, redirect };
}

/** The page's URL for a query: defaults left out, parameters in a fixed order. */
export function canonicalWorldRecordsUrl(q: WorldRecordsPageQuery): string {
  const params = new URLSearchParams();
  if (q.category) params.set('category', q.category);
  if (q.trackId) params.set('trackId', String(q.trackId));
  if (q.carId) params.set('carId', String(q.carId));
  if (q.sort !== 'track') params.set('sort', q.sort);
  if (q.direction) params.set('direction', q.direction);
  if (q.page > 1) params.set('page', String(q.page));
  const search = params.toString();
  return search ? `/world-records?${search}` : '/world-records';
}
