import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventStore, Position, StreamRevision } from '../../eventstore/port.ts';
import {
  teamLogoRef,
  teamSlugStreamName,
  teamStreamName,
  type TeamEvent,
} from '../../events/team.ts';
import { aggregateStream } from '../core/aggregate-stream.ts';
import { notFoundError } from '../core/errors.ts';
import { handleCommand, type CommandDeps, type CommandResult } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { createTeamInput, updateTeamInput } from './commands.ts';
import { teamDecider, type ExistingTeam, type TeamState } from './decider.ts';
import {
  teamDescription,
  teamLinks,
  teamMembers,
  teamName,
  teamSlug,
  teamSlugFrom,
  teamTag,
} from './rules.ts';
import { teamSlugDecider } from './slug-decider.ts';

/**
 * The team use cases the admin pages and the demo seed call. Each validates untrusted input
 * (422 with field errors), keeps slugs unique through their reservation streams and runs the
 * team decider through the generic handler.
 */
export interface TeamCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface TeamOutcome {
  teamId: string;
  /** The team after the command (`deleted` after DeleteTeam). */
  team: Exclude<TeamState, { status: 'absent' }>;
  changed: boolean;
  position: Position | null;
  revision: StreamRevision | 'no_stream';
}

/** Create input: `teamId` defaults to a new uuid, `slug` to one made from the name. */
export const newTeamInput = z.object({
  teamId: z.uuid().optional(),
  name: teamName,
  slug: z.preprocess((v) => (v === '' ? undefined : v), teamSlug.optional()),
  tag: teamTag,
  description: teamDescription,
  links: teamLinks.default([]),
  memberCustIds: teamMembers.default([]),
  logo: teamLogoRef.nullable().default(null),
});

type Result = CommandResult<TeamState, TeamEvent>;

export async function createTeam(deps: TeamCommandDeps, input: unknown): Promise<TeamOutcome> {
  const raw = parseCommandInput(newTeamInput, input);
  const data = parseCommandInput(createTeamInput, {
    ...raw,
    teamId: raw.teamId ?? (deps.newId ?? randomUUID)(),
    slug: raw.slug ?? teamSlugFrom(raw.name),
  });
  const reservation = await reserveSlug(deps, data.slug, data.teamId);
  let result: Result;
  try {
    result = await handleCommand(
      deps.eventStore,
      teamStreamName(data.teamId),
      teamDecider,
      { type: 'CreateTeam', data },
      deps,
    );
  } catch (err) {
    if (reservation.events.length > 0) await releaseSlug(deps, data.slug, data.teamId);
    throw err;
  }
  return outcome(data.teamId, result);
}

/**
 * Partial update. A slug change reserves the new slug before the team changes; the old slug
 * stays the team's (its address redirects to the new one) until the team is deleted.
 */
export async function updateTeam(
  deps: TeamCommandDeps,
  input: unknown,
  options: { expectedRevision?: StreamRevision } = {},
): Promise<TeamOutcome> {
  const data = parseCommandInput(updateTeamInput, input);
  const stream = teamStreamName(data.teamId);
  let reservedNewSlug = false;
  if (data.slug !== undefined) {
    const { state } = await aggregateStream(deps.eventStore, stream, teamDecider);
    if (state.status !== 'active')
      throw notFoundError('team_not_found', `Team ${data.teamId} does not exist.`);
    if (state.slug !== data.slug && !state.formerSlugs.includes(data.slug)) {
      reservedNewSlug = (await reserveSlug(deps, data.slug, data.teamId)).events.length > 0;
    }
  }
  let result: Result;
  try {
    result = await handleCommand(
      deps.eventStore,
      stream,
      teamDecider,
      { type: 'UpdateTeam', data },
      deps,
      options,
    );
  } catch (err) {
    if (reservedNewSlug && data.slug !== undefined) await releaseSlug(deps, data.slug, data.teamId);
    throw err;
  }
  return outcome(data.teamId, result);
}

/** Deletes a team and frees its slugs (current and former). Idempotent. */
export async function deleteTeam(deps: TeamCommandDeps, teamId: string): Promise<TeamOutcome> {
  const data = parseCommandInput(z.object({ teamId: z.uuid() }), { teamId });
  const result = await handleCommand(
    deps.eventStore,
    teamStreamName(data.teamId),
    teamDecider,
    { type: 'DeleteTeam', data },
    deps,
  );
  const after = result.state;
  if (after.status === 'deleted') {
    for (const slug of [after.slug, ...after.formerSlugs]) {
      await releaseSlug(deps, slug, data.teamId);
    }
  }
  return outcome(data.teamId, result);
}

/** The team as the write side sees it, with its stream revision. */
export function loadTeam(eventStore: EventStore, teamId: string) {
  return aggregateStream(eventStore, teamStreamName(teamId), teamDecider);
}

export type { ExistingTeam };

function reserveSlug(deps: TeamCommandDeps, slug: string, teamId: string) {
  return handleCommand(
    deps.eventStore,
    teamSlugStreamName(slug),
    teamSlugDecider,
    { type: 'ReserveTeamSlug', data: { slug, teamId } },
    deps,
  );
}

function releaseSlug(deps: TeamCommandDeps, slug: string, teamId: string) {
  return handleCommand(
    deps.eventStore,
    teamSlugStreamName(slug),
    teamSlugDecider,
    { type: 'ReleaseTeamSlug', data: { slug, teamId } },
    deps,
  );
}

function outcome(teamId: string, result: Result): TeamOutcome {
  if (result.state.status === 'absent')
    throw notFoundError('team_not_found', `Team ${teamId} does not exist.`);
  return {
    teamId,
    team: result.state,
    changed: result.events.length > 0,
    position: result.position,
    revision: result.nextExpectedRevision,
  };
}
