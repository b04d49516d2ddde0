import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type AdminApp } from '../admin/test-support/admin-app.ts';
import { TestClient, type Sent } from '../test-support/client.ts';
import { TOO_MANY_OPEN } from '../../commands/recruitment/decider.ts';
import { createTeam } from '../../commands/teams/handlers.ts';
import { CREATE_LIMIT, CREATE_LIMITED } from './mutations.ts';
import { EVENTS_TABLE } from '../../eventstore/postgres/sql.ts';
import { RECRUITMENT_PROFILES_TABLE } from '../../projections/recruitment/tables.ts';

/**
 * The recruitment area over HTTP on the real app (event store, BullMQ workers, projections):
 * the forms through the shared write path, the 3-open rule, owner-only edit and delete, the
 * contact for signed-in members only, sanitised markdown, the lists and the JSON API with the
 * linked driver's live record; the create rate limit, renewing and reopening, a team profile's
 * members' averages, and a deleted account's profiles leaving every page and API.
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

describe('recruitment over HTTP: limits, renewal, teams, deleted accounts', () => {
  const created = async (client: TestClient, body: Record<string, unknown>) => {
    const res = await mutate(client, 'POST', '/recruitment/create', body);
    const match = /^\/recruitment\/profiles\/([0-9a-f-]{36})$/.exec(locationOf(res));
    expect(match, `${res.status} ${locationOf(res)}`).not.toBeNull();
    return match![1]!;
  };
  const shown = async (client: TestClient, id: string) =>
    (await client.visit(`/recruitment/profiles/${id}`)).page().props.profile as {
      status: string;
      expiresAt: string;
      stats: { kind: string; team: Record<string, unknown> | null };
    };
  const boardIds = async (api: string) =>
    (await new TestClient(app.url).get(api))
      .json<{ data: { id: string }[] }>()
      .data.map((p) => p.id);

  it(`refuses create number ${CREATE_LIMIT.max + 1} within the hour with a clear message, appending nothing`, async () => {
    const { client } = await app.signedIn('member');
    for (let n = 1; n <= CREATE_LIMIT.max; n++) {
      const id = await created(client, { ...fields, title: `Rate limited profile ${n}` });
      expect((await mutate(client, 'DELETE', `/recruitment/${id}`)).status).toBe(303);
    }
    const before = await eventCount();
    const res = await mutate(client, 'POST', '/recruitment/create', {
      ...fields,
      title: 'One profile too many',
    });
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const errors = await errorsAfter(client, res);
    expect(errors._).toBe(CREATE_LIMITED);
    expect(await eventCount()).toBe(before);
  });

  it('renews, closes and reopens a profile through the edit form', async () => {
    const { client } = await app.signedIn('member');
    const id = await created(client, { ...fields, title: 'Renewable GT3 driver' });
    const first = await shown(client, id);
    expect(first.status).toBe('open');

    const renewed = await mutate(client, 'PUT', `/recruitment/${id}/edit`, {
      ...fields,
      title: 'Renewable GT3 driver',
      renew: 'on',
    });
    expect(renewed.status).toBe(303);
    const afterRenew = await shown(client, id);
    expect(Date.parse(afterRenew.expiresAt)).toBeGreaterThan(Date.parse(first.expiresAt));

    const closed = await mutate(client, 'PUT', `/recruitment/${id}/edit`, {
      ...fields,
      title: 'Renewable GT3 driver',
      status: 'closed',
    });
    expect(closed.status).toBe(303);
    expect((await shown(client, id)).status).toBe('closed');
    expect(await boardIds('/api/recruitment/drivers')).not.toContain(id);

    const reopened = await mutate(client, 'PUT', `/recruitment/${id}/edit`, {
      ...fields,
      title: 'Renewable GT3 driver',
      status: 'open',
    });
    expect(reopened.status).toBe(303);
    const afterReopen = await shown(client, id);
    expect(afterReopen.status).toBe('open');
    expect(Date.parse(afterReopen.expiresAt)).toBeGreaterThanOrEqual(
      Date.parse(afterRenew.expiresAt),
    );
    expect(await boardIds('/api/recruitment/drivers')).toContain(id);
  });

  it("shows a team profile with its catalog team's members' live averages", async () => {
    const team = await createTeam(
      {
        eventStore: app.store,
        notifyAppended: (a) => app.jobs.notifyAppended(a.position, a.eventTypes),
      },
      { name: 'Apex Endurance Racing', tag: 'APEX', memberCustIds: [RACER, 987_654] },
    );
    await app.caughtUp(['teams'], team.position!);
    const { client } = await app.signedIn('member');
    const id = await created(client, {
      ...fields,
      kind: 'team',
      title: 'Apex Endurance looks for drivers',
      custId: '',
      teamId: team.teamId,
    });
    const stats = (await shown(client, id)).stats;
    expect(stats.kind).toBe('team');
    expect(stats.team).toMatchObject({ teamId: team.teamId, memberCount: 2 });
    const averages = stats.team!.averages as {
      averageIrating: number | null;
      ratedMembers: number;
    }[];
    expect(averages).toContainEqual(
      expect.objectContaining({ averageIrating: 2010, ratedMembers: 1 }),
    );
    const api = (await new TestClient(app.url).get('/api/recruitment/teams')).json<{
      data: { id: string; team: { averages: unknown[] } | null }[];
    }>();
    expect(api.data.find((p) => p.id === id)?.team?.averages).toEqual(averages);
  });

  it("removes a deleted account's profiles from the lists, the profile page and the API", async () => {
    const { client, user } = await app.signedIn('member');
    const driverId = await created(client, { ...fields, title: 'Soon deleted driver' });
    expect(await boardIds('/api/recruitment/drivers')).toContain(driverId);
    const gone = await mutate(client, 'DELETE', '/auth/user', { password: user.password });
    expect(gone.status).toBe(303);
    await expect
      .poll(
        async () => (await new TestClient(app.url).get(`/recruitment/profiles/${driverId}`)).status,
      )
      .toBe(404);
    expect(await boardIds('/api/recruitment/drivers')).not.toContain(driverId);
    const board = (await new TestClient(app.url).visit('/recruitment')).page();
    expect((board.props.profiles as { id: string }[]).map((p) => p.id)).not.toContain(driverId);
    expect(await app.db.knex(RECRUITMENT_PROFILES_TABLE).where({ owner_id: user.userId })).toEqual(
      [],
    );
  });

  it('creates and edits a profile through plain forms (urlencoded, _method=put, flat requirement cells)', async () => {
    const { client } = await app.signedIn('member');
    const plain = (path: string, pairs: [string, string][]) =>
      client.request(path, {
        method: 'POST',
        body: new URLSearchParams(pairs),
        headers: { 'Sec-Fetch-Site': 'same-origin' },
      });
    const common: [string, string][] = [
      ['title', 'Plain form endurance team'],
      ['description', 'A team that reads forms without any JavaScript at all.'],
      ['categories', 'sports_car'],
      ['seriesIds', ''],
      ['timeZone', 'Europe/Oslo'],
      ['days', 'sat'],
      ['format', 'endurance'],
      ['languages', 'en, no'],
      ['contact', ''],
      ['teamId', ''],
      ['requirements.sports_car.minIRating', '1500'],
      ['requirements.sports_car.minLicence', 'C'],
      ['requirements.oval.minIRating', ''],
      ['requirements.oval.minLicence', ''],
    ];
    const res = await plain('/recruitment/create', [['kind', 'team'], ...common]);
    expect(res.status).toBe(303);
    const id = /^\/recruitment\/profiles\/([0-9a-f-]{36})$/.exec(locationOf(res))?.[1];
    expect(id).toBeDefined();
    const shownProfile = async () =>
      (await client.visit(`/recruitment/profiles/${id}`)).page().props.profile as {
        title: string;
        status: string;
        languages: string[];
        requirements: { category: string; minIRating: number | null; minLicence: string | null }[];
      };
    expect(await shownProfile()).toMatchObject({
      title: 'Plain form endurance team',
      languages: ['en', 'no'],
      requirements: [{ category: 'sports_car', minIRating: 1500, minLicence: 'C' }],
    });

    const edited = await plain(`/recruitment/${id}/edit`, [
      ['_method', 'put'],
      ...common.map(([k, v]): [string, string] =>
        k === 'title' ? [k, 'Plain form endurance team, edited'] : [k, v],
      ),
      ['status', 'closed'],
    ]);
    expect(edited.status).toBe(303);
    expect(locationOf(edited)).toBe(`/recruitment/profiles/${id}`);
    expect(await shownProfile()).toMatchObject({
      title: 'Plain form endurance team, edited',
      status: 'closed',
    });

    const invalid = await plain('/recruitment/create', [
      ['kind', 'driver'],
      ...common.map(([k, v]): [string, string] => (k === 'title' ? [k, 'x'] : [k, v])),
    ]);
    expect((await errorsAfter(client, invalid)).title).toMatch(/at least/);
  });
});
