import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppendedInfo } from '../../commands/core/handle-command.ts';
import type { TestClient } from '../test-support/client.ts';
import {
  expectSaved,
  follow,
  send,
  startAdminApp,
  type AdminApp,
} from '../admin/test-support/admin-app.ts';
import { demoGear, demoGearOfPro, seedDemoGear } from '../../demo/gear.ts';
import { demoProId, seedDemoPros } from '../../demo/pros.ts';

/**
 * Gear over HTTP against the real app: the demo catalog seeded through the commands, admin forms
 * → commands → the gear projection → /gears, /gears/{type}, /api/gears, and the pros who use it.
 */
let app: AdminApp;
let admin: TestClient;
let guest: TestClient;

beforeAll(async () => {
  app = await startAdminApp();
  admin = (await app.signedIn('admin')).client;
  guest = await app.client();
  const deps = {
    eventStore: app.store,
    notifyAppended: (a: AppendedInfo) => app.jobs.notifyAppended(a.position, a.eventTypes),
  };
  const gear = await seedDemoGear(deps);
  const pros = await seedDemoPros(deps, () => [], demoGearOfPro);
  // Each read model is waited for at its own last event.
  if (gear.position) await app.caughtUp(['gear'], gear.position);
  if (pros.position) await app.caughtUp(['pros'], pros.position);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const head = () => app.store.headPosition();

describe('gear pages and API', () => {
  it('lists every type with its count, and a type with its items and their users', async () => {
    const index = (await guest.visit('/gears')).page();
    expect(index.component).toBe('Gears/Index');
    const types = index.props.types as { type: string; slug: string; count: number }[];
    expect(types.find((t) => t.type === 'wheel_base')).toEqual({
      type: 'wheel_base',
      slug: 'wheel-base',
      count: 5,
    });
    expect(types.reduce((n, t) => n + t.count, 0)).toBe(demoGear.length);

    const page = (await guest.visit('/gears/wheel-base')).page();
    expect(page.component).toBe('Gears/Type');
    const items = page.props.items as { brand: string; usedBy: { id: string }[] }[];
    expect(items).toHaveLength(5);
    expect(items.flatMap((i) => i.usedBy.map((u) => u.id))).toContain(demoProId('Lena Hartmann'));

    const api = await guest.get('/api/gears/wheel-base?perPage=2&q=torqline');
    expect(api.status).toBe(200);
    expect(api.json<{ data: { brand: string }[]; meta: { total: number } }>().meta.total).toBe(2);
    const all = await guest.get('/api/gears');
    expect(all.json<{ data: unknown[] }>().data).toHaveLength(13);

    const pro = (await guest.visit(`/pros/${demoProId('Lena Hartmann')}`)).page();
    expect((pro.props.pro as { gear: unknown[] }).gear).toHaveLength(4);
  });

  it('answers 404 for an unknown type and 400 for bad API parameters', async () => {
    for (const url of ['/gears/flux-capacitor', '/gears/wheel_base', '/gears/pedals?page=9']) {
      const res = await guest.visit(url);
      expect(res.status, url).toBe(404);
      expect(res.page().component).toBe('Public/NotFound');
    }
    expect((await guest.get('/api/gears/flux-capacitor')).status).toBe(404);
    expect((await guest.get('/api/gears/pedals?perPage=0')).status).toBe(400);
  });
});

describe('admin gear', () => {
  it('refuses members and forged requests, changing nothing', async () => {
    const { client: member } = await app.signedIn('member');
    const before = await head();
    const body = { type: 'pedals', brand: 'X', model: 'Y' };
    expect((await send(member, 'POST', '/admin/gears/create', body)).status).toBe(403);
    expect((await send(admin, 'POST', '/admin/gears/create', body, { csrf: false })).status).toBe(
      419,
    );
    expect(await head()).toBe(before);
  });

  it.each([
    [{ type: 'jetpack' }, 'type', /.+/],
    [{ brand: '' }, 'brand', /required/],
    [{ priceMinUsd: '-5' }, 'priceMinUsd', /whole dollars/],
    [{ priceMinUsd: '900', priceMaxUsd: '100' }, 'priceMaxUsd', /cannot be above/],
    [{ url: 'javascript:alert(1)' }, 'url', /http/],
  ])('refuses %j with a field error and changes nothing', async (fields, field, message) => {
    const before = await head();
    const res = await send(
      admin,
      'POST',
      '/admin/gears/create',
      { type: 'pedals', brand: 'Brand', model: 'Model', ...fields },
      { from: '/admin/gears/create' },
    );
    const page = await follow(admin, res);
    expect((page.props.errors as Record<string, string>)[field]).toMatch(message);
    expect(await head()).toBe(before);
  });

  it('creates an item, shows it under its type, edits and removes it', async () => {
    const res = await send(
      admin,
      'POST',
      '/admin/gears/create',
      { type: 'seat', brand: 'Testline', model: 'Bucket 9', priceMinUsd: '300', url: '' },
      { from: '/admin/gears/create' },
    );
    const page = await follow(admin, res);
    expectSaved(page.flash, 'Gear added.');
    await app.settled(['gear']);
    const item = page.props.item as { id: string; revision: string } & Record<string, string>;
    const seats = (await guest.visit('/gears/seat?q=testline')).page();
    expect((seats.props.items as { id: string; priceMinUsd: number }[])[0]).toMatchObject({
      id: item.id,
      priceMinUsd: 300,
    });

    const saved = await send(admin, 'PATCH', `/admin/gears/${item.id}`, {
      ...item,
      model: 'Bucket 10',
      expectedRevision: item.revision,
    });
    expectSaved((await follow(admin, saved)).flash, 'Gear saved.');

    const removed = await send(admin, 'DELETE', `/admin/gears/${item.id}`);
    expect(removed.headers.get('location')).toBe('/admin/gears');
    await app.settled(['gear']);
    const after = (await guest.visit('/gears/seat?q=testline')).page();
    expect(after.props.items).toEqual([]);
    expect((await admin.visit(`/admin/gears/${item.id}`)).status).toBe(404);
  });
});

describe('the gear picker of the admin pro form', () => {
  it('offers every item grouped by type; the chosen gear shows on /pros/{id} and the edit form keeps it', async () => {
    const form = (await admin.visit('/admin/pros/create')).page();
    const offered = form.props.gear as { id: string; type: string; brand: string; model: string }[];
    expect(offered).toHaveLength(demoGear.length);
    // Grouped: each type's items are contiguous.
    const types = offered.map((g) => g.type).filter((t, i, all) => i === 0 || all[i - 1] !== t);
    expect(new Set(types).size).toBe(types.length);

    const pedals = offered.find((g) => g.type === 'pedals')!;
    const base = offered.find((g) => g.type === 'wheel_base')!;
    const res = await send(
      admin,
      'POST',
      '/admin/pros/create',
      { name: 'Gear Picker Pro', custId: '', links: '', gearIds: [pedals.id, base.id] },
      { from: '/admin/pros/create' },
    );
    expect(res.status).toBe(303);
    const edit = await follow(admin, res);
    const pro = edit.props.pro as { id: string; gearIds: string[]; revision: string };
    expect(pro.gearIds).toEqual([pedals.id, base.id]);
    await app.settled(['pros']);

    const show = (await guest.visit(`/pros/${pro.id}`)).page();
    expect((show.props.pro as { gear: { id: string; model: string }[] }).gear).toEqual([
      expect.objectContaining({ id: pedals.id, model: pedals.model }),
      expect.objectContaining({ id: base.id, model: base.model }),
    ]);

    // Saving with one item unchecked keeps the other; a made-up id is a field error.
    const before = await head();
    const bad = await send(
      admin,
      'PATCH',
      `/admin/pros/${pro.id}`,
      { name: 'Gear Picker Pro', gearIds: ['not-a-gear'], expectedRevision: pro.revision },
      { from: `/admin/pros/${pro.id}` },
    );
    const refused = await follow(admin, bad);
    expect(Object.keys(refused.props.errors as object).some((k) => k.startsWith('gearIds'))).toBe(
      true,
    );
    expect(await head()).toBe(before);
    const saved = await send(
      admin,
      'PATCH',
      `/admin/pros/${pro.id}`,
      { name: 'Gear Picker Pro', gearIds: [base.id], expectedRevision: pro.revision },
      { from: `/admin/pros/${pro.id}` },
    );
    const after = await follow(admin, saved);
    expect((after.props.pro as { gearIds: string[] }).gearIds).toEqual([base.id]);
    await app.settled(['pros']);
    const shown = (await guest.visit(`/pros/${pro.id}`)).page();
    expect((shown.props.pro as { gear: { id: string }[] }).gear.map((g) => g.id)).toEqual([
      base.id,
    ]);
  });
});
