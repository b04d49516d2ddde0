import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RACING_CACHE_CONTROL } from '../racing/shared/endpoint.ts';
import type { OpenApiDocument } from './document.ts';
import { areas } from '../registry.ts';
import { routes } from '../route-table.ts';
import { pathParams } from '../routing/types.ts';
import { TestClient } from '../test-support/client.ts';
import { startTestServer, type TestServer } from '../test-support/server.ts';

/**
 * GET /api/openapi.json from the running app: a valid OpenAPI 3.1 document that lists every
 * /api route of the route table and describes the racing API from the schemas its handlers use.
 */
/** Every endpoint of the racing areas: its route and what the document should say of it. */
const racingApiEndpoints = areas
  .filter((area) => area.name.startsWith('racing/'))
  .flatMap((area) =>
    (area.operations ?? []).map((operation) => ({
      operation,
      route: area.routes.find((r) => r.name === operation.name)!,
    })),
  );

let t: TestServer;
let doc: OpenApiDocument;
let raw: string;

beforeAll(async () => {
  t = await startTestServer();
  const res = await new TestClient(t.url).get('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  raw = res.text;
  doc = JSON.parse(raw) as OpenApiDocument;
});

afterAll(async () => {
  await t?.close();
});

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean }[];
  responses: Record<
    string,
    { content?: Record<string, { schema: { $ref?: string } }>; headers?: unknown }
  >;
};
const operation = (path: string, method: string) =>
  (doc.paths[path] as Record<string, Operation> | undefined)?.[method];

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(JSON.parse(raw) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every /api route of the route table under its method, and nothing else', () => {
    const apiRoutes = routes.filter((r) => r.path.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(20);
    for (const route of apiRoutes) {
      const op = operation(route.path, route.method.toLowerCase());
      expect(op?.operationId, `${route.method} ${route.path}`).toBe(route.name);
    }
    const documented = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
    expect(documented).toHaveLength(apiRoutes.length);
  });

  it('describes each racing endpoint: its path and query parameters, its answer and its errors', () => {
    expect(racingApiEndpoints.length).toBeGreaterThan(0);
    for (const { route, operation: op } of racingApiEndpoints) {
      const described = operation(route.path, 'get')!;
      const names = (described.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      for (const name of pathParams(route.path)) expect(names).toContain(`path:${name}`);
      for (const name of Object.keys(op.query?.shape ?? {}))
        expect(names).toContain(`query:${name}`);
      expect(described.responses['200']!.content!['application/json']!.schema.$ref).toMatch(
        /^#\/components\/schemas\/\w+Response$/,
      );
      expect(described.responses['200']!.headers).toMatchObject({
        'Cache-Control': { schema: { const: RACING_CACHE_CONTROL } },
      });
      expect(Object.keys(described.responses)).toContain('400');
      if (route.path.includes('{id}')) expect(Object.keys(described.responses)).toContain('404');
    }
  });

  it('documents limit as an integer from 1 to 100 defaulting to 25', () => {
    const limit = operation('/api/drivers', 'get')!.parameters!.find((p) => p.name === 'limit');
    expect(limit).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
    });
  });

  it('resolves every $ref to a component schema or header', () => {
    const refs = [...raw.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(30);
    for (const ref of new Set(refs)) {
      const header = /^#\/components\/headers\/([\w-]+)$/.exec(ref)?.[1];
      if (header) {
        expect(doc.components.headers[header], ref).toBeDefined();
        continue;
      }
      const id = /^#\/components\/schemas\/(\w+)$/.exec(ref)?.[1];
      expect(id, ref).toBeDefined();
      expect(doc.components.schemas[id!], ref).toBeDefined();
    }
  });

  it('may be cached for a few minutes', async () => {
    const res = await new TestClient(t.url).get('/api/openapi.json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.text).toBe(raw);
  });
});
