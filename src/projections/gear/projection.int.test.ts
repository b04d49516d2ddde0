import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gearItemStreamName, type GearItemEvent } from '../../events/gear.ts';
import { useTestStore } from '../core/fixtures.test-support.ts';
import { rebuildProjection } from '../core/rebuild.ts';
import { gearProjection } from './projection.ts';
import { GEAR_ITEMS_TABLE } from './tables.ts';

/** The gear read model through the real store and runner; a rebuild reproduces every row. */
const fx = useTestStore();
const at = '2026-03-01T10:00:00.000Z';

const created = (gearId: string, model: string): GearItemEvent => ({
  type: 'GearItemCreated',
  data: {
    gearId,
    type: 'pedals',
    brand: 'Stompwerk',
    model,
    description: null,
    priceMinUsd: 100,
    priceMaxUsd: null,
    url: null,
    createdAt: at,
  },
});

async function append(gearId: string, ...events: GearItemEvent[]) {
  await fx.store.append(
    gearItemStreamName(gearId),
    events.map((e) => ({ id: randomUUID(), ...e, metadata: { occurredAt: at } })),
  );
}

describe('gear projection', () => {
  it('applies creates, partial updates and deletes, and a rebuild gives the same rows', async () => {
    await rebuildProjection(fx.deps(), gearProjection, { waitForLock: true });
    const [a, b] = [randomUUID(), randomUUID()];
    await append(a, created(a, 'LC 1'), {
      type: 'GearItemUpdated',
      data: { gearId: a, changes: { model: 'LC 2', priceMaxUsd: 150 }, updatedAt: at },
    });
    await append(b, created(b, 'Gone'), {
      type: 'GearItemDeleted',
      data: { gearId: b, deletedAt: at },
    });
    await fx.project(gearProjection);
    const before = await fx.db.knex(GEAR_ITEMS_TABLE).orderBy('id');
    expect(before).toMatchObject([
      { id: a, model: 'LC 2', price_min_usd: 100, price_max_usd: 150 },
    ]);

    await rebuildProjection(fx.deps(), gearProjection, { waitForLock: true });
    expect(await fx.db.knex(GEAR_ITEMS_TABLE).orderBy('id')).toEqual(before);
  });
});
