import type { TeamEvent, TeamLogoRef } from '../../events/team.ts';
import type { DecideContext, Decider } from '../core/decider.ts';
import { conflictError, notFoundError } from '../core/errors.ts';
import { parseCommandInput } from '../core/validation.ts';
import {
  createTeamInput,
  updateTeamInput,
  type CreateTeam,
  type DeleteTeam,
  type TeamCommand,
  type UpdateTeam,
} from './commands.ts';

/**
 * The team aggregate (stream `team-<id>`).
 *
 * Decisions:
 *  - CreateTeam on an existing or deleted team → 409 `team_exists` (ids are never reused).
 *  - UpdateTeam changes only the fields that differ; no difference → no event. A slug change
 *    records the previous slug (the old address redirects).
 *  - DeleteTeam removes the team; deleting a deleted team is an idempotent no-op.
 *  - UpdateTeam on an absent or deleted team → 404 `team_not_found`.
 * Slug uniqueness is not decided here: the caller reserves the slug first (slug-decider.ts).
 */

export interface TeamLink {
  label: string;
  url: string;
}

export interface TeamFields {
  teamId: string;
  name: string;
  slug: string;
  tag: string | null;
  description: string | null;
  links: TeamLink[];
  memberCustIds: number[];
  logo: TeamLogoRef | null;
}

export type TeamState =
  | { status: 'absent' }
  | ({ status: 'active'; formerSlugs: string[] } & TeamFields)
  | ({ status: 'deleted'; formerSlugs: string[] } & TeamFields);

export type ExistingTeam = Extract<TeamState, { status: 'active' }>;

export const initialTeamState = (): TeamState => ({ status: 'absent' });

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  switch (event.type) {
    case 'TeamCreated': {
      const { createdAt: _createdAt, logo, ...fields } = event.data;
      return { status: 'active', formerSlugs: [], ...fields, logo: logo ?? null };
    }
    case 'TeamUpdated': {
      if (state.status === 'absent') return state;
      const { previousSlug } = event.data;
      const formerSlugs =
        previousSlug === undefined
          ? state.formerSlugs
          : [...state.formerSlugs.filter((s) => s !== previousSlug), previousSlug];
      const { logo, ...changes } = event.data.changes;
      const next = {
        ...state,
        ...changes,
        ...(logo !== undefined ? { logo } : {}),
        formerSlugs,
      };
      return { ...next, formerSlugs: next.formerSlugs.filter((s) => s !== next.slug) };
    }
    case 'TeamDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export function decideTeam(
  command: TeamCommand,
  state: TeamState,
  context: DecideContext,
): TeamEvent[] {
  switch (command.type) {
    case 'CreateTeam':
      return create(command, state, context);
    case 'UpdateTeam':
      return update(command, state, context);
    case 'DeleteTeam':
      return remove(command, state, context);
    default: {
      const _exhaustive: never = command;
      throw new TypeError(`Unknown team command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const teamDecider: Decider<TeamState, TeamCommand, TeamEvent> = {
  initialState: initialTeamState,
  evolve: evolveTeam,
  decide: decideTeam,
};

function create({ data }: CreateTeam, state: TeamState, { now }: DecideContext): TeamEvent[] {
  const fields = parseCommandInput(createTeamInput, data);
  if (state.status !== 'absent') {
    throw conflictError('team_exists', `Team ${fields.teamId} already exists.`);
  }
  return [{ type: 'TeamCreated', data: { ...fields, createdAt: now.toISOString() } }];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function update({ data }: UpdateTeam, state: TeamState, { now }: DecideContext): TeamEvent[] {
  const input = parseCommandInput(updateTeamInput, data);
  const current = existing(state, input.teamId);
  const changes: Partial<Omit<TeamFields, 'teamId'>> = {};
  if (input.name !== undefined && input.name !== current.name) changes.name = input.name;
  if (input.slug !== undefined && input.slug !== current.slug) changes.slug = input.slug;
  if (input.tag !== undefined && input.tag !== current.tag) changes.tag = input.tag;
  if (input.description !== undefined && input.description !== current.description)
    changes.description = input.description;
  if (input.links !== undefined && !same(input.links, current.links)) changes.links = input.links;
  if (input.memberCustIds !== undefined && !same(input.memberCustIds, current.memberCustIds))
    changes.memberCustIds = input.memberCustIds;
  if (input.logo !== undefined && !same(input.logo, current.logo)) changes.logo = input.logo;
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      type: 'TeamUpdated',
      data: {
        teamId: current.teamId,
        changes,
        ...(changes.slug !== undefined ? { previousSlug: current.slug } : {}),
        updatedAt: now.toISOString(),
      },
    },
  ];
}

function remove({ data }: DeleteTeam, state: TeamState, { now }: DecideContext): TeamEvent[] {
  if (state.status === 'deleted') return [];
  const current = existing(state, data.teamId);
  return [{ type: 'TeamDeleted', data: { teamId: current.teamId, deletedAt: now.toISOString() } }];
}

export function existing(state: TeamState, teamId: string): ExistingTeam {
  if (state.status !== 'active')
    throw notFoundError('team_not_found', `Team ${teamId} does not exist.`);
  return state;
}
