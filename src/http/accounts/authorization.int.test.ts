import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../route-table.ts';
import type { RouteDef } from '../routing/types.ts';
import type { TestClient } from '../test-support/client.ts';
import { send, startHarness, type Harness } from './test-support/harness.ts';
import { signedIn } from './test-support/roles.ts';

/**
 * One mechanism, every route: the route table's `auth` field decides (src/http/routing/register.ts).
 * The matrix runs guest / member / admin against every admin route and admin call of the table;
 * the CSRF check runs against every mutation of the table.
 */
let h: Harness;
let member: TestClient;
let admin: TestClient;

beforeAll(async () => {
  h = await startHarness();
  member = (await signedIn(h, 'member')).client;
  admin = (await signedIn(h, 'admin')).client;
});
afterAll(async () => {
  await h?.close();
});

const concrete = (r: RouteDef) =>
  r.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001');
const adminRoutes = routes.filter((r) => r.auth === 'admin');
const mutations = routes.filter((r) => r.method !== 'GET');
const label = (r: RouteDef) => `${r.method} ${r.path}`;

async function call(client: TestClient, r: RouteDef) {
  const path = concrete(r);
  if (r.method === 'GET') return path.startsWith('/api/') ? client.get(path) : client.visit(path);
  return send(client, r.method, path, {});
}

describe('authorization matrix', () => {
  it('covers the admin routes of the table', () => {
    expect(adminRoutes.map(label)).toEqual(
      expect.arrayContaining(['GET /admin', 'GET /admin/users', 'GET /api/users']),
    );
  });

  it.each(adminRoutes.map((r) => [label(r), r] as const))(
    '%s: a guest is sent to sign in (pages come back after)',
    async (_l, r) => {
      const guest = await h.client();
      const res = await call(guest, r);
      if (r.path.startsWith('/api/')) {
        expect(res.status).toBe(401);
      } else if (r.method === 'GET') {
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe(
          `/auth/login?return_to=${encodeURIComponent(concrete(r))}`,
        );
      } else {
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/auth/login');
      }
    },
  );

  it.each(adminRoutes.map((r) => [label(r), r] as const))(
    '%s: a member gets 403',
    async (_l, r) => {
      const res = await call(member, r);
      expect(res.status).toBe(403);
      if (!r.path.startsWith('/api/')) expect(res.page().component).toBe('Public/Forbidden');
    },
  );

  it.each(adminRoutes.map((r) => [label(r), r] as const))(
    '%s: an admin passes the check',
    async (_l, r) => {
      const res = await call(admin, r);
      expect([401, 403]).not.toContain(res.status);
      expect(res.headers.get('location') ?? '').not.toMatch(/^\/auth\/login/);
    },
  );

  it('brings a guest back to the admin page after signing in', async () => {
    const guest = await h.client();
    const res = await guest.visit('/admin/users');
    const login = await guest.visit(res.headers.get('location')!);
    expect(login.page().props.returnTo).toBe('/admin/users');
  });

  it('renders /admin/users client-only (no server-rendered markup)', async () => {
    const res = await admin.get('/admin/users');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('data-server-rendered');
  });
});

describe('CSRF', () => {
  it.each(mutations.map((r) => [label(r), r] as const))(
    '%s without X-XSRF-TOKEN answers 419 and changes nothing',
    async (_l, r) => {
      const head = await h.store.headPosition();
      const res = await admin.request(concrete(r), {
        method: r.method,
        inertia: true,
        body: { driverId: 101, email: 'x@example.com' },
      });
      expect(res.status).toBe(419);
      expect(await h.store.headPosition()).toBe(head);
    },
  );
});

describe('GET /api/users', () => {
  it('pages the accounts, newest first, for admins', async () => {
    const res = await admin.get('/api/users?page=1&perPage=1');
    expect(res.status).toBe(200);
    const body = res.json<{
      data: { id: string; email: string; role: string }[];
      meta: { total: number; perPage: number; lastPage: number };
    }>();
    expect(body.meta).toMatchObject({ perPage: 1, total: 2, lastPage: 2 });
    expect(body.data).toHaveLength(1);
    // Newest first: both accounts may be registered within the same instant (ties are broken by
    // id), so compare the registration times of the two pages rather than assume which comes first.
    const second = (await admin.get('/api/users?page=2&perPage=1')).json<{
      data: { role: string; registeredAt: string }[];
    }>();
    const first = body.data[0] as unknown as { role: string; registeredAt: string };
    expect(second.data).toHaveLength(1);
    expect(Date.parse(first.registeredAt)).toBeGreaterThanOrEqual(
      Date.parse(second.data[0]!.registeredAt),
    );
    expect([first.role, second.data[0]!.role].sort()).toEqual(['admin', 'member']);
    expect(Object.keys(body.data[0]!).sort()).toEqual([
      'discordLinked',
      'displayName',
      'email',
      'hasPassword',
      'id',
      'registeredAt',
      'role',
    ]);
    expect((await admin.get('/api/users?page=9')).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it.each(['page=0', 'page=abc', 'perPage=101', 'perPage=0', 'page=1.5'])(
    'answers 400 for %s',
    async (q) => {
      const res = await admin.get(`/api/users?${q}`);
      expect(res.status).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('bad_request');
    },
  );
});
