import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favoritesStreamName } from '../../events/favorites.ts';
import { UNKNOWN_DRIVER } from './favorites.ts';
import type { TestClient } from '../test-support/client.ts';
import { errorsAfter, send, startHarness, type Harness } from './test-support/harness.ts';
import { signedIn } from './test-support/roles.ts';

/** POST / DELETE /favorites, the favorites read model, the home page and the driver page. */
let h: Harness;
let client: TestClient;
let userId: string;

beforeAll(async () => {
  h = await startHarness();
  ({ client, userId } = await signedIn(h, 'member'));
});
afterAll(async () => {
  await h?.close();
});

const favoritesOnHome = async (c: TestClient) => (await c.visit('/')).page().props.favoriteDrivers;
const streamLength = async () => (await h.store.readStream(favoritesStreamName(userId))).length;

describe('favorites', () => {
  it('adds a driver once (idempotent), shows it on the home page and the driver page, then removes it once', async () => {
    const add = await send(client, 'POST', '/favorites', { driverId: 101 });
    expect(add.status).toBe(303);
    expect(
      await send(client, 'POST', '/favorites', { driverId: '101' }).then((r) => r.status),
    ).toBe(303);
    expect(await streamLength()).toBe(1);
    expect(await favoritesOnHome(client)).toEqual([{ id: '101', name: 'Max Verstappen' }]);
    const driverPage = (await client.visit('/drivers/101')).page();
    expect(driverPage.component).toBe('Drivers/Show');
    expect(driverPage.props).toMatchObject({
      isFavorite: true,
      driver: { id: '101', name: 'Max Verstappen', countryCode: 'NL' },
    });

    await send(client, 'DELETE', '/favorites', { driverId: 101 });
    await send(client, 'DELETE', '/favorites', { driverId: 101 });
    expect(await streamLength()).toBe(2);
    expect(await favoritesOnHome(client)).toEqual([]);
    expect((await client.visit('/drivers/101')).page().props.isFavorite).toBe(false);
  });

  it.each([
    ['a missing driver id', {}],
    ['a wrong type', { driverId: { id: 1 } }],
    ['a fraction', { driverId: 1.5 }],
    ['a negative id', { driverId: -3 }],
    ['an oversized id', { driverId: 99_999_999_999 }],
    ['an oversized string', { driverId: '9'.repeat(5000) }],
  ])('rejects %s with a field error and records nothing', async (_label, body) => {
    const before = await streamLength();
    const res = await send(client, 'POST', '/favorites', body);
    expect(res.status).toBe(303);
    expect(Object.keys(await errorsAfter(client))).toEqual(['driverId']);
    expect(await streamLength()).toBe(before);
  });

  it('rejects an unknown driver', async () => {
    const before = await streamLength();
    await send(client, 'POST', '/favorites', { driverId: 424242 });
    expect(await errorsAfter(client)).toEqual({ driverId: UNKNOWN_DRIVER });
    expect(await streamLength()).toBe(before);
  });

  it('is for signed-in members only', async () => {
    const guest = await h.client();
    const res = await send(guest, 'POST', '/favorites', { driverId: 102 });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/login');
    expect(await favoritesOnHome(guest)).toBeNull();
    expect((await guest.visit('/drivers/102')).page().props.isFavorite).toBe(false);
  });
});

describe('GET /drivers/{id}', () => {
  it.each(['/drivers/999999', '/drivers/abc', '/drivers/0', '/drivers/99999999999'])(
    'answers 404 for %s',
    async (path) => {
      const res = await client.visit(path);
      expect(res.status).toBe(404);
      expect(res.page().component).toBe('Public/NotFound');
    },
  );
});
