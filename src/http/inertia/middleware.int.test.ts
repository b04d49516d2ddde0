// Ported from inertia-laravel tests/MiddlewareTest.php and tests/HistoryTest.php and
// @adonisjs/inertia tests/middleware.spec.ts, against the real app over loopback.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../test-support/client.ts';
import { fixtureRoutes, WRITES_TABLE } from '../test-support/fixture-routes.ts';
import { startTestServer, type TestServer } from '../test-support/server.ts';

let t: TestServer;
let client: TestClient;

beforeAll(async () => {
  t = await startTestServer({ extraRoutes: fixtureRoutes });
  await t.db.knex.schema.createTable(WRITES_TABLE, (table) => {
    table.increments('id');
    table.string('name').notNullable();
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  client = new TestClient(t.url);
  await client.get('/__t/props'); // a first visit: session + XSRF-TOKEN cookie
});

describe('asset version', () => {
  it('answers a stale GET visit with 409, an empty body and X-Inertia-Location = the full URL', async () => {
    const res = await client.visit('/__t/props?page=2&sort=name', { version: 'old' });
    expect(res.status).toBe(409);
    expect(res.text).toBe('');
    expect(res.headers.get('x-inertia-location')).toBe(`${t.url}/__t/props?page=2&sort=name`);
  });

  it('treats a missing version header as stale when the server has a version', async () => {
    const res = await client.visit('/__t/props', { version: null });
    expect(res.status).toBe(409);
  });

  it('serves a visit whose version matches', async () => {
    expect((await client.visit('/__t/props', { version: 'v1' })).status).toBe(200);
  });

  it('never answers 409 to POST/PUT/PATCH/DELETE, whatever the version', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await client.visit('/__t/redirect', { method, version: 'old', csrf: true });
      expect(res.status, method).not.toBe(409);
    }
  });

  it('keeps the flash alive across the 409 so the reloaded page still shows it', async () => {
    await client.get('/__t/flash');
    expect((await client.visit('/__t/props', { version: 'old' })).status).toBe(409);
    const page = (await client.visit('/__t/props')).page();
    expect(page.flash).toEqual({ success: 'Flashed!' });
  });

  it('ignores the version on non-Inertia requests', async () => {
    const res = await client.get('/__t/props', { headers: { 'X-Inertia-Version': 'old' } });
    expect(res.status).toBe(200);
  });
});

describe('redirects', () => {
  it.each(['PUT', 'PATCH', 'DELETE'])(
    'turns a 302 after an Inertia %s into a 303',
    async (method) => {
      const res = await client.visit('/__t/redirect', { method, csrf: true });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/__t/props');
    },
  );

  it('leaves a 302 after an Inertia POST alone', async () => {
    const res = await client.visit('/__t/redirect', { method: 'POST', csrf: true });
    expect(res.status).toBe(302);
  });

  it('leaves a 302 after a non-Inertia PUT alone', async () => {
    const res = await client.request('/__t/redirect', { method: 'PUT', csrf: true });
    expect(res.status).toBe(302);
  });

  it('passes a 307 through unchanged', async () => {
    const res = await client.visit('/__t/redirect307', { method: 'PUT', csrf: true });
    expect(res.status).toBe(307);
  });

  it('sends an external location as 409 + X-Inertia-Location to Inertia visits', async () => {
    const res = await client.visit('/__t/external');
    expect(res.status).toBe(409);
    expect(res.headers.get('x-inertia-location')).toBe('https://example.com/elsewhere?x=1');
    expect(res.text).toBe('');
  });

  it('sends an external location as a plain 302 to non-Inertia requests', async () => {
    const res = await client.get('/__t/external');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/elsewhere?x=1');
  });

  it('sends a redirect with a #fragment as 409 + X-Inertia-Redirect to Inertia visits', async () => {
    const res = await client.visit('/__t/fragment', { method: 'POST', csrf: true });
    expect(res.status).toBe(409);
    expect(res.headers.get('x-inertia-redirect')).toBe('/__t/props#details');
  });
});

