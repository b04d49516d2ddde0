import { afterAll, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import { TestClient, type Sent } from '../../test-support/client.ts';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../../test-support/server.ts';
import { seedRacingWorld } from './racing-world.ts';

export interface ApiTestServer {
  client: TestClient;
  server: TestServer;
  /** GET `path`, expecting 200 JSON that passes `schema` (strict: no field more, none less). */
  ok<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>;
  /** GET `path`, expecting `status` with the JSON error body; returns it. */
  fails(path: string, status: number): Promise<ErrorAnswer>;
  close(): Promise<void>;
}

export interface ErrorAnswer {
  error: string;
  message: string;
  issues?: { path: (string | number)[]; message: string }[];
}

/** The real app on a fresh database holding the racing world of racing-world.ts. */
export async function startApiTestServer(
  options: Pick<TestServerOptions, 'now'> = {},
): Promise<ApiTestServer> {
  const server = await startTestServer(options);
  const { knex, eventStore, logger } = server.db.runtime;
  await seedRacingWorld({ knex, eventStore, logger });
  const client = new TestClient(server.url);
  return {
    client,
    server,
    async ok(path, schema) {
      const res = await client.get(path);
      if (res.status !== 200) throw new Error(`GET ${path} → ${res.status}: ${res.text}`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      return parseStrictly(schema, res, path);
    },
    async fails(path, status) {
      const res = await client.get(path);
      expect(res.status, `GET ${path}: ${res.text}`).toBe(status);
      expect(res.headers.get('cache-control') ?? '').not.toMatch(/public/);
      const body = res.json<ErrorAnswer>();
      expect(typeof body.message).toBe('string');
      return body;
    },
    close: () => server.close(),
  };
}

/**
 * The app on the racing world for the enclosing file or describe: started in a beforeAll
 * (bounded by `timeout`, default the config's hookTimeout), closed in an afterAll. A test's own
 * seeding hooks are registered after this call; its members may be used inside hooks and tests
 * only.
 */
export function useApiTestServer(
  options: Pick<TestServerOptions, 'now'> & { timeout?: number } = {},
): Omit<ApiTestServer, 'close'> {
  const { timeout, ...serverOptions } = options;
  let api: ApiTestServer | undefined;
  beforeAll(async () => {
    api = await startApiTestServer(serverOptions);
  }, timeout);
  afterAll(async () => {
    await api?.close();
    api = undefined;
  });
  const started = (): ApiTestServer => {
    if (!api) throw new Error('useApiTestServer: the server runs only inside hooks and tests');
    return api;
  };
  return {
    get client() {
      return started().client;
    },
    get server() {
      return started().server;
    },
    ok: (path, schema) => started().ok(path, schema),
    fails: (path, status) => started().fails(path, status),
  };
}

function parseStrictly<S extends z.ZodType>(schema: S, res: Sent, path: string): z.output<S> {
  const parsed = schema.safeParse(res.json());
  if (!parsed.success) {
    throw new Error(
      `GET ${path}: the answer does not match its response schema:\n${JSON.stringify(parsed.error.issues, null, 2)}`,
    );
  }
  return parsed.data;
}

/** The cursor-paged walk of a list: every page's items until nextCursor is null. */
export async function walkPages<T>(
  api: Pick<ApiTestServer, 'ok'>,
  path: string,
  schema: z.ZodType<{ data: T[]; meta: { perPage: number; nextCursor: string | null } }>,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url: string = cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path;
    const body = await api.ok(url, schema);
    items.push(...body.data);
    cursor = body.meta.nextCursor;
    pages++;
    if (pages > 100) throw new Error(`${path}: more than 100 pages`);
  } while (cursor !== null);
  return { items, pages };
}

/** The 400 names the parameter: in the message and as the first path element of an issue. */
export function expectNamesParameter(body: ErrorAnswer, parameter: string): void {
  expect(body.error).toBe('bad_request');
  expect(body.message).toContain(parameter);
  expect(body.issues?.some((i) => i.path[0] === parameter)).toBe(true);
}
