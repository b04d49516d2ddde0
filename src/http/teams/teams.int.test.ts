import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test-support/client.ts';
import {
  expectSaved,
  follow,
  send,
  startAdminApp,
  type AdminApp,
} from '../admin/test-support/admin-app.ts';
import { STALE_TEAM_MESSAGE } from '../admin/teams/mutations.ts';
import { raceRow } from '../../projections/racing/testing.ts';
import { STORED_FILES_TABLE } from '../../files/store.ts';
import { SCRIPTED_SVG, TINY_PNG } from '../../../tests/support/images.ts';
import { teamListResponse, teamResponse } from './openapi.ts';

/**
 * Teams over HTTP against the real app: admin forms → commands → event store → the teams
 * projection (woken by the job system) → read-your-writes → the public pages and the JSON API.
 */
let app: AdminApp;
let admin: TestClient;
let guest: TestClient;

interface EditTeam {
  id: string;
  name: string;
  slug: string;
  tag: string;
  members: string;
  links: string;
  formerSlugs: string[];
  revision: string;
}

beforeAll(async () => {
  app = await startAdminApp();
  admin = (await app.signedIn('admin')).client;
  guest = await app.client();
  // Driver 1000 of a recorded race: a member with live racing data.
  await app.recordSession(9001, 90_001);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const head = () => app.store.headPosition();
let seq = 0;

async function createThroughForm(fields: Record<string, unknown> = {}) {
  const name = `Night Owls ${++seq}`;
  const res = await send(
    admin,
    'POST',
    '/admin/teams/create',
    {
      name,
      slug: '',
      tag: 'owl',
      description: 'We race late.',
      links: '',
      members: '1000',
      ...fields,
    },
    { from: '/admin/teams/create' },
  );
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toMatch(/^\/admin\/teams\/[0-9a-f-]{36}$/);
  const page = await follow(admin, res);
  await app.settled(['teams']);
  return { page, team: page.props.team as EditTeam };
}

describe('who may change teams', () => {
  it('sends a guest to sign in, refuses a member with 403 and a forged request with 419', async () => {
    const res = await guest.visit('/admin/teams');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/login?return_to=%2Fadmin%2Fteams');

    const { client: member } = await app.signedIn('member');
    const before = await head();
    const refused = await send(member, 'POST', '/admin/teams/create', { name: 'Not yours' });
    expect(refused.status).toBe(403);
    const forged = await send(
      admin,
      'POST',
      '/admin/teams/create',
      { name: 'Forged' },
      { csrf: false },
    );
    expect(forged.status).toBe(419);
    expect(await head()).toBe(before);
  });
});

describe("the team's results in team events", () => {
  it('lists the iRacing team entries its members drove, newest first, with a designed empty state', async () => {
    const { team } = await createThroughForm({ members: '5101 5102' });
    const empty = (await guest.visit(`/teams/${team.slug}`)).page();
    expect(empty.props.results).toEqual([]);

    // A team race: iRacing team 77 (members 5101 and 5102 and a guest driver 5199) finishes
    // 2nd of 3 entries in class 4005; team 88 wins; a solo race of 5101 is not a team result.
    await app.recordSession(9101, 91_001, {
      teamEvent: true,
      startTime: '2026-10-01T18:00:00Z',
      seriesName: 'IMSA Endurance Series',
      race: [
        raceRow(5301, 1, { teamId: 88, teamName: 'Other Team' }),
        raceRow(5101, 2, { teamId: 77, teamName: 'Owls Racing', finishPositionInClass: 2 }),
        raceRow(5102, 2, { teamId: 77, teamName: 'Owls Racing', finishPositionInClass: 2 }),
        raceRow(5199, 2, { teamId: 77, teamName: 'Owls Racing', finishPositionInClass: 2 }),
        raceRow(5302, 3, { teamId: 99, teamName: 'Third Team' }),
      ],
    });
    await app.recordSession(9102, 91_002, {
      teamEvent: true,
      startTime: '2026-11-01T18:00:00Z',
      race: [raceRow(5102, 1, { teamId: 77, teamName: 'Owls Racing', lapsComplete: 30 })],
    });
    await app.recordSession(9103, 91_003, {
      startTime: '2026-11-02T18:00:00Z',
      race: [raceRow(5101, 1)],
    });

    const page = (await guest.visit(`/teams/${team.slug}`)).page();
    const results = page.props.results as {
      subsessionId: number;
      seriesName: string;
      iracingTeamName: string;
      finishPositionInClass: number;
      classEntries: number;
      drivers: { custId: number; member: boolean }[];
    }[];
    expect(results.map((r) => r.subsessionId)).toEqual([91_002, 91_001]);
    expect(results[1]).toMatchObject({
      seriesName: 'IMSA Endurance Series',
      iracingTeamName: 'Owls Racing',
      finishPositionInClass: 2,
      classEntries: 3,
    });
    expect(
      results[1]!.drivers
        .map((d) => [d.custId, d.member])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [5101, true],
      [5102, true],
      [5199, false],
    ]);

    // The API answers what the page shows, in the shape its OpenAPI schema describes.
    const api = await guest.get(`/api/teams/${team.slug}`);
    expect(api.status).toBe(200);
    teamResponse.parse(api.json());
    const data = api.json<{ data: { results: unknown[]; recruitment: unknown[] } }>().data;
    expect(data.results).toEqual(results);
    expect(data.recruitment).toEqual([]);
  });
});

describe("the team's recruitment profiles", () => {
  it('lists its open team profiles with their links; a deleted one leaves the page', async () => {
    const { team } = await createThroughForm({ members: '1000' });
    const before = (await admin.visit(`/teams/${team.slug}`)).page();
    expect(before.props.recruitment).toEqual([]);

    const profile = (title: string, teamId: string) =>
      admin.request('/recruitment/create', {
        method: 'POST',
        inertia: true,
        csrf: true,
        body: {
          kind: 'team',
          title,
          description: 'We race the 24h events.',
          categories: ['sports_car'],
          seriesIds: [],
          timeZone: 'Europe/Berlin',
          days: ['sat'],
          format: 'endurance',
          languages: ['en'],
          contact: 'Discord: owls',
          custId: '',
          teamId,
          requirements: [{ category: 'sports_car', minIRating: '2000', minLicence: 'B' }],
        },
      });
    const first = await profile('Owls look for a GT3 driver', team.id);
    const second = await profile('Owls look for an LMP2 driver', team.id);
    const { team: other } = await createThroughForm({ members: '' });
    await profile('Someone else recruits', other.id);
    const ids = [first, second].map(
      (res) =>
        /^\/recruitment\/profiles\/([0-9a-f-]{36})$/.exec(res.headers.get('location') ?? '')![1]!,
    );
    await app.settled(['recruitment']);

    const page = (await admin.visit(`/teams/${team.slug}`)).page();
    const listed = page.props.recruitment as {
      id: string;
      title: string;
      requirements: { minIRating: number | null; minLicence: string | null }[];
    }[];
    expect(listed.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    expect(listed[1]).toMatchObject({
      title: 'Owls look for a GT3 driver',
      requirements: [{ category: 'sports_car', minIRating: 2000, minLicence: 'B' }],
    });

    const deleted = await admin.request(`/recruitment/${ids[1]}`, {
      method: 'DELETE',
      inertia: true,
      csrf: true,
    });
    expect(deleted.status).toBe(303);
    await app.settled(['recruitment']);
    const after = (await admin.visit(`/teams/${team.slug}`)).page();
    expect((after.props.recruitment as { id: string }[]).map((p) => p.id)).toEqual([ids[0]]);
    const api = await guest.get(`/api/teams/${team.slug}`);
    const data = api.json<{ data: { recruitment: unknown[] } }>().data;
    expect(data.recruitment).toEqual(after.props.recruitment);
    expect(data.recruitment).toHaveLength(1);
  });
});

const fileCount = async () =>
  Number((await app.db.knex(STORED_FILES_TABLE).count<{ n: string }[]>({ n: '*' }))[0]!.n);

function teamForm(fields: Record<string, string>, logo?: { name: string; content: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (logo) form.append('logo', new Blob([new Uint8Array(logo.content)]), logo.name);
  return form;
}

const sendForm = (path: string, body: FormData, method: 'POST' | 'PATCH' = 'POST') =>
  admin.request(path, {
    method,
    body,
    inertia: true,
    csrf: true,
    headers: { Referer: new URL(path, admin.baseUrl).toString() },
  });

describe('team logos', () => {
  it('stores an uploaded PNG and serves it inline with nosniff; the pages and the API link it', async () => {
    const created = await sendForm(
      '/admin/teams/create',
      teamForm({ name: 'Logo Lions', members: '1000' }, { name: 'lions.png', content: TINY_PNG }),
    );
    expect(created.status).toBe(303);
    const edit = await follow(admin, created);
    const team = edit.props.team as EditTeam;
    const logo = edit.props.logo as { url: string; fileName: string; byteSize: number };
    expect(logo).toMatchObject({ fileName: 'lions.png', byteSize: TINY_PNG.length });

    const shown = (await guest.visit(`/teams/${team.slug}`)).page().props.team as {
      logoUrl: string;
    };
    expect(shown.logoUrl).toMatch(new RegExp(`^/teams/${team.slug}/logo\\?v=[0-9a-f]{12}$`));
    expect(shown.logoUrl).toBe(logo.url);
    const listed = (await guest.visit('/teams?q=Logo+Lions')).page().props.teams as {
      logoUrl: string;
    }[];
    expect(listed[0]!.logoUrl).toBe(shown.logoUrl);
    const api = await guest.get(`/api/teams/${team.slug}`);
    expect(teamResponse.parse(api.json()).data.logoUrl).toBe(shown.logoUrl);
    const apiList = await guest.get('/api/teams?q=Logo+Lions');
    expect(teamListResponse.parse(apiList.json()).data[0]!.logoUrl).toBe(shown.logoUrl);

    const image = await guest.get(shown.logoUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(image.bytes.equals(TINY_PNG)).toBe(true);

    // Removing it: the pages drop it and the address is a 404.
    const removed = await sendForm(
      `/admin/teams/${team.id}`,
      teamForm({
        name: team.name,
        slug: team.slug,
        members: '1000',
        removeLogo: '1',
        expectedRevision: team.revision,
      }),
      'PATCH',
    );
    const after = await follow(admin, removed);
    expect(after.props.logo).toBeNull();
    const api2 = await guest.get(`/api/teams/${team.slug}`);
    expect(api2.json<{ data: { logoUrl: string | null } }>().data.logoUrl).toBeNull();
    expect((await guest.get(`/teams/${team.slug}/logo`)).status).toBe(404);
  });

  it.each([
    ['an SVG renamed .png', { name: 'logo.png', content: SCRIPTED_SVG }, /PNG, JPEG or WebP/],
    [
      'an HTML file renamed .png',
      { name: 'logo.png', content: Buffer.from('<!doctype html><script>alert(1)</script>') },
      /PNG, JPEG or WebP/,
    ],
    [
      'a PNG over 512 KiB',
      { name: 'big.png', content: Buffer.concat([TINY_PNG, Buffer.alloc(512 * 1024)]) },
      /too large: at most 512 KiB/,
    ],
  ])('refuses %s with a logo field error, storing nothing', async (_what, logo, message) => {
    const [before, files] = [await head(), await fileCount()];
    const res = await sendForm('/admin/teams/create', teamForm({ name: 'Bad Logo' }, logo));
    const page = await follow(admin, res);
    expect(page.component).toBe('Admin/Teams/Create');
    expect((page.props.errors as Record<string, string>).logo).toMatch(message);
    expect(await head()).toBe(before);
    expect(await fileCount()).toBe(files);
  });

  it('removes the stored logo again when the team is refused (a taken slug)', async () => {
    const { team } = await createThroughForm();
    const files = await fileCount();
    const res = await sendForm(
      '/admin/teams/create',
      teamForm({ name: 'Slug Thief', slug: team.slug }, { name: 'x.png', content: TINY_PNG }),
    );
    const page = await follow(admin, res);
    expect((page.props.errors as Record<string, string>).slug).toMatch(/already used/);
    expect(await fileCount()).toBe(files);
  });
});

describe('creating and editing a team', () => {
  it('creates a team, shows it on /teams, /teams/{slug} and /api/teams', async () => {
    const { page, team } = await createThroughForm({
      links: 'https://owls.example\nDiscord | https://discord.example/owls',
      members: '1000, 424242',
    });
    expect(page.component).toBe('Admin/Teams/Edit');
    expectSaved(page.flash, 'Team created.');
    expect(team).toMatchObject({ tag: 'OWL', members: '1000\n424242', revision: '0' });
    expect(team.links).toBe('https://owls.example\nDiscord | https://discord.example/owls');

    const list = (await guest.visit(`/teams?q=${encodeURIComponent(team.name)}`)).page();
    expect(list.component).toBe('Teams/Index');
    expect((list.props.teams as { slug: string }[]).map((t) => t.slug)).toEqual([team.slug]);

    const show = await guest.get(`/teams/${team.slug}`);
    expect(show.status).toBe(200);
    expect(show.page().component).toBe('Teams/Show');
    const shown = show.page().props.team as {
      members: { custId: number; displayName: string | null; licenses: { irating: number }[] }[];
    };
    expect(shown.members[0]).toMatchObject({ custId: 1000, displayName: 'Driver 1000' });
    expect(shown.members[0]!.licenses.some((l) => l.irating === 2010)).toBe(true);
    expect(shown.members[1]).toMatchObject({ custId: 424242, displayName: null, licenses: [] });

    const api = await guest.get(`/api/teams?q=${encodeURIComponent(team.name)}`);
    expect(api.status).toBe(200);
    expect(api.json<{ data: { id: string }[] }>().data.map((t) => t.id)).toEqual([team.id]);
    const one = await guest.get(`/api/teams/${team.slug}`);
    expect(one.json<{ data: { memberCount: number } }>().data.memberCount).toBe(2);
  });

  it.each([
    [{ name: 'x' }, 'name', /at least 2/],
    [{ tag: 'too long tag' }, 'tag', /letters or digits/],
    [{ links: 'javascript:alert(1)' }, 'links', /Line 1: .*http/],
    [{ members: '1000 abc' }, 'members', /"abc" is not an iRacing customer id/],
    [{ members: '7 7' }, 'members', /listed twice/],
    [{ slug: 'Bad Slug' }, 'slug', /lowercase/],
  ])('refuses %j with a field error and changes nothing', async (fields, field, message) => {
    const before = await head();
    const res = await send(
      admin,
      'POST',
      '/admin/teams/create',
      { name: 'Valid Name', members: '', links: '', ...fields },
      { from: '/admin/teams/create' },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/teams/create');
    const page = await follow(admin, res);
    expect((page.props.errors as Record<string, string>)[field]).toMatch(message);
    expect(await head()).toBe(before);
  });

  it('refuses a slug another team has', async () => {
    const { team } = await createThroughForm();
    const res = await send(
      admin,
      'POST',
      '/admin/teams/create',
      { name: 'Copycat', slug: team.slug },
      { from: '/admin/teams/create' },
    );
    const page = await follow(admin, res);
    expect((page.props.errors as Record<string, string>).slug).toMatch(/already used/);
  });

  it('renames a slug and keeps the old address redirecting with 301', async () => {
    const { team } = await createThroughForm();
    const res = await send(
      admin,
      'PATCH',
      `/admin/teams/${team.id}`,
      { ...team, slug: `${team.slug}-renamed`, expectedRevision: team.revision },
      { from: `/admin/teams/${team.id}` },
    );
    const page = await follow(admin, res);
    expectSaved(page.flash, 'Team saved.');
    await app.settled(['teams']);
    expect((page.props.team as EditTeam).formerSlugs).toEqual([team.slug]);

    const old = await guest.get(`/teams/${team.slug}?category=oval`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/teams/${team.slug}-renamed?category=oval`);
    const oldApi = await guest.get(`/api/teams/${team.slug}`);
    expect(oldApi.status).toBe(301);
    expect(oldApi.headers.get('location')).toBe(`/api/teams/${team.slug}-renamed`);

    // The old slug stays the team's: another team cannot take it.
    const taken = await send(
      admin,
      'POST',
      '/admin/teams/create',
      { name: 'Squatter', slug: team.slug },
      { from: '/admin/teams/create' },
    );
    expect(((await follow(admin, taken)).props.errors as Record<string, string>).slug).toMatch(
      /already used/,
    );
  });

  it('refuses a save from a form opened before another change', async () => {
    const { team } = await createThroughForm();
    const first = await send(admin, 'PATCH', `/admin/teams/${team.id}`, {
      ...team,
      name: 'First Save',
      expectedRevision: team.revision,
    });
    expect(first.status).toBe(303);
    const before = await head();
    const second = await send(
      admin,
      'PATCH',
      `/admin/teams/${team.id}`,
      { ...team, name: 'Second Save', expectedRevision: team.revision },
      { from: `/admin/teams/${team.id}` },
    );
    const page = await follow(admin, second);
    expect((page.props.errors as Record<string, string>)._).toBe(STALE_TEAM_MESSAGE);
    expect(await head()).toBe(before);
  });

  it('deletes a team: its page is gone and its slug is free again', async () => {
    const { team } = await createThroughForm();
    const res = await send(admin, 'DELETE', `/admin/teams/${team.id}`, undefined, {
      from: `/admin/teams/${team.id}`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/teams');
    await app.settled(['teams']);
    expect((await guest.visit(`/teams/${team.slug}`)).status).toBe(404);
    expect((await admin.visit(`/admin/teams/${team.id}`)).status).toBe(404);
    const again = await send(admin, 'POST', '/admin/teams/create', {
      name: 'Reborn',
      slug: team.slug,
    });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).not.toBe('/admin/teams/create');
  });
});

describe('public team pages and API', () => {
  it('sorts and answers 404 for bad page parameters, 400 for bad API parameters', async () => {
    const page = (await guest.visit('/teams?sort=name')).page();
    const names = (page.props.teams as { name: string }[]).map((t) => t.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    for (const url of [
      '/teams?sort=bogus',
      '/teams?page=0',
      '/teams?page=99',
      '/teams/Not_A_Slug',
      '/teams/no-such-team',
    ]) {
      const res = await guest.visit(url);
      expect(res.status, url).toBe(404);
      expect(res.page().component).toBe('Public/NotFound');
    }
    for (const query of ['perPage=0', 'perPage=101', 'sort=x', 'category=moon']) {
      const res = await guest.get(`/api/teams?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('bad_request');
    }
    expect((await guest.get('/api/teams/no-such-team')).status).toBe(404);
  });

  it('answers a search without results with an empty first page, not a 404', async () => {
    const res = await guest.visit('/teams?q=zzzz-nothing');
    expect(res.status).toBe(200);
    expect(res.page().props).toMatchObject({
      teams: [],
      meta: { total: 0, lastPage: 1 },
      filters: { q: 'zzzz-nothing' },
    });
  });
});
