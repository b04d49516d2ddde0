import type { z } from 'zod';

/** An error status an /api operation documents besides its 200 answer. */
export type DocumentedError = 400 | 401 | 403 | 404;

/**
 * What /api/openapi.json says about one route of the route table (matched by route name). The
 * schemas are the ones the handler validates with and answers with, so the document is generated
 * from the code that runs, never written beside it.
 */
export interface ApiOperation {
  /** The route's name in the route table (src/http/route-table.ts). */
  name: string;
  /** Groups operations in the document (Drivers, Seasons, …). */
  tag: string;
  summary: string;
  description?: string;
  /** Path parameters, one key per `{name}` of the route's path. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The 200 JSON body; register it (and the DTOs it holds) in `apiSchemas` to name it. */
  response: z.ZodType;
  errors: readonly DocumentedError[];
  /** The Cache-Control header of a 200, when the operation sets one. */
  cacheControl?: string;
}
