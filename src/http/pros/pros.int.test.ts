import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test-support/client.ts';
import {
  expectSaved,
  follow,
  send,
  startAdminApp,
  type AdminApp,
} from '../admin/test-support/admin-app.ts';
import { STALE_PRO_MESSAGE } from '../admin/pros/mutations.ts';

/**
 * Pro drivers over HTTP against the real app: admin forms → commands → event store → the pros
 * projection → the public pages and the JSON API, with live licences from the racing read model.
 */
let app: AdminApp;
let admin: TestClient;
let guest: TestClient;

interface EditPro {
  id: string;
  name: string;
  custId: string;
  countryCode: string;
  background: string;
  teamName: string;
  bioMarkdown: string;
  links: string;
  revision: string;
}

beforeAll(async () => {
  app = await startAdminApp();
  admin = (await app.signedIn('admin')).client;
  guest = await app.client();
  await app.recordSession(9101, 91_001); // driver 1000 with iRating 2010
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const head = () => app.store.headPosition();

async function createThroughForm(fields: Record<string, unknown> = {}) {
  const res = await send(
    admin,
    'POST',
    '/admin/pros/create',
    {
      name: 'Lena Hartmann',
      custId: '1000',
      countryCode: 'de',
      background: 'GT3 factory driver',
      teamName: 'Hartmann Motorsport',
      bioMarkdown: '## Career\n\nFast. <script>alert(1)</script>',
      links: 'https://lena.example',
      ...fields,
    },
    { from: '/admin/pros/create' },
  );
  expect(res.status).toBe(303);
  const page = await follow(admin, res);
  return { page, pro: page.props.pro as EditPro };
}

describe('pro drivers', () => {
  it('refuses members (403) and forged requests (419), changing nothing', async () => {
    const { client: member } = await app.signedIn('member');
    const before = await head();
    expect((await send(member, 'POST', '/admin/pros/create', { name: 'Nope' })).status).toBe(403);
    expect(
      (await send(admin, 'POST', '/admin/pros/create', { name: 'Nope' }, { csrf: false })).status,
    ).toBe(419);
    expect(await head()).toBe(before);
  });

  it('creates a pro; the public page shows a sanitised bio and live licences linked to /drivers', async () => {
    const { page, pro } = await createThroughForm();
    expect(page.component).toBe('Admin/Pros/Edit');
    expectSaved(page.flash, 'Driver added.');
    await app.settled(['pros']);
    expect(pro).toMatchObject({ countryCode: 'DE', custId: '1000', revision: '0' });

    const show = (await guest.visit(`/pros/${pro.id}`)).page();
    expect(show.component).toBe('Pros/Show');
    const shown = show.props.pro as {
      bioHtml: string;
      iracingName: string;
      licenses: { irating: number }[];
    };
    expect(shown.bioHtml).toContain('<h2>Career</h2>');
    expect(shown.bioHtml).not.toMatch(/<script/i);
    expect(shown.iracingName).toBe('Driver 1000');
    expect(shown.licenses.some((l) => l.irating === 2010)).toBe(true);

    const list = (await guest.visit('/pros?q=hartmann')).page();
    expect((list.props.pros as { id: string }[]).map((p) => p.id)).toContain(pro.id);
    const api = await guest.get(`/api/pros/${pro.id}`);
    expect(api.status).toBe(200);
    expect(api.json<{ data: { topLicense: { irating: number } } }>().data.topLicense.irating).toBe(
      2010,
    );
    const apiList = await guest.get('/api/pros?q=hartmann&perPage=5');
    expect(apiList.json<{ meta: { perPage: number } }>().meta.perPage).toBe(5);
  });

  it.each([
    [{ name: '' }, 'name', /at least 2/],
    [{ custId: '12ab' }, 'custId', /digits only/],
    [{ countryCode: 'Germany' }, 'countryCode', /two-letter/],
    [{ links: 'ftp://files.example' }, 'links', /Line 1: .*http/],
  ])('refuses %j with a field error and changes nothing', async (fields, field, message) => {
    const before = await head();
    const res = await send(
      admin,
      'POST',
      '/admin/pros/create',
      { name: 'Valid Name', ...fields },
      { from: '/admin/pros/create' },
    );
    const page = await follow(admin, res);
    expect((page.props.errors as Record<string, string>)[field]).toMatch(message);
    expect(await head()).toBe(before);
  });

  it('updates with the revision the form was opened at, refuses a stale one, and deletes', async () => {
    const { pro } = await createThroughForm({ name: 'Tom Whitfield', custId: '' });
    const saved = await send(admin, 'PATCH', `/admin/pros/${pro.id}`, {
      ...pro,
      teamName: 'Whitfield Racing',
      expectedRevision: pro.revision,
    });
    const after = await follow(admin, saved);
    expectSaved(after.flash, 'Driver saved.');
    expect((after.props.pro as EditPro).teamName).toBe('Whitfield Racing');

    const stale = await send(
      admin,
      'PATCH',
      `/admin/pros/${pro.id}`,
      { ...pro, teamName: 'Other', expectedRevision: pro.revision },
      { from: `/admin/pros/${pro.id}` },
    );
    expect(((await follow(admin, stale)).props.errors as Record<string, string>)._).toBe(
      STALE_PRO_MESSAGE,
    );

    const gone = await send(admin, 'DELETE', `/admin/pros/${pro.id}`);
    expect(gone.status).toBe(303);
    expect(gone.headers.get('location')).toBe('/admin/pros');
    await app.settled(['pros']);
    expect((await guest.visit(`/pros/${pro.id}`)).status).toBe(404);
    expect((await guest.get(`/api/pros/${pro.id}`)).status).toBe(404);
  });

  it('refuses a gear id that names no gear item with a gearIds field error, storing nothing', async () => {
    const made = await send(
      admin,
      'POST',
      '/admin/gears/create',
      { type: 'pedals', brand: 'Pickline', model: 'P1' },
      { from: '/admin/gears/create' },
    );
    const item = (await follow(admin, made)).props.item as { id: string };
    const missing = '00000000-0000-4000-8000-00000000dead';

    const before = await head();
    const res = await send(
      admin,
      'POST',
      '/admin/pros/create',
      { name: 'Gear Tester', gearIds: [item.id, missing] },
      { from: '/admin/pros/create' },
    );
    const page = await follow(admin, res);
    expect(page.component).toBe('Admin/Pros/Create');
    expect((page.props.errors as Record<string, string>).gearIds).toMatch(
      new RegExp(`${missing} does not exist`),
    );
    expect(await head()).toBe(before);

    const { pro } = await createThroughForm({
      name: 'Gear Keeper',
      custId: '',
      gearIds: [item.id],
    });
    const edit = (await admin.visit(`/admin/pros/${pro.id}`)).page();
    expect((edit.props.pro as { gearIds: string[] }).gearIds).toEqual([item.id]);
    const beforeEdit = await head();
    const stale = await send(
      admin,
      'PATCH',
      `/admin/pros/${pro.id}`,
      { ...pro, gearIds: [missing], expectedRevision: pro.revision },
      { from: `/admin/pros/${pro.id}` },
    );
    expect(((await follow(admin, stale)).props.errors as Record<string, string>).gearIds).toMatch(
      /does not exist/,
    );
    expect(await head()).toBe(beforeEdit);
  });

  it('answers 404 for unknown or malformed ids and 400 for bad API parameters', async () => {
    for (const url of [
      '/pros/not-a-uuid',
      '/pros/00000000-0000-4000-8000-000000000000',
      '/pros?page=0',
    ]) {
      const res = await guest.visit(url);
      expect(res.status, url).toBe(404);
      expect(res.page().component).toBe('Public/NotFound');
    }
    expect((await guest.get('/api/pros?perPage=0')).status).toBe(400);
    expect((await admin.visit('/admin/pros/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });
});
