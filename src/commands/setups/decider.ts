import type { SetupEvent, SetupType } from '../../events/setup.ts';
import type { FileRef } from '../../files/store.ts';
import type { DecideContext, Decider } from '../core/decider.ts';
import { conflictError, notFoundError, validationError } from '../core/errors.ts';
import { parseCommandInput } from '../core/validation.ts';
import {
  createSetupInput,
  updateSetupInput,
  type CreateSetup,
  type DeleteSetup,
  type SetupCommand,
  type UpdateSetup,
} from './commands.ts';
import { seasonWithoutSeriesError } from './rules.ts';

/**
 * The setup aggregate (stream `setup-<id>`).
 *  - CreateSetup on an existing or deleted setup → 409 `setup_exists`.
 *  - UpdateSetup records only changed fields (a new file is a change when its checksum or name
 *    differs); a season still needs its series after the change (422 `season_without_series`).
 *  - DeleteSetup removes it; a second delete is a no-op.
 *  - Update or delete of an absent or deleted setup → 404 `setup_not_found`.
 */

export interface SetupFields {
  setupId: string;
  carId: number;
  trackId: number;
  seriesId: number | null;
  seasonId: number | null;
  type: SetupType;
  lapTime: number | null;
  conditions: string | null;
  notes: string | null;
  author: string;
  file: FileRef;
}

export type SetupState =
  | { status: 'absent' }
  | ({ status: 'active' } & SetupFields)
  | ({ status: 'deleted' } & SetupFields);

export function evolveSetup(state: SetupState, event: SetupEvent): SetupState {
  switch (event.type) {
    case 'SetupCreated': {
      const { createdAt: _createdAt, ...fields } = event.data;
      return { status: 'active', ...fields };
    }
    case 'SetupUpdated':
      return state.status === 'absent' ? state : { ...state, ...event.data.changes };
    case 'SetupDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export function decideSetup(
  command: SetupCommand,
  state: SetupState,
  context: DecideContext,
): SetupEvent[] {
  switch (command.type) {
    case 'CreateSetup':
      return create(command, state, context);
    case 'UpdateSetup':
      return update(command, state, context);
    case 'DeleteSetup':
      return remove(command, state, context);
    default: {
      const _exhaustive: never = command;
      throw new TypeError(`Unknown setup command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const setupDecider: Decider<SetupState, SetupCommand, SetupEvent> = {
  initialState: () => ({ status: 'absent' }),
  evolve: evolveSetup,
  decide: decideSetup,
};

function create({ data }: CreateSetup, state: SetupState, { now }: DecideContext): SetupEvent[] {
  const fields = parseCommandInput(createSetupInput, data);
  if (state.status !== 'absent')
    throw conflictError('setup_exists', `Setup ${fields.setupId} exists.`);
  return [{ type: 'SetupCreated', data: { ...fields, createdAt: now.toISOString() } }];
}

const sameFile = (a: FileRef, b: FileRef) =>
  a.fileId === b.fileId && a.sha256 === b.sha256 && a.fileName === b.fileName;

function update({ data }: UpdateSetup, state: SetupState, { now }: DecideContext): SetupEvent[] {
  const { setupId, ...input } = parseCommandInput(updateSetupInput, data);
  const current = existingSetup(state, setupId);
  const changes: Partial<Omit<SetupFields, 'setupId'>> = {};
  for (const key of Object.keys(input) as (keyof typeof input)[]) {
    const value = input[key];
    if (value === undefined) continue;
    if (key === 'file') {
      if (!sameFile(value as FileRef, current.file)) changes.file = value as FileRef;
    } else if (value !== current[key]) {
      (changes as Record<string, unknown>)[key] = value;
    }
  }
  if (Object.keys(changes).length === 0) return [];
  const error = seasonWithoutSeriesError(
    changes.seriesId !== undefined ? changes.seriesId : current.seriesId,
    changes.seasonId !== undefined ? changes.seasonId : current.seasonId,
  );
  if (error) throw validationError('season_without_series', error, { seriesId: error });
  return [{ type: 'SetupUpdated', data: { setupId, changes, updatedAt: now.toISOString() } }];
}

function remove({ data }: DeleteSetup, state: SetupState, { now }: DecideContext): SetupEvent[] {
  if (state.status === 'deleted') return [];
  const current = existingSetup(state, data.setupId);
  return [
    { type: 'SetupDeleted', data: { setupId: current.setupId, deletedAt: now.toISOString() } },
  ];
}

function existingSetup(state: SetupState, setupId: string) {
  if (state.status !== 'active')
    throw notFoundError('setup_not_found', `Setup ${setupId} does not exist.`);
  return state;
}
