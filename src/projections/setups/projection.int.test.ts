import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setupStreamName, type SetupEvent } from '../../events/setup.ts';
import { useTestStore } from '../core/fixtures.test-support.ts';
import { rebuildProjection } from '../core/rebuild.ts';
import { setupsProjection } from './projection.ts';
import { SETUPS_TABLE } from './tables.ts';

/** The setups read model through the real store and runner; a rebuild reproduces every row. */

const fx = useTestStore();
const at = '2026-03-01T10:00:00.000Z';
const file = (n: number) => ({
  fileId: randomUUID(),
  fileName: `setup-${n}.sto`,
  byteSize: 1000 + n,
  sha256: String(n).repeat(64).slice(0, 64),
});

const created = (setupId: string, carId: number): SetupEvent => ({
  type: 'SetupCreated',
  data: {
    setupId,
    carId,
    trackId: 163,
    seriesId: null,
    seasonId: null,
    type: 'qualifying',
    lapTime: 1_200_000,
    conditions: null,
    notes: 'Low fuel.',
    author: 'Tester',
    file: file(1),
    createdAt: at,
  },
});

async function append(setupId: string, ...events: SetupEvent[]) {
  await fx.store.append(
    setupStreamName(setupId),
    events.map((e) => ({ id: randomUUID(), ...e, metadata: { occurredAt: at } })),
  );
}

describe('setups projection', () => {
  it('applies creates, partial updates (a new file) and deletes; a rebuild gives the same rows', async () => {
    await rebuildProjection(fx.deps(), setupsProjection, { waitForLock: true });
    const [a, b] = [randomUUID(), randomUUID()];
    const replaced = file(2);
    await append(a, created(a, 132), {
      type: 'SetupUpdated',
      data: {
        setupId: a,
        changes: { lapTime: 1_190_000, file: replaced, seriesId: 210 },
        updatedAt: at,
      },
    });
    await append(b, created(b, 99), { type: 'SetupDeleted', data: { setupId: b, deletedAt: at } });
    await fx.project(setupsProjection);
    const before = await fx.db.knex(SETUPS_TABLE).orderBy('id');
    expect(before).toMatchObject([
      {
        id: a,
        car_id: 132,
        lap_time: 1_190_000,
        series_id: 210,
        file_id: replaced.fileId,
        file_sha256: replaced.sha256,
      },
    ]);
    await rebuildProjection(fx.deps(), setupsProjection, { waitForLock: true });
    expect(await fx.db.knex(SETUPS_TABLE).orderBy('id')).toEqual(before);
  });
});
