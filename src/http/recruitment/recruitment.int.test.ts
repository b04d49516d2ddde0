import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type AdminApp } from '../admin/test-support/admin-app.ts';
import { TestClient, type Sent } from '../test-support/client.ts';
import { TOO_MANY_OPEN } from '../../commands/recruitment/decider.ts';
import { EVENTS_TABLE } from '../../eventstore/postgres/sql.ts';
import { RECRUITMENT_PROFILES_TABLE } from '../../projections/recruitment/tables.ts';

/**
 * The recruitment area over HTTP on the real app (event store, BullMQ workers, projections):
 * the forms through the shared write path, the 3-open rule, owner-only edit and delete, the
 * contact for signed-in members only, sanitised markdown, the lists and the JSON API with the
 * linked driver's live record.
 */
let app: AdminApp;
let owner: TestClient;
let other: TestClient;
let admin: TestClient;
const RACER = 1000;

beforeAll(async () => {
  app = await startAdminApp();
  await app.recordSession(7_700_001, 77_000_001);
  owner = (await app.signedIn('member')).client;
  other = (await app.signedIn('member')).client;
  admin = (await app.signedIn('admin')).client;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const fields = {
  kind: 'driver',
  title: 'GT3 driver looking for an endurance team',
  description:
    'Consistent **GT3** driver. See [my channel](https://example.com/me) and <script>alert(1)</script> [bad](javascript:alert(1)).',
  categories: ['sports_car'],
  seriesIds: [],
  timeZone: 'Europe/Berlin',
  days: ['sat', 'sun'],
  format: 'endurance',
  languages: ['en', 'de'],
  contact: 'Discord: jane#1234',
  custId: String(RACER),
  teamId: '',
  requirements: [],
};

const mutate = (client: TestClient, method: string, path: string, body?: unknown, csrf = true) =>
  client.request(path, { method, body, inertia: true, csrf });

const profileCount = async () =>
  Number((await app.db.knex(RECRUITMENT_PROFILES_TABLE).count<{ count: string }[]>())[0]!.count);
const eventCount = async () =>
  Number((await app.db.knex(EVENTS_TABLE).count<{ count: string }[]>())[0]!.count);
const locationOf = (res: Sent) => res.headers.get('location') ?? '';
const errorsAfter = async (client: TestClient, res: Sent) => {
  expect(res.status).toBe(303);
  const page = (await client.visit(locationOf(res))).page();
  return page.props.errors as Record<string, string>;
};

describe('recruitment over HTTP', () => {
  let profileId = '';

  it('sends a guest who opens the form to sign in, and refuses a post without the CSRF token', async () => {
    const guest = new TestClient(app.url);
    const res = await guest.get('/recruitment/create');
    expect(res.status).toBe(302);
    expect(locationOf(res)).toMatch(/^\/auth\/login/);
    const noCsrf = await mutate(owner, 'POST', '/recruitment/create', fields, false);
    expect(noCsrf.status).toBe(419);
    expect(await profileCount()).toBe(0);
  });

  it('sends invalid fields back to the form one by one, creating nothing', async () => {
    const res = await mutate(owner, 'POST', '/recruitment/create', {
      ...fields,
      title: 'x',
      categories: [],
      timeZone: 'Mars/Olympus',
      custId: 'abc',
    });
    const errors = await errorsAfter(owner, res);
    expect(errors.title).toMatch(/at least/);
    expect(errors).toMatchObject({
      categories: 'Choose at least one category.',
      timeZone: 'Choose a time zone from the list.',
      custId: 'Enter your iRacing customer id.',
    });
    expect(await profileCount()).toBe(0);
  });

  it('publishes a profile and shows it with the live record of the linked driver', async () => {
    const res = await mutate(owner, 'POST', '/recruitment/create', fields);
    expect(res.status).toBe(303);
    const match = /^\/recruitment\/profiles\/([0-9a-f-]{36})$/.exec(locationOf(res));
    expect(match).not.toBeNull();
    profileId = match![1]!;
    const page = (await owner.visit(locationOf(res))).page();
    expect(page.component).toBe('Recruitment/Show');
    const profile = page.props.profile as Record<string, unknown> & {
      stats: {
        kind: string;
        driver: {
          custId: number;
          licenses: { irating: number }[];
          recentForm: unknown[];
          verified: boolean;
        };
      };
    };
    expect(profile.contact).toBe('Discord: jane#1234');
    expect(profile.canEdit).toBe(true);
    expect(profile.stats.driver.custId).toBe(RACER);
    expect(profile.stats.driver.licenses.map((l) => l.irating)).toContain(2010);
    expect(profile.stats.driver.recentForm).toHaveLength(1);
    expect(profile.stats.driver.verified).toBe(false);
    const html = profile.descriptionHtml as string;
    expect(html).toContain('<strong>GT3</strong>');
    expect(html).toContain('<a href="https://example.com/me" rel="nofollow ugc noopener">');
    expect(html).not.toMatch(/script|javascript:/i);

    const boardRes = await new TestClient(app.url).visit('/recruitment');
    expect(boardRes.status, boardRes.text.slice(0, 300)).toBe(200);
    const board = boardRes.page();
    expect((board.props.profiles as { id: string }[]).map((p) => p.id)).toEqual([profileId]);
    const mine = (await owner.visit('/recruitment/mine')).page();
    expect((mine.props.profiles as { id: string }[]).map((p) => p.id)).toEqual([profileId]);
  });

  it('shows the contact to signed-in members only, never in the API', async () => {
    const guestPage = (
      await new TestClient(app.url).visit(`/recruitment/profiles/${profileId}`)
    ).page();
    expect((guestPage.props.profile as { contact: unknown }).contact).toBeNull();
    expect(JSON.stringify(guestPage)).not.toContain('jane#1234');
    const otherPage = (await other.visit(`/recruitment/profiles/${profileId}`)).page();
    expect((otherPage.props.profile as { contact: unknown }).contact).toBe('Discord: jane#1234');
    const api = await new TestClient(app.url).get('/api/recruitment/drivers');
    expect(api.status).toBe(200);
    expect(api.text).not.toContain('jane#1234');
    const body = api.json<{ data: { id: string; driver: { custId: number } }[]; meta: unknown }>();
    expect(body.data.map((p) => [p.id, p.driver.custId])).toEqual([[profileId, RACER]]);
    expect(body.meta).toEqual({ perPage: 25, nextCursor: null });
  });

  it('filters and sorts the board by the live iRating, licence and category', async () => {
    const ids = async (query: string) =>
      (await new TestClient(app.url).get(`/api/recruitment/drivers?${query}`))
        .json<{ data: { id: string }[] }>()
        .data.map((p) => p.id);
    expect(await ids('minIRating=2000&maxIRating=2100')).toEqual([profileId]);
    expect(await ids('minIRating=2500')).toEqual([]);
    expect(await ids('licence=C')).toEqual([profileId]);
    expect(await ids('licence=A')).toEqual([]);
    expect(await ids('category=oval')).toEqual([]);
    expect(await ids('sort=irating&language=de&timeZone=Europe/Berlin')).toEqual([profileId]);
    const bad = await new TestClient(app.url).get('/api/recruitment/drivers?limit=0&cursor=zzz');
    expect(bad.status).toBe(400);
    expect((await new TestClient(app.url).visit('/recruitment?minIRating=abc')).status).toBe(404);
  });

  it('lets only the owner edit (another member: 403, nothing changed)', async () => {
    const forbidden = await mutate(other, 'PUT', `/recruitment/${profileId}/edit`, {
      ...fields,
      title: 'Hijacked profile title',
    });
    expect(forbidden.status).toBe(403);
    expect((await other.visit(`/recruitment/${profileId}/edit`)).status).toBe(403);
    const before = await eventCount();
    const invalid = { ...fields, title: 'x', categories: [], timeZone: 'Mars/Olympus' };
    expect((await mutate(other, 'PUT', `/recruitment/${profileId}/edit`, invalid)).status).toBe(
      403,
    );
    expect((await mutate(other, 'DELETE', `/recruitment/${profileId}`, invalid)).status).toBe(403);
    expect(await eventCount()).toBe(before);
    const saved = await mutate(owner, 'PUT', `/recruitment/${profileId}/edit`, {
      ...fields,
      title: 'GT3 and LMP2 driver for endurance',
    });
    expect(saved.status).toBe(303);
    const page = (await owner.visit(locationOf(saved))).page();
    expect((page.props.profile as { title: string }).title).toBe(
      'GT3 and LMP2 driver for endurance',
    );
    expect((page.props.flash as { success?: string }).success).toBe('Profile saved.');
  });

  it('refuses a fourth open profile with the message', async () => {
    for (const n of [2, 3]) {
      const res = await mutate(owner, 'POST', '/recruitment/create', {
        ...fields,
        title: `Profile number ${n}`,
      });
      expect(locationOf(res)).toMatch(/^\/recruitment\/profiles\//);
    }
    const fourth = await mutate(
      owner,
      'POST',
      '/recruitment/create',
      { ...fields, title: 'Profile number 4' },
      true,
    );
    const errors = await errorsAfter(owner, fourth);
    expect(errors._).toBe(TOO_MANY_OPEN);
  });

  it('lets only the owner or an admin delete; a deleted profile leaves lists and API', async () => {
    expect((await mutate(other, 'DELETE', `/recruitment/${profileId}`)).status).toBe(403);
    const deleted = await mutate(owner, 'DELETE', `/recruitment/${profileId}`);
    expect(deleted.status).toBe(303);
    expect(locationOf(deleted)).toBe('/recruitment/mine');
    expect((await owner.visit(`/recruitment/profiles/${profileId}`)).status).toBe(404);
    const api = (await owner.get('/api/recruitment/mine')).json<{ data: { id: string }[] }>();
    expect(api.data.map((p) => p.id)).not.toContain(profileId);
    expect(api.data).toHaveLength(2);
    const board = (await new TestClient(app.url).get('/api/recruitment/drivers')).json<{
      data: { id: string }[];
    }>();
    expect(board.data.map((p) => p.id)).not.toContain(profileId);
    const byAdmin = await mutate(admin, 'DELETE', `/recruitment/${api.data[0]!.id}`);
    expect(byAdmin.status).toBe(303);
    expect(
      (await owner.get('/api/recruitment/mine')).json<{ data: unknown[] }>().data,
    ).toHaveLength(1);
  });

  it('answers /api/recruitment/mine for a guest with 401 JSON', async () => {
    const res = await new TestClient(app.url).get('/api/recruitment/mine');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
