import { z } from 'zod';
import { teamLogoRef } from '../../events/team.ts';
import { teamDescription, teamLinks, teamMembers, teamName, teamSlug, teamTag } from './rules.ts';

/**
 * Team commands: zod schemas for untrusted input and the command union the decider handles.
 * `teamId` is chosen by the caller (a new uuid, or a deterministic one for demo data).
 */

export const createTeamInput = z.object({
  teamId: z.uuid(),
  name: teamName,
  slug: teamSlug,
  tag: teamTag,
  description: teamDescription,
  links: teamLinks.default([]),
  memberCustIds: teamMembers.default([]),
  logo: teamLogoRef.nullable().default(null),
});

/** Partial: an absent field stays as it is; `tag`/`description` null or "" clear it. */
export const updateTeamInput = z.object({
  teamId: z.uuid(),
  name: teamName.optional(),
  slug: teamSlug.optional(),
  tag: teamTag.optional(),
  description: teamDescription.optional(),
  links: teamLinks.optional(),
  memberCustIds: teamMembers.optional(),
  /** A stored logo replaces the current one; null removes it. */
  logo: teamLogoRef.nullable().optional(),
});

export type CreateTeamData = z.output<typeof createTeamInput>;
export type UpdateTeamData = z.output<typeof updateTeamInput>;

export type CreateTeam = { type: 'CreateTeam'; data: CreateTeamData };
export type UpdateTeam = { type: 'UpdateTeam'; data: UpdateTeamData };
export type DeleteTeam = { type: 'DeleteTeam'; data: { teamId: string } };

export type TeamCommand = CreateTeam | UpdateTeam | DeleteTeam;
