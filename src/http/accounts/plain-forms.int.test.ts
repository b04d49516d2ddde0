import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerUser, startHarness, type Harness } from './test-support/harness.ts';

/**
 * Plain HTML form posts (no JavaScript, so no X-XSRF-TOKEN header): accepted when the browser
 * says the form came from this site (Sec-Fetch-Site: same-origin, or an Origin of this host),
 * refused with 419 otherwise — a cross-site form can sign nobody in or out and change nothing.
 * `_method` turns a form POST into the route's DELETE.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function formPost(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
) {
  return fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

describe('plain form posts', () => {
  it('a same-origin form signs in; cross-site, foreign-origin and header-less posts get 419', async () => {
    const { email } = await registerUser(await h.client());
    const fields = { email, password: PASSWORD };
    const host = new URL(h.url).host;
    expect(
      (
        await formPost('/auth/login', fields, {
          'Sec-Fetch-Site': 'cross-site',
          Origin: 'http://evil.example',
        })
      ).status,
    ).toBe(419);
    expect((await formPost('/auth/login', fields, { 'Sec-Fetch-Site': 'same-site' })).status).toBe(
      419,
    );
    expect((await formPost('/auth/login', fields, { Origin: 'http://evil.example' })).status).toBe(
      419,
    );
    expect((await formPost('/auth/login', fields, { Origin: 'null' })).status).toBe(419);
    expect((await formPost('/auth/login', fields, {})).status).toBe(419);
    // A JSON body is never a plain form: it still needs the header.
    const json = await fetch(`${h.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify(fields),
      redirect: 'manual',
    });
    expect(json.status).toBe(419);

    const sameOrigin = await formPost('/auth/login', fields, { 'Sec-Fetch-Site': 'same-origin' });
    expect(sameOrigin.status).toBe(303);
    expect(sameOrigin.headers.get('location')).toBe('/');
    const byOrigin = await formPost('/auth/login', fields, { Origin: `http://${host}` });
    expect(byOrigin.status).toBe(303);
    expect(byOrigin.headers.get('location')).toBe('/');
  });

  it('_method=delete reaches the DELETE route; other overrides are ignored', async () => {
    // Signed out: DELETE /auth/user is a `user` route, so a guest is sent to sign in.
    const asDelete = await formPost(
      '/auth/user',
      { _method: 'delete' },
      { 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(asDelete.status).toBe(303);
    expect(asDelete.headers.get('location')).toMatch(/^\/auth\/login/);
    // POST /auth/user is no route: 404, whatever `_method` says when it is not overridable.
    const asGet = await formPost(
      '/auth/user',
      { _method: 'get' },
      { 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(asGet.status).toBe(404);
  });
});
