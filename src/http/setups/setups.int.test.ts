import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppendedInfo } from '../../commands/core/handle-command.ts';
import { DEMO_SETUP_COUNT, seedDemoSetups } from '../../demo/setups.ts';
import { demoSetupFile } from '../../files/demo-setup-file.ts';
import { STORED_FILES_TABLE } from '../../files/store.ts';
import type { TestClient } from '../test-support/client.ts';
import { follow, startAdminApp, type AdminApp } from '../admin/test-support/admin-app.ts';

/**
 * Setups over HTTP against the real app: multipart admin forms (file checked by content, size
 * limited) → commands → the setups projection → /setups, /setups/{id}, /api/setups, and the
 * download (byte-identical, attachment, nosniff, counted).
 */

let app: AdminApp;
let admin: TestClient;
let guest: TestClient;

const CAR = 132;
const TRACK = 163;
const sto = demoSetupFile({ seed: 1, carId: CAR, trackId: TRACK, lines: ['Front wing 4'] });

beforeAll(async () => {
  app = await startAdminApp();
  admin = (await app.signedIn('admin')).client;
  guest = await app.client();
  await app.recordCatalog(
    { carId: CAR, carName: 'BMW M4 GT3' },
    { trackId: TRACK, trackName: 'Circuit de Spa-Francorchamps', configName: 'Grand Prix Pits' },
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const head = () => app.store.headPosition();
/** Every write so far is in the setups read model (the answer's own wait is bounded). */
const settled = async () => app.caughtUp(['setups'], await head());
/** "Setup added." — or, when the projection took longer than the answer waits, the same + "may take a moment". */
const said = (flash: unknown, text: string) =>
  expect(Object.values(flash as Record<string, string>).join(' ')).toMatch(text);
const fileCount = async () =>
  Number((await app.db.knex(STORED_FILES_TABLE).count<{ n: string }[]>({ n: '*' }))[0]!.n);

function setupForm(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const form = new FormData();
  const all = {
    carId: String(CAR),
    trackId: String(TRACK),
    type: 'race',
    lapTime: '2:17.532',
    author: 'Lena Hartmann',
    conditions: 'Dry, 22 °C',
    notes: 'Safe for the first stint.',
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
  return form;
}

const post = (client: TestClient, path: string, body: FormData, method = 'POST') =>
  client.request(path, {
    method,
    body,
    inertia: true,
    csrf: true,
    headers: { Referer: new URL('/admin/setups/create', client.baseUrl).toString() },
  });

describe('admin setups', () => {
  it('creates a setup with its file; it shows on /setups, its page and /api/setups; the file downloads byte-identical', async () => {
    const res = await post(
      admin,
      '/admin/setups/create',
      setupForm({}, { name: 'spa räce.sto', content: sto }),
    );
    const page = await follow(admin, res);
    said(page.flash, 'Setup added.');
    const setupId = (page.props.setup as { id: string }).id;
    await settled();

    const list = (await guest.visit(`/setups?car=${CAR}`)).page();
    expect(list.component).toBe('Setups/Index');
    const rows = list.props.setups as { id: string; lapTime: number; car: { carName: string } }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: setupId,
      lapTime: 1_375_320,
      car: { carName: 'BMW M4 GT3' },
    });

    const show = (await guest.visit(`/setups/${setupId}`)).page();
    expect(show.component).toBe('Setups/Show');

    const api = await guest.get(`/api/setups?track=${TRACK}`);
    expect(api.status).toBe(200);
    const body = api.json<{
      data: { id: string; downloadUrl: string; file: { sha256: string } }[];
    }>();
    expect(body.data[0]).toMatchObject({ id: setupId, downloadUrl: `/setups/${setupId}/download` });

    const download = await guest.get(`/setups/${setupId}/download`);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(sto)).toBe(true);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="spa r_ce.sto"; filename*=UTF-8''spa%20r%C3%A4ce.sto`,
    );
    const after = await guest.get(`/api/setups?track=${TRACK}`);
    expect(after.json<{ data: { downloads: number }[] }>().data[0]!.downloads).toBe(1);
  });

  it.each([
    [
      'an HTML file renamed .sto',
      {
        name: 'evil.sto',
        content: Buffer.from('<!doctype html><script>alert(1)</script>'.repeat(5)),
      },
      /not an iRacing setup file/,
    ],
    [
      'an SVG renamed .sto',
      {
        name: 'x.sto',
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'.repeat(5)),
      },
      /not an iRacing setup file/,
    ],
    [
      'a file over 1 MiB',
      { name: 'big.sto', content: Buffer.alloc(1024 * 1024 + 10, 1) },
      /too large/,
    ],
  ])('refuses %s with a file error, storing nothing', async (_what, file, message) => {
    const [before, files] = [await head(), await fileCount()];
    const res = await post(admin, '/admin/setups/create', setupForm({}, file));
    const page = await follow(admin, res);
    expect((page.props.errors as Record<string, string>).file).toMatch(message);
    expect(await head()).toBe(before);
    expect(await fileCount()).toBe(files);
  });

  it.each([
    [{ carId: '999' }, 'carId', /from the list/],
    [{ lapTime: 'fast' }, 'lapTime', /m:ss\.mmm/],
    [{ author: '' }, 'author', /required/],
    [{ seasonId: '5' }, 'seriesId', /series/],
  ])('refuses %j with a field error and changes nothing', async (fields, field, message) => {
    const [before, files] = [await head(), await fileCount()];
    const res = await post(
      admin,
      '/admin/setups/create',
      setupForm(fields, { name: 'a.sto', content: sto }),
    );
    const page = await follow(admin, res);
    expect((page.props.errors as Record<string, string>)[field]).toMatch(message);
    expect(await head()).toBe(before);
    expect(await fileCount()).toBe(files);
  });

  it('refuses members (403) and forged requests (419), changing nothing', async () => {
    const { client: member } = await app.signedIn('member');
    const before = await head();
    expect(
      (await post(member, '/admin/setups/create', setupForm({}, { name: 'a.sto', content: sto })))
        .status,
    ).toBe(403);
    const forged = await admin.request('/admin/setups/create', {
      method: 'POST',
      body: setupForm({}, { name: 'a.sto', content: sto }),
      inertia: true,
      csrf: false,
    });
    expect(forged.status).toBe(419);
    expect((await member.visit('/admin/setups')).status).toBe(403);
    expect(await head()).toBe(before);
  });

  it('edits (replacing the file) and deletes a setup', async () => {
    const created = await follow(
      admin,
      await post(
        admin,
        '/admin/setups/create',
        setupForm({ type: 'qualifying' }, { name: 'q.sto', content: sto }),
      ),
    );
    const setup = created.props.setup as { id: string; revision: string };
    const next = demoSetupFile({ seed: 2, carId: CAR, trackId: TRACK, lines: ['Rear wing 2'] });
    const saved = await post(
      admin,
      `/admin/setups/${setup.id}`,
      setupForm(
        { type: 'qualifying', expectedRevision: setup.revision, lapTime: '2:16.000' },
        { name: 'q2.sto', content: next },
      ),
      'PATCH',
    );
    said((await follow(admin, saved)).flash, 'Setup saved.');
    await settled();
    expect((await guest.get(`/setups/${setup.id}/download`)).bytes.equals(next)).toBe(true);
    const removed = await admin.request(`/admin/setups/${setup.id}`, {
      method: 'DELETE',
      inertia: true,
      csrf: true,
    });
    expect(removed.headers.get('location')).toBe('/admin/setups');
    await settled();
    expect((await guest.visit(`/setups/${setup.id}`)).status).toBe(404);
    expect((await guest.get(`/setups/${setup.id}/download`)).status).toBe(404);
  });

  it('answers 404 for unknown setups and bad list queries, 400 for bad API parameters', async () => {
    expect((await guest.visit(`/setups/${randomUUID()}`)).status).toBe(404);
    expect((await guest.visit('/setups/not-a-uuid')).status).toBe(404);
    expect((await guest.visit('/setups?sort=random')).status).toBe(404);
    expect((await guest.get('/api/setups?perPage=0')).status).toBe(400);
  });

  it('seeds the demo setups through the commands once (a second seed appends nothing)', async () => {
    const deps = {
      eventStore: app.store,
      knex: app.db.knex,
      notifyAppended: (a: AppendedInfo) => app.jobs.notifyAppended(a.position, a.eventTypes),
    };
    const first = await seedDemoSetups(deps);
    expect(first.created).toBe(DEMO_SETUP_COUNT);
    await app.caughtUp(['setups'], first.position!);
    const api = await guest.get('/api/setups?perPage=1&sort=downloads');
    expect(api.json<{ meta: { total: number } }>().meta.total).toBeGreaterThanOrEqual(
      DEMO_SETUP_COUNT,
    );
    const before = await head();
    expect((await seedDemoSetups(deps)).created).toBe(0);
    expect(await head()).toBe(before);
  }, 120_000);
});
