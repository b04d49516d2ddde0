import type { GearItemEvent, GearType } from '../../events/gear.ts';
import type { DecideContext, Decider } from '../core/decider.ts';
import { conflictError, notFoundError, validationError } from '../core/errors.ts';
import { parseCommandInput } from '../core/validation.ts';
import {
  createGearInput,
  updateGearInput,
  type CreateGear,
  type DeleteGear,
  type GearCommand,
  type UpdateGear,
} from './commands.ts';
import { priceRangeError } from './rules.ts';

/**
 * The gear-item aggregate (stream `gearItem-<id>`).
 *  - CreateGear on an existing or deleted item → 409 `gear_exists`.
 *  - UpdateGear records only changed fields; the price range must hold after the change
 *    (422 `price_range` on `priceMaxUsd`).
 *  - DeleteGear removes the item (pros who listed it stop showing it); a second delete is a no-op.
 *  - Update or delete of an absent or deleted item → 404 `gear_not_found`.
 */
export interface GearFields {
  gearId: string;
  type: GearType;
  brand: string;
  model: string;
  description: string | null;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
  url: string | null;
}

export type GearState =
  { status: 'absent' } | ({ status: 'active' } & GearFields) | ({ status: 'deleted' } & GearFields);

export function evolveGear(state: GearState, event: GearItemEvent): GearState {
  switch (event.type) {
    case 'GearItemCreated': {
      const { createdAt: _createdAt, ...fields } = event.data;
      return { status: 'active', ...fields };
    }
    case 'GearItemUpdated':
      return state.status === 'absent' ? state : { ...state, ...event.data.changes };
    case 'GearItemDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export function decideGear(
  command: GearCommand,
  state: GearState,
  context: DecideContext,
): GearItemEvent[] {
  switch (command.type) {
    case 'CreateGear':
      return create(command, state, context);
    case 'UpdateGear':
      return update(command, state, context);
    case 'DeleteGear':
      return remove(command, state, context);
    default: {
      const _exhaustive: never = command;
      throw new TypeError(`Unknown gear command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const gearDecider: Decider<GearState, GearCommand, GearItemEvent> = {
  initialState: () => ({ status: 'absent' }),
  evolve: evolveGear,
  decide: decideGear,
};

function create({ data }: CreateGear, state: GearState, { now }: DecideContext): GearItemEvent[] {
  const fields = parseCommandInput(createGearInput, data);
  if (state.status !== 'absent')
    throw conflictError('gear_exists', `Gear ${fields.gearId} exists.`);
  return [{ type: 'GearItemCreated', data: { ...fields, createdAt: now.toISOString() } }];
}

function update({ data }: UpdateGear, state: GearState, { now }: DecideContext): GearItemEvent[] {
  const { gearId, ...input } = parseCommandInput(updateGearInput, data);
  const current = existingGear(state, gearId);
  const changes: Partial<Omit<GearFields, 'gearId'>> = {};
  for (const key of Object.keys(input) as (keyof typeof input)[]) {
    const value = input[key];
    if (value !== undefined && value !== current[key]) {
      (changes as Record<string, unknown>)[key] = value;
    }
  }
  if (Object.keys(changes).length === 0) return [];
  const error = priceRangeError(
    changes.priceMinUsd !== undefined ? changes.priceMinUsd : current.priceMinUsd,
    changes.priceMaxUsd !== undefined ? changes.priceMaxUsd : current.priceMaxUsd,
  );
  if (error) throw validationError('price_range', error, { priceMaxUsd: error });
  return [{ type: 'GearItemUpdated', data: { gearId, changes, updatedAt: now.toISOString() } }];
}

function remove({ data }: DeleteGear, state: GearState, { now }: DecideContext): GearItemEvent[] {
  if (state.status === 'deleted') return [];
  const current = existingGear(state, data.gearId);
  return [
    { type: 'GearItemDeleted', data: { gearId: current.gearId, deletedAt: now.toISOString() } },
  ];
}

function existingGear(state: GearState, gearId: string) {
  if (state.status !== 'active')
    throw notFoundError('gear_not_found', `Gear item ${gearId} does not exist.`);
  return state;
}
