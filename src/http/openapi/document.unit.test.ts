import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from './document.ts';
import { apiSchemas } from './schemas.ts';
import type { RouteDef } from '../routing/types.ts';

/** The generator on a hand-made table: what is described, what is only listed, what is refused. */
const handler = () => undefined;
const route = (name: string, path: string, auth: RouteDef['auth'] = 'public'): RouteDef => ({
  name,
  method: 'GET',
  path,
  auth,
  ssr: false,
  handler,
});

const thing = z.strictObject({ n: z.number().int() }).register(apiSchemas, { id: 'UnitThing' });
const info = { title: 't', version: '1' };

describe('buildOpenApiDocument', () => {
  it('describes a route with an operation and lists one without', () => {
    const doc = buildOpenApiDocument(
      [
        route('page', '/things'),
        route('api.thing', '/api/things/{id}'),
        route('api.other', '/api/others/{slug}', 'user'),
      ],
      [
        {
          name: 'api.thing',
          tag: 'Things',
          summary: 'One thing',
          params: z.object({ id: z.coerce.number().int().positive() }),
          query: z.object({ full: z.enum(['yes', 'no']).optional(), q: z.string().min(2) }),
          response: thing,
          errors: [400, 404],
        },
      ],
      info,
    );
    expect(Object.keys(doc.paths)).toEqual(['/api/things/{id}', '/api/others/{slug}']);
    const described = doc.paths['/api/things/{id}']!.get as {
      parameters: unknown[];
      responses: Record<string, unknown>;
    };
    expect(described.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'integer', exclusiveMinimum: 0, maximum: 9007199254740991 },
      },
      {
        name: 'full',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['yes', 'no'] },
      },
      { name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 2 } },
    ]);
    expect(Object.keys(described.responses)).toEqual(['200', '400', '404', '429', 'default']);
    expect(doc.components.schemas.UnitThing).toMatchObject({ type: 'object', required: ['n'] });
    const listed = doc.paths['/api/others/{slug}']!.get as Record<string, unknown>;
    expect(listed).toMatchObject({
      operationId: 'api.other',
      security: [{ session: [] }],
      parameters: [{ name: 'slug', in: 'path', required: true }],
    });
  });

  it('refuses an operation whose route is not in the table', () => {
    expect(() =>
      buildOpenApiDocument(
        [],
        [{ name: 'api.gone', tag: 'x', summary: 'x', response: thing, errors: [] }],
        info,
      ),
    ).toThrow(/api\.gone/);
  });

  it('refuses a response schema without a component id', () => {
    expect(() =>
      buildOpenApiDocument(
        [route('api.anon', '/api/anon')],
        [{ name: 'api.anon', tag: 'x', summary: 'x', response: z.object({}), errors: [] }],
        info,
      ),
    ).toThrow(/not registered/);
  });
});
