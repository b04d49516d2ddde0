import { isDomainError } from '../../../commands/core/errors.ts';
import { createTeam, deleteTeam, updateTeam } from '../../../commands/teams/handlers.ts';
import { mutation, refuse } from '../../mutation.ts';
import { adminTeamEditPath, adminTeamsCreatePath, adminTeamsPath } from './paths.ts';
import { createTeamForm, teamIdParams, updateTeamForm } from './schema.ts';

/** The read model the admin and public team pages read after a team command. */
const TEAM_PROJECTIONS = ['teams'] as const;

export const STALE_TEAM_MESSAGE =
  'This team was changed after you opened it (by someone else, or in another tab). ' +
  'Your changes were not saved. Load the current version, then make your edits again.';

/**
 * POST /admin/teams/create: creates the team (the slug defaults to one made from the name), then
 * opens its edit form with "Team created". Invalid input or a taken slug: back to the form with
 * the field errors, nothing created.
 */
export const storeAdminTeam = mutation({
  input: createTeamForm,
  form: adminTeamsCreatePath,
  run: ({ input, commandDeps }) =>
    createTeam(commandDeps(), {
      name: input.name,
      ...(input.slug ? { slug: input.slug } : {}),
      tag: input.tag,
      description: input.description,
      links: input.links,
      memberCustIds: input.members,
    }),
  projections: TEAM_PROJECTIONS,
  answer: (outcome) => ({
    flash: { success: 'Team created.' },
    redirect: adminTeamEditPath(outcome.teamId),
  }),
});

/**
 * PATCH /admin/teams/{id}: saves the edit form, only if the team is still at the revision the
 * form was opened at (else STALE_TEAM_MESSAGE, nothing changed). A new slug keeps the old
 * address redirecting.
 */
export const updateAdminTeam = mutation({
  params: teamIdParams,
  input: updateTeamForm,
  form: ({ id }) => adminTeamEditPath(id),
  run: async ({ params, input: { expectedRevision, members, ...fields }, commandDeps }) => {
    try {
      return await updateTeam(
        commandDeps(),
        { teamId: params.id, ...fields, memberCustIds: members },
        { expectedRevision },
      );
    } catch (err) {
      if (isDomainError(err) && err.code === 'stale_revision') refuse({ _: STALE_TEAM_MESSAGE });
      throw err;
    }
  },
  projections: TEAM_PROJECTIONS,
  answer: (outcome, { params }) => ({
    flash: outcome.changed
      ? { success: 'Team saved.' }
      : { info: 'Nothing to save: no field changed.' },
    redirect: adminTeamEditPath(params.id),
  }),
});

/** DELETE /admin/teams/{id}: deletes the team (its slugs become free), back to the list. */
export const destroyAdminTeam = mutation({
  params: teamIdParams,
  form: ({ id }) => adminTeamEditPath(id),
  run: ({ params, commandDeps }) => deleteTeam(commandDeps(), params.id),
  projections: TEAM_PROJECTIONS,
  answer: (outcome) => ({
    flash: outcome.changed
      ? { success: `Team “${outcome.team.name}” deleted.` }
      : { info: 'The team was already deleted.' },
    redirect: adminTeamsPath,
  }),
});
