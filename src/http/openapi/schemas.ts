import { z } from 'zod';

/**
 * The named schemas of the JSON API. A response or DTO schema registered here becomes one entry
 * of `components.schemas` in /api/openapi.json, and every other schema that uses it refers to it
 * by `$ref` instead of repeating it. Register with `schema.register(apiSchemas, { id })`; ids are
 * PascalCase and unique (zod throws on a duplicate id).
 */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

/** The body of every error answer of /api (src/http/errors.ts `ErrorBody`). */
export const errorBody = z
  .object({
    error: z.string().describe('Machine-readable code: bad_request, not_found, server_error, …'),
    message: z.string().describe('What went wrong, for people; names the offending parameter.'),
    issues: z
      .array(
        z.looseObject({
          path: z.array(z.union([z.string(), z.number()])),
          message: z.string(),
        }),
      )
      .optional()
      .describe('For 400: one entry per problem; `path[0]` is the parameter.'),
  })
  .register(apiSchemas, { id: 'Error' });
