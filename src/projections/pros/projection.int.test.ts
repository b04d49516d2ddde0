import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { proDriverStreamName, type ProDriverEvent } from '../../events/pro-driver.ts';
import { useTestStore } from '../core/fixtures.test-support.ts';
import { rebuildProjection } from '../core/rebuild.ts';
import { prosProjection } from './projection.ts';
import { PRO_DRIVER_GEAR_TABLE, PRO_DRIVERS_TABLE } from './tables.ts';

/** The pros read model through the real store and runner; a rebuild reproduces every row. */
const fx = useTestStore();
const at = '2026-03-01T10:00:00.000Z';

async function append(proId: string, ...events: ProDriverEvent[]) {
  await fx.store.append(
    proDriverStreamName(proId),
    events.map((e) => ({ id: randomUUID(), ...e, metadata: { occurredAt: at } })),
  );
}

const created = (proId: string, name: string, gearIds: string[] = []): ProDriverEvent => ({
  type: 'ProDriverCreated',
  data: {
    proId,
    name,
    custId: null,
    countryCode: 'GB',
    background: null,
    teamName: null,
    bioMarkdown: '## Story\n\n<img src=x onerror=alert(1)> Quick.',
    links: [],
    gearIds,
    createdAt: at,
  },
});

const snapshot = async () => ({
  pros: await fx.db.knex(PRO_DRIVERS_TABLE).orderBy('id'),
  gear: await fx.db.knex(PRO_DRIVER_GEAR_TABLE).orderBy(['pro_id', 'gear_id']),
});

describe('pros projection', () => {
  it('renders the bio sanitised, keeps gear in order, deletes, and rebuilds to the same rows', async () => {
    // Tables first, so the events below go through the live runner's `apply`, then the rebuild.
    await rebuildProjection(fx.deps(), prosProjection, { waitForLock: true });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const [g1, g2] = [randomUUID(), randomUUID()];
    await append(a, created(a, 'Ann'), {
      type: 'ProDriverUpdated',
      data: { proId: a, changes: { bioMarkdown: 'New *bio*', gearIds: [g2, g1] }, updatedAt: at },
    });
    await append(b, created(b, 'Ben', [g1]));
    await append(c, created(c, 'Cy'), {
      type: 'ProDriverDeleted',
      data: { proId: c, deletedAt: at },
    });
    await fx.project(prosProjection);

    const before = await snapshot();
    expect(before.pros.map((p: { name: string }) => p.name).sort()).toEqual(['Ann', 'Ben']);
    const ben = before.pros.find((p: { id: string }) => p.id === b) as { bio_html: string };
    expect(ben.bio_html).toContain('<h2>Story</h2>');
    expect(ben.bio_html).not.toMatch(/onerror/);
    expect(
      before.gear
        .filter((g: { pro_id: string }) => g.pro_id === a)
        .map((g: { gear_id: string; position: number }) => [g.gear_id, g.position]),
    ).toEqual(
      expect.arrayContaining([
        [g2, 0],
        [g1, 1],
      ]),
    );

    await rebuildProjection(fx.deps(), prosProjection, { waitForLock: true });
    expect(await snapshot()).toEqual(before);
  });
});
