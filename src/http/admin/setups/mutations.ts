import { isDomainError } from '../../../commands/core/errors.ts';
import { createSetup, deleteSetup, updateSetup } from '../../../commands/setups/handlers.ts';
import { SETUP_LIMITS } from '../../../commands/setups/rules.ts';
import { checkSetupFile } from '../../../files/inspect.ts';
import type { FileRef } from '../../../files/store.ts';
import { unknownCatalogIds } from '../../../queries/setups.ts';
import type { HttpDeps } from '../../deps.ts';
import { mutation, refuse } from '../../mutation.ts';
import { storeCheckedUpload, withStoredFile, withUpload } from '../../uploads.ts';
import type { Request } from 'express';
import { adminSetupEditPath, adminSetupsCreatePath, adminSetupsPath } from './paths.ts';
import { createSetupForm, setupIdParams, updateSetupForm } from './schema.ts';

const SETUP_PROJECTIONS = ['setups'] as const;
const UPLOAD = { fileField: 'file', maxBytes: SETUP_LIMITS.fileMaxBytes } as const;

export const STALE_SETUP_MESSAGE =
  'This setup was changed after you opened the form (by someone else, or in another tab). ' +
  'Your changes were not saved. Load the current version, then make your edits again.';

/** The catalog must know the car, track, series and season (field errors otherwise). */
async function checkCatalog(
  deps: HttpDeps,
  ids: { carId: number; trackId: number; seriesId: number | null; seasonId: number | null },
) {
  const errors = await unknownCatalogIds(deps.knex, ids);
  if (Object.keys(errors).length > 0) refuse(errors);
}

/** The checked setup file of the request, stored; null without one (when not `required`). */
async function storeSetupUpload(
  req: Request,
  deps: HttpDeps,
  required: boolean,
): Promise<FileRef | null> {
  const file = await storeCheckedUpload(req, deps.knex, {
    field: 'file',
    required,
    maxBytes: SETUP_LIMITS.fileMaxBytes,
    sizeLabel: '1 MiB',
    check: checkSetupFile,
    kind: 'setup',
    fallbackName: 'setup',
  });
  if (!file) return null;
  const { mediaType: _mediaType, ...ref } = file;
  return ref;
}

/** POST /admin/setups/create (multipart): stores the checked file, then creates the setup. */
export const storeAdminSetup = withUpload(
  UPLOAD,
  mutation({
    input: createSetupForm,
    form: adminSetupsCreatePath,
    run: async ({ req, deps, input, commandDeps }) => {
      await checkCatalog(deps, input);
      const file = await storeSetupUpload(req, deps, true);
      return withStoredFile(deps.knex, file, () =>
        createSetup(commandDeps(), { ...input, file: file! }),
      );
    },
    projections: SETUP_PROJECTIONS,
    answer: (outcome) => ({
      flash: { success: 'Setup added.' },
      redirect: adminSetupEditPath(outcome.id),
    }),
  }),
);

/** PATCH /admin/setups/{id}: saves the form at its revision; a new file replaces the old one. */
export const updateAdminSetup = withUpload(
  UPLOAD,
  mutation({
    params: setupIdParams,
    input: updateSetupForm,
    form: ({ id }) => adminSetupEditPath(id),
    run: async ({ req, deps, params, input: { expectedRevision, ...fields }, commandDeps }) => {
      await checkCatalog(deps, fields);
      const file = await storeSetupUpload(req, deps, false);
      const outcome = await withStoredFile(deps.knex, file, async () => {
        try {
          return await updateSetup(
            commandDeps(),
            { setupId: params.id, ...fields, ...(file ? { file } : {}) },
            { expectedRevision },
          );
        } catch (err) {
          if (isDomainError(err) && err.code === 'stale_revision')
            refuse({ _: STALE_SETUP_MESSAGE });
          throw err;
        }
      });
      return outcome;
    },
    projections: SETUP_PROJECTIONS,
    answer: (outcome, { params }) => ({
      flash: outcome.changed
        ? { success: 'Setup saved.' }
        : { info: 'Nothing to save: no field changed.' },
      redirect: adminSetupEditPath(params.id),
    }),
  }),
);

/** DELETE /admin/setups/{id}: removes the setup (its file is no longer served). */
export const destroyAdminSetup = mutation({
  params: setupIdParams,
  form: ({ id }) => adminSetupEditPath(id),
  run: ({ params, commandDeps }) => deleteSetup(commandDeps(), params.id),
  projections: SETUP_PROJECTIONS,
  answer: (outcome) => ({
    flash: outcome.changed
      ? { success: 'Setup removed.' }
      : { info: 'The setup was already removed.' },
    redirect: adminSetupsPath,
  }),
});
