import { isDomainError } from '../../../commands/core/errors.ts';
import { createTeam, deleteTeam, updateTeam } from '../../../commands/teams/handlers.ts';
import { TEAM_LIMITS } from '../../../commands/teams/rules.ts';
import type { TeamLogoRef } from '../../../events/team.ts';
import { checkLogoImage } from '../../../files/inspect.ts';
import type { Request } from 'express';
import type { HttpDeps } from '../../deps.ts';
import { mutation, refuse } from '../../mutation.ts';
import { storeCheckedUpload, withStoredFile, withUpload } from '../../uploads.ts';
import { adminTeamEditPath, adminTeamsCreatePath, adminTeamsPath } from './paths.ts';
import { createTeamForm, teamIdParams, updateTeamForm } from './schema.ts';

/** The read model the admin and public team pages read after a team command. */
const TEAM_PROJECTIONS = ['teams'] as const;

export const STALE_TEAM_MESSAGE =
  'This team was changed after you opened it (by someone else, or in another tab). ' +
  'Your changes were not saved. Load the current version, then make your edits again.';

const LOGO_UPLOAD = { fileField: 'logo', maxBytes: TEAM_LIMITS.logoMaxBytes } as const;

/**
 * The request's logo, checked by its bytes (PNG, JPEG or WebP; SVG, HTML or anything else is a
 * `logo` field error) and its size, then stored; null when no file was chosen.
 */
async function storeLogoUpload(req: Request, deps: HttpDeps): Promise<TeamLogoRef | null> {
  const file = await storeCheckedUpload(req, deps.knex, {
    field: 'logo',
    required: false,
    maxBytes: TEAM_LIMITS.logoMaxBytes,
    sizeLabel: '512 KiB',
    check: checkLogoImage,
    kind: 'team_logo',
    fallbackName: 'logo',
  });
  return file ? { ...file, mediaType: file.mediaType as TeamLogoRef['mediaType'] } : null;
}

/**
 * POST /admin/teams/create: creates the team (the slug defaults to one made from the name), then
 * opens its edit form with "Team created". Invalid input or a taken slug: back to the form with
 * the field errors, nothing created and no logo stored. The form is multipart when it carries
 * a logo.
 */
export const storeAdminTeam = withUpload(
  LOGO_UPLOAD,
  mutation({
    input: createTeamForm,
    form: adminTeamsCreatePath,
    run: async ({ req, deps, input, commandDeps }) => {
      const logo = await storeLogoUpload(req, deps);
      return withStoredFile(deps.knex, logo, () =>
        createTeam(commandDeps(), {
          name: input.name,
          ...(input.slug ? { slug: input.slug } : {}),
          tag: input.tag,
          description: input.description,
          links: input.links,
          memberCustIds: input.members,
          logo,
        }),
      );
    },
    projections: TEAM_PROJECTIONS,
    answer: (outcome) => ({
      flash: { success: 'Team created.' },
      redirect: adminTeamEditPath(outcome.teamId),
    }),
  }),
);

/**
 * PATCH /admin/teams/{id}: saves the edit form, only if the team is still at the revision the
 * form was opened at (else STALE_TEAM_MESSAGE, nothing changed). A new slug keeps the old
 * address redirecting. A chosen logo replaces the current one; `removeLogo` without a file
 * removes it; neither keeps it.
 */
export const updateAdminTeam = withUpload(
  LOGO_UPLOAD,
  mutation({
    params: teamIdParams,
    input: updateTeamForm,
    form: ({ id }) => adminTeamEditPath(id),
    run: async ({
      req,
      deps,
      params,
      input: { expectedRevision, members, removeLogo, ...fields },
      commandDeps,
    }) => {
      const logo = await storeLogoUpload(req, deps);
      return withStoredFile(deps.knex, logo, async () => {
        try {
          return await updateTeam(
            commandDeps(),
            {
              teamId: params.id,
              ...fields,
              memberCustIds: members,
              ...(logo ? { logo } : removeLogo ? { logo: null } : {}),
            },
            { expectedRevision },
          );
        } catch (err) {
          if (isDomainError(err) && err.code === 'stale_revision')
            refuse({ _: STALE_TEAM_MESSAGE });
          throw err;
        }
      });
    },
    projections: TEAM_PROJECTIONS,
    answer: (outcome, { params }) => ({
      flash: outcome.changed
        ? { success: 'Team saved.' }
        : { info: 'Nothing to save: no field changed.' },
      redirect: adminTeamEditPath(params.id),
    }),
  }),
);

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
