import type { ProDriverEvent } from '../../events/pro-driver.ts';
import type { DecideContext, Decider } from '../core/decider.ts';
import { conflictError, notFoundError } from '../core/errors.ts';
import { parseCommandInput } from '../core/validation.ts';
import {
  createProInput,
  updateProInput,
  type CreatePro,
  type DeletePro,
  type ProCommand,
  type UpdatePro,
} from './commands.ts';

/**
 * The pro-driver aggregate (stream `proDriver-<id>`).
 *  - CreatePro on an existing or deleted pro → 409 `pro_exists` (ids are never reused).
 *  - UpdatePro records only the fields that differ; none → no event.
 *  - DeletePro removes the pro; a second delete is a no-op.
 *  - UpdatePro on an absent or deleted pro → 404 `pro_not_found`.
 */
export interface ProFields {
  proId: string;
  name: string;
  custId: number | null;
  countryCode: string | null;
  background: string | null;
  teamName: string | null;
  bioMarkdown: string;
  links: { label: string; url: string }[];
  gearIds: string[];
}

export type ProState =
  { status: 'absent' } | ({ status: 'active' } & ProFields) | ({ status: 'deleted' } & ProFields);

export type ExistingPro = Extract<ProState, { status: 'active' }>;

export function evolvePro(state: ProState, event: ProDriverEvent): ProState {
  switch (event.type) {
    case 'ProDriverCreated': {
      const { createdAt: _createdAt, ...fields } = event.data;
      return { status: 'active', ...fields };
    }
    case 'ProDriverUpdated':
      return state.status === 'absent' ? state : { ...state, ...event.data.changes };
    case 'ProDriverDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export function decidePro(
  command: ProCommand,
  state: ProState,
  context: DecideContext,
): ProDriverEvent[] {
  switch (command.type) {
    case 'CreatePro':
      return create(command, state, context);
    case 'UpdatePro':
      return update(command, state, context);
    case 'DeletePro':
      return remove(command, state, context);
    default: {
      const _exhaustive: never = command;
      throw new TypeError(`Unknown pro command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const proDecider: Decider<ProState, ProCommand, ProDriverEvent> = {
  initialState: () => ({ status: 'absent' }),
  evolve: evolvePro,
  decide: decidePro,
};

function create({ data }: CreatePro, state: ProState, { now }: DecideContext): ProDriverEvent[] {
  const fields = parseCommandInput(createProInput, data);
  if (state.status !== 'absent') throw conflictError('pro_exists', `Pro ${fields.proId} exists.`);
  return [{ type: 'ProDriverCreated', data: { ...fields, createdAt: now.toISOString() } }];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function update({ data }: UpdatePro, state: ProState, { now }: DecideContext): ProDriverEvent[] {
  const { proId, ...input } = parseCommandInput(updateProInput, data);
  const current = existingPro(state, proId);
  const changes: Partial<Omit<ProFields, 'proId'>> = {};
  for (const key of Object.keys(input) as (keyof typeof input)[]) {
    const value = input[key];
    if (value !== undefined && !same(value, current[key])) {
      (changes as Record<string, unknown>)[key] = value;
    }
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ProDriverUpdated', data: { proId, changes, updatedAt: now.toISOString() } }];
}

function remove({ data }: DeletePro, state: ProState, { now }: DecideContext): ProDriverEvent[] {
  if (state.status === 'deleted') return [];
  const current = existingPro(state, data.proId);
  return [
    { type: 'ProDriverDeleted', data: { proId: current.proId, deletedAt: now.toISOString() } },
  ];
}

export function existingPro(state: ProState, proId: string): ExistingPro {
  if (state.status !== 'active')
    throw notFoundError('pro_not_found', `Pro ${proId} does not exist.`);
  return state;
}
