import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflictError, notFoundError } from '../commands/core/errors.ts';
import { makePosition } from '../eventstore/port.ts';
import { TestClient } from './test-support/client.ts';
import { startTestServer, type TestServer } from './test-support/server.ts';
import { mutation, NOT_VISIBLE_YET, refuse } from './mutation.ts';
import type { RouteDef } from './routing/types.ts';

/**
 * The write path over HTTP, on the real app: validation, refusals, authorization, the
 * read-your-writes wait against the real projection checkpoints, and the answer it leads to.
 * A projection that never ran has no checkpoint, so a wait for it runs to READ_YOUR_WRITES_MS.
 */

const BOUND_MS = 200;
/** A position no projection of this database has reached. */
const FAR_AHEAD = makePosition(999_999_999, 0);

const form = z.object({ name: z.string().min(3, 'At least 3 characters.') });
const runs: string[] = [];

const route = (
  name: string,
  method: RouteDef['method'],
  path: string,
  handler: RouteDef['handler'],
): RouteDef => ({
  name,
  method,
  path,
  auth: 'public',
  ssr: true,
  handler,
});

const write = (projections: string[], changed = true) =>
  mutation({
    input: form,
    form: '/privacy-policy',
    run: ({ input }) => {
      if (input.name === 'taken') refuse({ name: 'That name is taken.' });
      if (input.name === 'conflict') throw conflictError('name_conflict', 'Someone has it.');
      if (input.name === 'missing') throw notFoundError('thing_not_found', 'No such thing.');
      runs.push(input.name);
      return Promise.resolve({ position: FAR_AHEAD, changed });
    },
    projections,
    answer: (_result, { input, visible }) => ({
      flash: { success: `Saved ${input.name}.`, visible: String(visible) },
      redirect: '/terms-of-service',
    }),
  });

const routes: RouteDef[] = [
  route('t.write.visible', 'POST', '/__t/write/visible', write([])),
  route('t.write.lagging', 'POST', '/__t/write/lagging', write(['never_ran'])),
  route('t.write.unchanged', 'POST', '/__t/write/unchanged', write(['never_ran'], false)),
  route(
    't.write.back',
    'PATCH',
    '/__t/write/{id}',
    mutation({
      params: z.object({ id: z.string().regex(/^\d+$/) }),
      form: ({ id }) => `/news?from=${id}`,
      authorize: ({ params }) => params.id !== '13',
      run: () => Promise.resolve({ position: null }),
      projections: ['never_ran'],
      answer: () => ({ flash: { info: 'Nothing to do.' } }),
    }),
  ),
  route(
    't.write.api',
    'POST',
    '/api/__t/write',
    mutation({
      input: form,
      run: ({ input }) => {
        if (input.name === 'taken') refuse({ name: 'That name is taken.' });
        return Promise.resolve({ position: FAR_AHEAD });
      },
      projections: ['never_ran'],
      answer: (_result, { input, visible }) => ({
        json: { data: { name: input.name }, meta: { visible } },
        status: 201,
      }),
    }),
  ),
];

let t: TestServer;
let client: TestClient;

beforeAll(async () => {
  t = await startTestServer({
    extraRoutes: routes,
    env: { READ_YOUR_WRITES_MS: String(BOUND_MS) },
  });
  client = new TestClient(t.url);
  await client.get('/'); // the XSRF-TOKEN cookie
});

afterAll(async () => {
  await t?.close();
});

const send = (method: string, path: string, body: unknown, referer?: string) =>
  client.request(path, {
    method,
    body,
    csrf: true,
    inertia: true,
    headers: referer ? { Referer: `${t.url}${referer}` } : {},
  });

/** The shared props of the next rendered page (where flash and errors are consumed). */
async function nextPage(): Promise<{
  flash: Record<string, unknown>;
  errors: Record<string, string>;
}> {
  const props = (await client.visit('/changelog')).page().props;
  return {
    flash: props.flash as Record<string, unknown>,
    errors: (props.errors ?? {}) as Record<string, string>,
  };
}

describe('mutation(): a page form', () => {
  it('runs the command, waits for the read models, flashes the success and redirects (303)', async () => {
    const res = await send('POST', '/__t/write/visible', { name: 'Alice' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/terms-of-service');
    expect(runs).toContain('Alice');
    expect((await nextPage()).flash).toEqual({ success: 'Saved Alice.', visible: 'true' });
  });

  it('says the truth when the read models did not catch up within the bound', async () => {
    const res = await send('POST', '/__t/write/lagging', { name: 'Bruno' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/terms-of-service');
    const { flash } = await nextPage();
    expect(flash).toEqual({ info: `Saved Bruno. ${NOT_VISIBLE_YET}`, visible: 'false' });
    expect(flash.success).toBeUndefined();
  });

  it('does not wait when the command changed nothing', async () => {
    await send('POST', '/__t/write/unchanged', { name: 'Chloe' });
    expect((await nextPage()).flash).toEqual({ success: 'Saved Chloe.', visible: 'true' });
  });

  it('goes back to the form with the field errors of an invalid body, running nothing', async () => {
    const res = await send('POST', '/__t/write/visible', { name: 'Al' }, '/news');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/news');
    expect(runs).not.toContain('Al');
    expect((await nextPage()).errors).toEqual({ name: 'At least 3 characters.' });
  });

  it("goes back to the form's page when the request names no Referer", async () => {
    const res = await send('POST', '/__t/write/visible', {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/privacy-policy');
    expect(Object.keys((await nextPage()).errors)).toEqual(['name']);
  });

  it('goes back with the errors of refuse() and of a refused command', async () => {
    await send('POST', '/__t/write/visible', { name: 'taken' }, '/news');
    expect((await nextPage()).errors).toEqual({ name: 'That name is taken.' });
    await send('POST', '/__t/write/visible', { name: 'conflict' }, '/news');
    expect((await nextPage()).errors).toEqual({ _: 'Someone has it.' });
    expect(runs).not.toContain('taken');
  });

  it('answers a command that names nothing with 404', async () => {
    const res = await send('POST', '/__t/write/visible', { name: 'missing' });
    expect(res.status).toBe(404);
  });

  it('answers 404 for an invalid path parameter and 403 when authorize refuses', async () => {
    expect((await send('PATCH', '/__t/write/abc', {})).status).toBe(404);
    expect((await send('PATCH', '/__t/write/13', {})).status).toBe(403);
  });

  it('goes back (303) to the form of the path parameters with the flash', async () => {
    const res = await send('PATCH', '/__t/write/7', {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/news?from=7');
    expect((await nextPage()).flash).toEqual({ info: 'Nothing to do.' });
  });
});

describe('mutation(): a JSON call', () => {
  const post = (body: unknown) =>
    client.request('/api/__t/write', { method: 'POST', body, csrf: true });

  it('answers with the JSON body and says whether the change is visible yet', async () => {
    const res = await post({ name: 'Dana' });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({ data: { name: 'Dana' }, meta: { visible: false } });
  });

  it('answers 422 with the issues of an invalid body', async () => {
    const res = await post({ name: 'D' });
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'validation_failed',
      issues: [expect.objectContaining({ path: ['name'] })],
    });
  });

  it('answers 422 with the field errors of refuse()', async () => {
    const res = await post({ name: 'taken' });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: 'That name is taken.',
      fieldErrors: { name: 'That name is taken.' },
    });
  });
});
