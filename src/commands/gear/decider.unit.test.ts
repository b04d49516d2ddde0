import { describe, expect, it } from 'vitest';
import type { GearItemCreated } from '../../events/gear.ts';
import { deciderSpecification } from '../core/testing.ts';
import { gearDecider } from './decider.ts';

const now = new Date('2026-03-01T10:00:00.000Z');
const spec = deciderSpecification(gearDecider, { now });
const gearId = '00000000-0000-4000-8000-0000000000dd';
const fields = {
  gearId,
  type: 'pedals' as const,
  brand: 'Stompwerk',
  model: 'Load Cell 2',
  description: null,
  priceMinUsd: 199,
  priceMaxUsd: 249,
  url: 'https://stompwerk.example/lc2',
};
const created: GearItemCreated = {
  type: 'GearItemCreated',
  data: { ...fields, createdAt: '2026-02-01T00:00:00.000Z' },
};

describe('gear decider', () => {
  it('creates an item and refuses a second create of the id', () => {
    spec
      .given([])
      .when({ type: 'CreateGear', data: fields })
      .then([{ type: 'GearItemCreated', data: { ...fields, createdAt: now.toISOString() } }]);
    spec
      .given([created])
      .when({ type: 'CreateGear', data: fields })
      .thenThrows({ kind: 'conflict', code: 'gear_exists' });
  });

  it('refuses a reversed price range on create and after a partial update', () => {
    const err = spec
      .given([])
      .when({ type: 'CreateGear', data: { ...fields, priceMinUsd: 300, priceMaxUsd: 100 } })
      .thenThrows({ kind: 'validation' });
    expect(err.fieldErrors.priceMaxUsd).toMatch(/cannot be above/);
    spec
      .given([created])
      .when({ type: 'UpdateGear', data: { gearId, priceMinUsd: 500 } })
      .thenThrows({ kind: 'validation', code: 'price_range' });
  });

  it('records only changed fields, deletes once, and refuses updates after a delete', () => {
    spec
      .given([created])
      .when({ type: 'UpdateGear', data: { gearId, brand: 'Stompwerk', model: 'LC 3' } })
      .then([
        {
          type: 'GearItemUpdated',
          data: { gearId, changes: { model: 'LC 3' }, updatedAt: now.toISOString() },
        },
      ]);
    const deleted = {
      type: 'GearItemDeleted' as const,
      data: { gearId, deletedAt: now.toISOString() },
    };
    spec.given([created]).when({ type: 'DeleteGear', data: { gearId } }).then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeleteGear', data: { gearId } })
      .thenNothingHappened();
    spec
      .given([created, deleted])
      .when({ type: 'UpdateGear', data: { gearId, model: 'X' } })
      .thenThrows({ kind: 'not_found', code: 'gear_not_found' });
  });
});
