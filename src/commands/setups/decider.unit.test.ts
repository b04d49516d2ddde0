import { describe, expect, it } from 'vitest';
import type { SetupCreated } from '../../events/setup.ts';
import { deciderSpecification } from '../core/testing.ts';
import { setupDecider } from './decider.ts';

const now = new Date('2026-03-01T10:00:00.000Z');
const spec = deciderSpecification(setupDecider, { now });
const setupId = '00000000-0000-4000-8000-0000000000aa';
const file = {
  fileId: '00000000-0000-4000-8000-0000000000ff',
  fileName: 'spa-race.sto',
  byteSize: 2048,
  sha256: 'a'.repeat(64),
};
const fields = {
  setupId,
  carId: 132,
  trackId: 163,
  seriesId: 210,
  seasonId: null,
  type: 'race' as const,
  lapTime: 1_375_320,
  conditions: 'Dry, 22 °C',
  notes: null,
  author: 'Lena Hartmann',
  file,
};
const created: SetupCreated = {
  type: 'SetupCreated',
  data: { ...fields, createdAt: '2026-02-01T00:00:00.000Z' },
};

describe('setup decider', () => {
  it('creates a setup and refuses a second create of the id', () => {
    spec
      .given([])
      .when({ type: 'CreateSetup', data: fields })
      .then([{ type: 'SetupCreated', data: { ...fields, createdAt: now.toISOString() } }]);
    spec
      .given([created])
      .when({ type: 'CreateSetup', data: fields })
      .thenThrows({ kind: 'conflict', code: 'setup_exists' });
  });

  it('refuses a season without its series, an oversized file and a bad lap time', () => {
    const err = spec
      .given([])
      .when({ type: 'CreateSetup', data: { ...fields, seriesId: null, seasonId: 5000 } })
      .thenThrows({ kind: 'validation' });
    expect(err.fieldErrors.seriesId).toMatch(/series/);
    spec
      .given([])
      .when({ type: 'CreateSetup', data: { ...fields, file: { ...file, byteSize: 2 ** 20 + 1 } } })
      .thenThrows({ kind: 'validation' });
    spec
      .given([])
      .when({ type: 'CreateSetup', data: { ...fields, lapTime: -1 } })
      .thenThrows({ kind: 'validation' });
    spec
      .given([created])
      .when({ type: 'UpdateSetup', data: { setupId, seriesId: null, seasonId: 7 } })
      .thenThrows({ kind: 'validation' });
  });

  it('records only changed fields (a new file by its checksum), deletes once', () => {
    const newFile = {
      ...file,
      fileId: '00000000-0000-4000-8000-0000000000fe',
      sha256: 'b'.repeat(64),
    };
    spec
      .given([created])
      .when({ type: 'UpdateSetup', data: { setupId, author: 'Lena Hartmann', file: newFile } })
      .then([
        {
          type: 'SetupUpdated',
          data: { setupId, changes: { file: newFile }, updatedAt: now.toISOString() },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'UpdateSetup', data: { setupId, file, lapTime: 1_375_320 } })
      .thenNothingHappened();
    const deleted = {
      type: 'SetupDeleted' as const,
      data: { setupId, deletedAt: now.toISOString() },
    };
    spec.given([created]).when({ type: 'DeleteSetup', data: { setupId } }).then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeleteSetup', data: { setupId } })
      .thenNothingHappened();
    spec
      .given([created, deleted])
      .when({ type: 'UpdateSetup', data: { setupId, author: 'X' } })
      .thenThrows({ kind: 'not_found', code: 'setup_not_found' });
  });
});
