import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRacingEvents } from '../../../projections/racing/testing.ts';
import { send, startHarness, type Harness } from '../../accounts/test-support/harness.ts';
import { signedIn } from '../../accounts/test-support/roles.ts';
import type { TestClient } from '../../test-support/client.ts';

/**
 * /stats/irating marks the signed-in member's favorite drivers: favorites go through the real
 * POST /favorites (command, favorites read model); the drivers' licences through the drivers
 * read model.
 */
let h: Harness;
let client: TestClient;

const rated = (custId: number, displayName: string, irating: number) => ({
  type: 'DriverProfileRecorded' as const,
  data: {
    custId,
    displayName,
    memberSince: '2020-01-01',
    countryCode: 'DE',
    flairName: null,
    clubName: null,
    licenses: [
      {
        category: 'sports_car' as const,
        licenseLevel: 16,
        safetyRating: 3.2,
        group: 4,
        irating,
        ttRating: null,
        cpi: null,
      },
    ],
  },
});

beforeAll(async () => {
  h = await startHarness();
  await applyRacingEvents(h.db.knex, [
    rated(201, 'Ada Quick', 3100),
    rated(202, 'Bo Steady', 1500),
    rated(203, 'Cy Slow', 900),
  ]);
  ({ client } = await signedIn(h, 'member'));
});
afterAll(async () => {
  await h?.close();
});

describe('favorites on the iRating distribution', () => {
  it('lists the favorites rated in the category with their share below, and none for guests', async () => {
    expect((await send(client, 'POST', '/favorites', { driverId: 201 })).status).toBe(303);
    expect((await send(client, 'POST', '/favorites', { driverId: 203 })).status).toBe(303);
    // 101 is a favorite without a sports car rating: not on the chart.
    expect((await send(client, 'POST', '/favorites', { driverId: 101 })).status).toBe(303);
    const page = (await client.visit('/stats/irating?category=sports_car')).page();
    expect(page.component).toBe('Stats/Irating');
    expect(page.props.favorites).toEqual([
      { id: 201, name: 'Ada Quick', irating: 3100, percentBelow: 66.7 },
      { id: 203, name: 'Cy Slow', irating: 900, percentBelow: 0 },
    ]);
    const guest = await h.client();
    expect((await guest.visit('/stats/irating')).page().props.favorites).toBeNull();
  });
});
