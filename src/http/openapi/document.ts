import { z } from 'zod';
import type { RouteDef } from '../routing/types.ts';
import type { ApiOperation, DocumentedError } from './operation.ts';
import { apiSchemas, errorBody } from './schemas.ts';
import { SESSION_COOKIE } from '../session/session.ts';

type JsonSchema = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: OpenApiInfo;
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    schemas: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const componentRef = (id: string) => `#/components/schemas/${id}`;

const ERROR_DESCRIPTIONS: Record<DocumentedError, string> = {
  400: 'A parameter is invalid; `message` names it and `issues` lists every problem.',
  401: 'Sign in to use this.',
  403: 'You may not use this.',
  404: 'No such resource (unknown id).',
};

/** Drops the keys that only make sense at the root of a standalone JSON Schema document. */
function embedded(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function idOf(schema: z.ZodType, what: string): string {
  const id = apiSchemas.get(schema)?.id;
  if (!id) throw new Error(`${what} is not registered in apiSchemas (give it an id)`);
  return id;
}

/**
 * Parameters of one location from an object schema, as a client sends them (`io: 'input'`: a
 * coerced number is documented as the integer it must be, a comma list as the string it is).
 */
function parametersOf(schema: z.ZodObject | undefined, location: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const errorResponse = (description: string): JsonSchema => ({
  description,
  content: { 'application/json': { schema: { $ref: componentRef(idOf(errorBody, 'Error')) } } },
});

/** The API's limit and CORS headers (src/http/api-manners.ts), described once. */
const HEADERS: Record<string, JsonSchema> = {
  'RateLimit-Limit': {
    description: 'Requests a client address (an IPv6 /64) may send to /api/* per window.',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the current window ends.',
    schema: { type: 'integer' },
  },
  'RateLimit-Policy': {
    description: 'The policy: `<limit>;w=<window seconds>` (draft-ietf-httpapi-ratelimit-headers).',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before the next request.',
    schema: { type: 'integer' },
  },
  'Access-Control-Allow-Origin': {
    description: 'GET and HEAD answers may be read by a page of any origin (`*`, no credentials).',
    schema: { type: 'string', const: '*' },
  },
};
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const limitHeaders = Object.fromEntries(
  ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'].map((h) => [
    h,
    headerRef(h),
  ]),
);
const tooManyRequests = (): JsonSchema => ({
  ...errorResponse('More requests from this client address than its limit allows in the window.'),
  headers: { ...limitHeaders, 'Retry-After': headerRef('Retry-After') },
});

function documentedOperation(route: RouteDef, op: ApiOperation): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    200: {
      description: 'OK',
      headers: {
        ...limitHeaders,
        ...(route.method === 'GET'
          ? { 'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin') }
          : {}),
        ...(op.cacheControl
          ? {
              'Cache-Control': {
                description: 'How long caches may keep the answer.',
                schema: { type: 'string', const: op.cacheControl },
              },
            }
          : {}),
      },
      content: {
        'application/json': { schema: { $ref: componentRef(idOf(op.response, route.name)) } },
      },
    },
  };
  for (const status of op.errors) responses[status] = errorResponse(ERROR_DESCRIPTIONS[status]);
  responses[429] = tooManyRequests();
  responses.default = errorResponse('Unexpected error.');
  const parameters = [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query')];
  return {
    operationId: route.name,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    responses,
  };
}

/** A route of the table without a description yet: listed, with its path parameters. */
function listedOperation(route: RouteDef): JsonSchema {
  const parameters = [...route.path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => ({
    name: m[1]!,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  return {
    operationId: route.name,
    tags: ['Other'],
    summary: route.name,
    description:
      'Listed from the route table; not described in this document yet (it may answer 501 while its area is being built).',
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {
      429: tooManyRequests(),
      default: errorResponse('Any answer (not described yet).'),
    },
  };
}

/**
 * The OpenAPI 3.1 document of every `/api/*` route of `routes`. Routes with an `ApiOperation`
 * (matched by route name) are described from their zod schemas; the others are listed.
 * Guarantees: every /api route of the table appears exactly once under its method; every
 * response schema is a named component, so documentation and validation share one definition.
 */
export function buildOpenApiDocument(
  routes: readonly RouteDef[],
  operations: readonly ApiOperation[],
  info: OpenApiInfo,
): OpenApiDocument {
  const byName = new Map(operations.map((op) => [op.name, op]));
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (!route.path.startsWith('/api/')) continue;
    const op = byName.get(route.name);
    const operation = op ? documentedOperation(route, op) : listedOperation(route);
    if (route.auth !== 'public') {
      operation.security = [{ session: [] }];
      const before =
        typeof operation.description === 'string' ? `${operation.description}\n\n` : '';
      operation.description = `${before}Needs a signed-in session (${route.auth}).`;
    }
    tags.add(op ? op.tag : 'Other');
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  const unused = operations.filter((op) => !routes.some((r) => r.name === op.name));
  if (unused.length > 0) {
    throw new Error(`operations without a route: ${unused.map((op) => op.name).join(', ')}`);
  }
  const { schemas } = z.toJSONSchema(apiSchemas, {
    target: 'draft-2020-12',
    uri: componentRef,
    unrepresentable: 'any',
  });
  return {
    openapi: '3.1.0',
    info,
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(schemas).map(([id, schema]) => [id, embedded(schema as JsonSchema)]),
      ),
      headers: HEADERS,
      // Routes that need a user are called from the site, with its session cookie.
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
}
