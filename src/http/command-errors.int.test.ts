import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conflictError,
  notFoundError,
  validationError,
  type DomainError,
} from '../commands/core/errors.ts';
import { WrongExpectedVersionError } from '../eventstore/port.ts';
import { CONCURRENT_WRITE_MESSAGE } from './errors.ts';
import type { RouteDef } from './routing/types.ts';
import { TestClient } from './test-support/client.ts';
import { startTestServer, type TestServer } from './test-support/server.ts';

/**
 * How the error handler answers a refused command (DomainError) or a write that lost a race,
 * for /api calls and for page mutations (src/http/errors.ts).
 */
const failures: Record<string, () => Error> = {
  validation: () =>
    validationError('invalid_input', 'The input is not valid.', { title: 'Too short.' }),
  conflict: () => conflictError('stale_revision', 'article-1 changed since revision 3.'),
  missing: () => notFoundError('article_not_found', 'Article 1 does not exist.'),
  race: () => new WrongExpectedVersionError('article-1', 3n, 4n),
};

const routes: RouteDef[] = Object.entries(failures).flatMap(([kind, make]) => [
  {
    name: `test.api.${kind}`,
    method: 'POST',
    path: `/api/__test/${kind}`,
    auth: 'public',
    ssr: false,
    handler: () => {
      throw make();
    },
  },
  {
    name: `test.page.${kind}`,
    method: 'POST',
    path: `/__test/${kind}`,
    auth: 'public',
    ssr: false,
    handler: () => {
      throw make();
    },
  },
]);

let t: TestServer;
let client: TestClient;

beforeAll(async () => {
  t = await startTestServer({ extraRoutes: routes });
  client = new TestClient(t.url);
  await client.get('/');
});

afterAll(async () => {
  await t?.close();
});

const post = (path: string) =>
  client.request(path, {
    method: 'POST',
    inertia: !path.startsWith('/api/'),
    csrf: true,
    body: {},
    headers: { Referer: `${t.url}/the-form` },
  });

describe('a refused command on /api', () => {
  it.each([
    ['validation', 422, 'invalid_input'],
    ['conflict', 409, 'stale_revision'],
    ['missing', 404, 'article_not_found'],
  ])('answers %s with %i and its code', async (kind, status, code) => {
    const res = await post(`/api/__test/${kind}`);
    expect(res.status).toBe(status);
    const body = res.json<{ error: string; message: string; fieldErrors: unknown }>();
    expect(body.error).toBe(code);
    expect(body.message).toBe((failures[kind]!() as DomainError).message);
    expect(body.fieldErrors).toEqual((failures[kind]!() as DomainError).fieldErrors);
  });

  it('answers a lost write race with 409', async () => {
    const res = await post('/api/__test/race');
    expect(res.status).toBe(409);
    expect(res.json()).toEqual({ error: 'concurrent_write', message: CONCURRENT_WRITE_MESSAGE });
  });
});

describe('a refused command on a page mutation', () => {
  it.each([
    ['validation', { title: 'Too short.' }],
    ['conflict', { _: 'article-1 changed since revision 3.' }],
    ['race', { _: CONCURRENT_WRITE_MESSAGE }],
  ])('goes back to the form with the %s errors', async (kind, errors) => {
    const res = await post(`/__test/${kind}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/the-form');
    const next = (await client.visit('/privacy-policy')).page();
    expect(next.props.errors).toEqual(errors);
  });

  it('shows the 404 page for a missing aggregate', async () => {
    const res = await post('/__test/missing');
    expect(res.status).toBe(404);
    expect(res.page().component).toBe('Public/NotFound');
  });
});
