import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from './route-table.ts';
import { pathParams } from './routing/types.ts';
import type { AuthUser } from '../../web/inertia/shared-props.ts';
import { TestClient } from './test-support/client.ts';
import { fixtureRoutes } from './test-support/fixture-routes.ts';
import { startTestServer, type TestServer } from './test-support/server.ts';

// The user comes from the X-Test-User header here; the accounts area will supply the real one.
const users: Record<string, AuthUser> = {
  member: { id: 'u1', displayName: 'Member', role: 'member' },
  admin: { id: 'u2', displayName: 'Admin', role: 'admin' },
};
const resolveUser = (req: Request) => Promise.resolve(users[req.get('X-Test-User') ?? ''] ?? null);

let t: TestServer;
let prod: TestServer;

beforeAll(async () => {
  t = await startTestServer({ extraRoutes: fixtureRoutes, resolveUser });
  prod = await startTestServer({ extraRoutes: fixtureRoutes, env: { NODE_ENV: 'production' } });
});
afterAll(async () => {
  await t?.close();
  await prod?.close();
});

describe('error pages', () => {
  it('answers an unknown URL with 404 and the NotFound component (Inertia visit keeps the status)', async () => {
    const res = await new TestClient(t.url).visit('/no/such/page?x=1');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-inertia')).toBe('true');
    const page = res.page();
    expect(page.component).toBe('Public/NotFound');
    expect(page.url).toBe('/no/such/page?x=1');
  });

  it('answers an unknown URL with a 404 HTML document on a first visit', async () => {
    const res = await new TestClient(t.url).get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.page().component).toBe('Public/NotFound');
  });

  it('answers a crash with 500 and the ServerError page, without the error message or a stack', async () => {
    for (const server of [t, prod]) {
      const client = new TestClient(server.url);
      for (const res of [await client.visit('/__t/boom'), await client.get('/__t/boom')]) {
        expect(res.status).toBe(500);
        expect(res.page().component).toBe('Public/ServerError');
        expect(res.text).not.toContain('hunter2');
        expect(res.text).not.toMatch(/at .*\.ts:\d+/);
        expect(res.page().props.requestId).toBe(res.headers.get('x-request-id'));
      }
    }
  });

  it('answers API errors as JSON {error, message}; production hides a crash message', async () => {
    const missing = await new TestClient(t.url).get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'This page does not exist.' });
    const crash = await new TestClient(prod.url).get('/api/__t/boom');
    expect(crash.status).toBe(500);
    expect(crash.json()).toEqual({
      error: 'server_error',
      message: 'Something went wrong on our side.',
    });
  });

  it('answers invalid JSON bodies with 400 JSON on the API', async () => {
    const client = new TestClient(t.url);
    await client.get('/__t/props');
    const res = await fetch(`${t.url}/api/__t/write`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
        'X-XSRF-TOKEN': client.cookie('XSRF-TOKEN')!,
      },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_request' });
  });
});