describe('validation errors', () => {
  const referer = () => ({ Referer: `${t.url}/__t/props?tab=form` });

  it('redirects back (303) and shows the errors on the next page only', async () => {
    const res = await client.visit('/__t/form', {
      method: 'POST',
      csrf: true,
      headers: referer(),
      body: { name: 'x', email: 'nope' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/__t/props?tab=form');
    const next = (await client.visit('/__t/props?tab=form')).page();
    expect(next.props.errors).toEqual({
      name: 'The name must be at least 3 characters.',
      email: 'The email must be a valid email address.',
    });
    const after = (await client.visit('/__t/props?tab=form')).page();
    expect(after.props.errors).toEqual({});
    expect(await t.db.knex(WRITES_TABLE).count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('keeps the errors for the real visit when a prefetch renders the page first', async () => {
    await client.visit('/__t/form', { method: 'POST', csrf: true, headers: referer(), body: {} });
    const prefetched = (
      await client.visit('/__t/props?tab=form', { headers: { Purpose: 'prefetch' } })
    ).page();
    expect(Object.keys(prefetched.props.errors as object)).toContain('name');
    const next = (await client.visit('/__t/props?tab=form')).page();
    expect(Object.keys(next.props.errors as object)).toContain('name');
    const after = (await client.visit('/__t/props?tab=form')).page();
    expect(after.props.errors).toEqual({});
  });

  it('scopes the errors under the X-Inertia-Error-Bag the request named', async () => {
    await client.visit('/__t/form', {
      method: 'POST',
      csrf: true,
      headers: { ...referer(), 'X-Inertia-Error-Bag': 'createUser' },
      body: { name: 'ok name', email: 'bad' },
    });
    const next = (await client.visit('/__t/props')).page();
    expect(next.props.errors).toEqual({
      createUser: { email: 'The email must be a valid email address.' },
    });
  });

  it('returns errors even on a partial reload that did not ask for them', async () => {
    await client.visit('/__t/form', { method: 'POST', csrf: true, headers: referer(), body: {} });
    const next = (
      await client.visit('/__t/props', {
        headers: {
          'X-Inertia-Partial-Component': 'Fixture/Props',
          'X-Inertia-Partial-Data': 'plain',
        },
      })
    ).page();
    expect(Object.keys(next.props.errors)).toEqual(['name', 'email']);
  });

  it('falls back to / when the Referer is another origin (no open redirect)', async () => {
    const res = await client.visit('/__t/form', {
      method: 'POST',
      csrf: true,
      headers: { Referer: 'https://evil.example/phish' },
      body: {},
    });
    expect(res.headers.get('location')).toBe('/');
  });

  it('flashes success data after a valid submission, shown once', async () => {
    const res = await client.visit('/__t/form', {
      method: 'POST',
      csrf: true,
      headers: referer(),
      body: { name: 'Jane', email: 'jane@example.com' },
    });
    expect(res.status).toBe(303);
    const next = (await client.visit('/__t/props')).page();
    expect(next.flash).toEqual({ success: 'Saved Jane' });
    expect(next.props.flash).toEqual({ success: 'Saved Jane' });
    expect(next.props.errors).toEqual({});
    const after = (await client.visit('/__t/props')).page();
    expect(after).not.toHaveProperty('flash');
    expect(after.props.flash).toEqual({});
  });
});

describe('history (HistoryTest)', () => {
  it('does not encrypt history by default', async () => {
    const page = (await client.visit('/__t/props')).page();
    expect(page).not.toHaveProperty('encryptHistory');
  });

  it('encrypts history when the response asks for it', async () => {
    const page = (await client.visit('/__t/encrypted')).page();
    expect(page.encryptHistory).toBe(true);
  });

  it('clears history on the page after the redirect, and only there', async () => {
    const res = await client.visit('/__t/clear', { method: 'POST', csrf: true });
    expect(res.status).toBe(302);
    const next = (await client.visit('/__t/props')).page();
    expect(next.clearHistory).toBe(true);
    const after = (await client.visit('/__t/props')).page();
    expect(after).not.toHaveProperty('clearHistory');
  });
});
