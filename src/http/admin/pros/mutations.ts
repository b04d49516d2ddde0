import { isDomainError } from '../../../commands/core/errors.ts';
import { createPro, deletePro, updatePro } from '../../../commands/pros/handlers.ts';
import { mutation, refuse } from '../../mutation.ts';
import { adminProEditPath, adminProsCreatePath, adminProsPath } from './paths.ts';
import { createProForm, proIdParams, updateProForm } from './schema.ts';

const PRO_PROJECTIONS = ['pros'] as const;

export const STALE_PRO_MESSAGE =
  'This driver was changed after you opened the form (by someone else, or in another tab). ' +
  'Your changes were not saved. Load the current version, then make your edits again.';

/** POST /admin/pros/create: creates the pro, then opens the edit form with "Driver added". */
export const storeAdminPro = mutation({
  input: createProForm,
  form: adminProsCreatePath,
  run: ({ input, commandDeps }) => createPro(commandDeps(), input),
  projections: PRO_PROJECTIONS,
  answer: (outcome) => ({
    flash: { success: 'Driver added.' },
    redirect: adminProEditPath(outcome.proId),
  }),
});

/** PATCH /admin/pros/{id}: saves the form if the pro is still at the revision it was opened at. */
export const updateAdminPro = mutation({
  params: proIdParams,
  input: updateProForm,
  form: ({ id }) => adminProEditPath(id),
  run: async ({ params, input: { expectedRevision, ...fields }, commandDeps }) => {
    try {
      return await updatePro(commandDeps(), { proId: params.id, ...fields }, { expectedRevision });
    } catch (err) {
      if (isDomainError(err) && err.code === 'stale_revision') refuse({ _: STALE_PRO_MESSAGE });
      throw err;
    }
  },
  projections: PRO_PROJECTIONS,
  answer: (outcome, { params }) => ({
    flash: outcome.changed
      ? { success: 'Driver saved.' }
      : { info: 'Nothing to save: no field changed.' },
    redirect: adminProEditPath(params.id),
  }),
});

/** DELETE /admin/pros/{id}: removes the pro, back to the list. */
export const destroyAdminPro = mutation({
  params: proIdParams,
  form: ({ id }) => adminProEditPath(id),
  run: ({ params, commandDeps }) => deletePro(commandDeps(), params.id),
  projections: PRO_PROJECTIONS,
  answer: (outcome) => ({
    flash: outcome.changed
      ? { success: `“${outcome.pro.name}” removed.` }
      : { info: 'The driver was already removed.' },
    redirect: adminProsPath,
  }),
});
