import type { TeamSlugEvent } from '../../events/team.ts';
import type { Decider } from '../core/decider.ts';
import { conflictError } from '../core/errors.ts';

/**
 * Team-slug uniqueness on the write side: each slug has its own stream `teamSlug-<slug>`
 * holding the team that owns it (see the article slugs, src/commands/articles/slug-decider.ts,
 * for why a stream and not the read model).
 *
 * A team keeps the slugs it had before a rename (they redirect to its current page), so a
 * rename reserves the new slug and releases nothing; deleting the team releases them all.
 *  - Reserve by the current owner → no-op (retries, and renaming back to a former slug).
 *  - Reserve of a slug another team owns → 409 `slug_taken` with a `slug` field error.
 *  - Release by a non-owner → no-op.
 */
export type TeamSlugState = { owner: string | null };

export type ReserveTeamSlug = { type: 'ReserveTeamSlug'; data: { slug: string; teamId: string } };
export type ReleaseTeamSlug = { type: 'ReleaseTeamSlug'; data: { slug: string; teamId: string } };
export type TeamSlugCommand = ReserveTeamSlug | ReleaseTeamSlug;

export const teamSlugDecider: Decider<TeamSlugState, TeamSlugCommand, TeamSlugEvent> = {
  initialState: () => ({ owner: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'TeamSlugReserved':
        return { owner: event.data.teamId };
      case 'TeamSlugReleased':
        return state.owner === event.data.teamId ? { owner: null } : state;
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ReserveTeamSlug': {
        const { slug, teamId } = command.data;
        if (state.owner === teamId) return [];
        if (state.owner !== null) {
          throw conflictError('slug_taken', `The slug "${slug}" is already used by another team.`, {
            slug: 'This slug is already used by another team (now or before a rename).',
          });
        }
        return [{ type: 'TeamSlugReserved', data: { slug, teamId } }];
      }
      case 'ReleaseTeamSlug': {
        if (state.owner !== command.data.teamId) return [];
        return [{ type: 'TeamSlugReleased', data: command.data }];
      }
      default: {
        const _exhaustive: never = command;
        throw new TypeError(`Unknown team slug command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
