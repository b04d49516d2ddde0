import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { gearItemStreamName } from '../../events/gear.ts';
import type { EventStore } from '../../eventstore/port.ts';
import { DomainError } from '../core/errors.ts';
import { createGear, deleteGear, loadGear, updateGear, type GearCommandDeps } from './handlers.ts';

/**
 * The gear use cases on the real event store: one stream per item, created with a given or a
 * new id, answered with the item as it stands (through the core entity handler).
 */
let db: TestDatabase;
let store: EventStore;
let deps: GearCommandDeps;

beforeAll(async () => {
  db = await createTestDatabase();
  store = db.runtime.eventStore;
  deps = { eventStore: store, now: () => new Date('2026-11-26T04:00:00Z') };
});

afterAll(async () => {
  await db.drop();
});

const item = { type: 'wheel_base', brand: 'Simucube', model: '2 Pro', priceMinUsd: 1299 };

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe('gear handlers', () => {
  it('creates an item under the id the caller gives, on its own stream', async () => {
    const gearId = randomUUID();
    const created = await createGear(deps, { gearId, ...item });
    expect(created).toMatchObject({
      id: gearId,
      state: { status: 'active', gearId, brand: 'Simucube', model: '2 Pro', priceMinUsd: 1299 },
      changed: true,
    });
    expect(created.position).not.toBeNull();
    const events = await store.readStream(gearItemStreamName(gearId));
    expect(events.map((e) => e.type)).toEqual(['GearItemCreated']);
    expect(created.revision).toBe(events[0]!.revision);
  });

  it('creates an item under a new id from deps.newId when none is given', async () => {
    const gearId = randomUUID();
    const created = await createGear({ ...deps, newId: () => gearId }, item);
    expect(created.id).toBe(gearId);
    expect((await loadGear(store, gearId)).state.status).toBe('active');
  });

  it('refuses a malformed id with a field error and appends nothing', async () => {
    const err = await rejection(createGear(deps, { gearId: 'not-a-uuid', ...item }));
    expect(err.kind).toBe('validation');
    expect(Object.keys(err.fieldErrors)).toEqual(['gearId']);
  });

  it('updates at the revision the caller saw, and refuses a stale one', async () => {
    const { id: gearId, revision } = await createGear(deps, { gearId: randomUUID(), ...item });
    const updated = await updateGear(
      deps,
      { gearId, model: '2 Ultimate' },
      { expectedRevision: revision as bigint },
    );
    expect(updated).toMatchObject({ state: { model: '2 Ultimate' }, changed: true });
    const stale = await rejection(
      updateGear(deps, { gearId, model: '2 Sport' }, { expectedRevision: revision as bigint }),
    );
    expect(stale.code).toBe('stale_revision');
    expect((await loadGear(store, gearId)).state).toMatchObject({ model: '2 Ultimate' });
  });

  it('answers an update that changes nothing as unchanged, appending nothing', async () => {
    const { id: gearId } = await createGear(deps, { gearId: randomUUID(), ...item });
    const same = await updateGear(deps, { gearId, brand: 'Simucube' });
    expect(same.changed).toBe(false);
    expect(await store.readStream(gearItemStreamName(gearId))).toHaveLength(1);
  });

  it('deletes once; a repeat is unchanged; an unknown item is not found', async () => {
    const { id: gearId } = await createGear(deps, { gearId: randomUUID(), ...item });
    const deleted = await deleteGear(deps, gearId);
    expect(deleted).toMatchObject({ id: gearId, state: { status: 'deleted' }, changed: true });
    expect((await deleteGear(deps, gearId)).changed).toBe(false);
    const missing = await rejection(deleteGear(deps, randomUUID()));
    expect(missing).toMatchObject({ kind: 'not_found', code: 'gear_not_found' });
  });
});