describe('route table', () => {
  const sample = (path: string) =>
    pathParams(path).reduce(
      (p, name) => p.replace(`{${name}}`, name === 'slug' ? 'some-slug' : '42'),
      path,
    );

  it('has every route of the spec sections 2 and 7, each name unique', () => {
    const names = new Set(routes.map((r) => r.name));
    expect(names.size).toBe(routes.length);
    const endpoints = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const spec = [
      'GET /',
      'GET /drivers',
      'GET /drivers/{id}',
      'GET /drivers/{id}/compare',
      'GET /news/{slug}',
      'GET /changelog',
      'GET /privacy-policy',
      'GET /terms-of-service',
      'GET /search',
      'GET /setups',
      'GET /world-records',
      'GET /recruitment',
      'GET /recruitment/teams',
      'GET /recruitment/mine',
      'GET /recruitment/create',
      'GET /recruitment/{profileId}/edit',
      'GET /recruitment/profiles/{profileId}',
      'GET /series',
      'GET /series/{id}',
      'GET /series/{id}/pace',
      'GET /series/{id}/schedule',
      'GET /series/{id}/stats',
      'GET /series/{id}/setups',
      'GET /series/{id}/participation',
      'GET /series/{id}/sof',
      'GET /series/{id}/recent-races',
      'GET /sessions/{id}',
      'GET /subsessions/{id}',
      'GET /teams',
      'GET /teams/{slug}',
      'GET /pros',
      'GET /pros/{id}',
      'GET /gears',
      'GET /gears/{type}',
      'GET /settings',
      'GET /auth/login',
      'GET /auth/register',
      'GET /auth/forgot-password',
      'GET /auth/reset-password',
      'GET /auth/discord/redirect',
      'GET /auth/discord/callback',
      'GET /auth/logout',
      'GET /admin',
      'GET /admin/users',
      'GET /admin/setups',
      'GET /admin/setups/create',
      'GET /admin/teams',
      'GET /admin/teams/create',
      'GET /admin/gears',
      'GET /admin/gears/create',
      'GET /admin/pros',
      'GET /admin/pros/create',
      'GET /admin/articles',
      'GET /admin/articles/create',
      'GET /admin/articles/{id}',
      'GET /admin/sessions',
      'POST /favorites',
      'DELETE /favorites',
      'POST /recruitment/create',
      'PUT /recruitment/{profileId}/edit',
      'DELETE /recruitment/{profileId}',
      'POST /admin/setups/create',
      'POST /admin/teams/create',
      'POST /admin/gears/create',
      'POST /admin/pros/create',
      'POST /admin/articles',
      'PATCH /admin/articles/{id}',
      'PATCH /admin/articles/{id}/publish',
      'DELETE /admin/articles/{id}/publish',
      'POST /admin/sessions/replay',
      'POST /auth/login',
      'POST /auth/register',
      'POST /auth/forgot-password',
      'POST /auth/reset-password',
      'POST /auth/change-password',
      'POST /auth/user-info',
      'DELETE /auth/user',
      'DELETE /auth/delete-linked-account',
      'GET /api/articles',
      'GET /api/drivers',
      'GET /api/drivers/search',
      'GET /api/drivers/compare',
      'GET /api/drivers/{id}/subsessions',
      'GET /api/recruitment/mine',
      'GET /api/recruitment/drivers',
      'GET /api/recruitment/teams',
      'GET /api/seasons/{id}/car-times',
      'GET /api/seasons/{id}/schedule',
      'GET /api/seasons/{id}/recent-races',
      'GET /api/seasons/{id}/fastest-laps',
      'GET /api/seasons/{id}/race-wins-leaderboard',
      'GET /api/seasons/{id}/most-poles-leaderboard',
      'GET /api/seasons/{id}/most-tops-five-leaderboard',
      'GET /api/seasons/{id}/most-races-leaderboard',
      'GET /api/series',
      'GET /api/series/search',
      'GET /api/subsessions/{id}/results/{type}',
      'GET /api/users',
      'GET /api/world-records',
      'GET /api/setups',
      'GET /api/gears',
      'GET /api/gears/{type}',
      'GET /api/teams',
      'GET /api/pros',
    ];
    expect(spec.filter((e) => !endpoints.has(e))).toEqual([]);
  });

  it('answers every public page route for a guest with its page (or, for an unknown id, the 404 page)', async () => {
    const client = new TestClient(t.url);
    const failures: string[] = [];
    for (const r of routes.filter(
      (r) => r.method === 'GET' && r.auth === 'public' && !r.path.startsWith('/api/'),
    )) {
      const res = await client.visit(sample(r.path));
      const component =
        res.status === 302 ? `redirect to ${res.headers.get('location')}` : res.page().component;
      const ok =
        (res.status === 200 && (r.page === undefined || component === r.page)) ||
        (res.status === 404 && pathParams(r.path).length > 0 && component === 'Public/NotFound') ||
        // Routes that render no page of their own (sign-out, the Discord hops) answer with a redirect.
        (r.page === undefined && res.status === 302);
      if (!ok) failures.push(`${r.name} ${res.status} ${component}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers every public JSON route with JSON, never an HTML page (unbuilt ones: 501 naming the area)', async () => {
    const client = new TestClient(t.url);
    const failures: string[] = [];
    for (const r of routes.filter(
      (r) => r.method === 'GET' && r.auth === 'public' && r.path.startsWith('/api/'),
    )) {
      const res = await client.get(sample(r.path));
      const type = res.headers.get('content-type') ?? '';
      if (!type.includes('application/json')) failures.push(`${r.name}: ${type}`);
      if (res.status === 501 && !/is not built yet/.test(res.json<{ message: string }>().message)) {
        failures.push(`${r.name}: 501 without naming the area`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('central authorization from the route table', () => {
  it('sends a guest on an admin page to /auth/login with the page as return_to', async () => {
    const res = await new TestClient(t.url).visit('/admin/users?page=2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/login?return_to=%2Fadmin%2Fusers%3Fpage%3D2');
  });

  it('gives a member the 403 page and an admin the page (client-only shell)', async () => {
    const member = await new TestClient(t.url).get('/__t/admin-only', {
      headers: { 'X-Test-User': 'member' },
    });
    expect(member.status).toBe(403);
    expect(member.page().component).toBe('Public/Forbidden');
    expect(member.text).not.toContain('admin data');
    const admin = await new TestClient(t.url).get('/__t/admin-only', {
      headers: { 'X-Test-User': 'admin' },
    });
    expect(admin.status).toBe(200);
    expect(admin.page().props.secret).toBe('admin data');
    expect(admin.page().props.auth).toEqual({ user: users.admin });
  });

  it('answers a guest on an admin API call with 401 JSON', async () => {
    const res = await new TestClient(t.url).get('/api/users');
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthenticated' });
  });

  it('sends a signed-in user away from guest-only pages', async () => {
    const res = await new TestClient(t.url).visit('/auth/login', {
      headers: { 'X-Test-User': 'member' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});
