import { isDomainError } from '../../../commands/core/errors.ts';
import { createPro, deletePro, updatePro } from '../../../commands/pros/handlers.ts';
import { unknownGearIds } from '../../../queries/gear.ts';
import type { HttpDeps } from '../../deps.ts';
import { mutation, refuse } from '../../mutation.ts';
import { adminProEditPath, adminProsCreatePath, adminProsPath } from './paths.ts';
import { createProForm, proIdParams, updateProForm } from './schema.ts';

const PRO_PROJECTIONS = ['pros'] as const;

export const STALE_PRO_MESSAGE =
  'This driver was changed after you opened the form (by someone else, or in another tab). ' +
  'Your changes were not saved. Load the current version, then make your edits again.';

/**
 * Every checked gear id must name an existing item: an unknown one (a forged form, or an item
 * deleted while the form was open) is a `gearIds` field error, nothing stored.
 */
async function checkGear(deps: HttpDeps, gearIds: readonly string[] | undefined) {
  const unknown = await unknownGearIds(deps.knex, gearIds ?? []);
  if (unknown.length > 0) {
    refuse({
      gearIds:
        unknown.length === 1
          ? `Gear item ${unknown[0]} does not exist (it may have been deleted). Uncheck it and save again.`
          : `${unknown.length} gear items do not exist (they may have been deleted). Uncheck them and save again.`,
    });
  }
}

/** POST /admin/pros/create: creates the pro, then opens the edit form with "Driver added". */
export const storeAdminPro = mutation({
  input: createProForm,
  form: adminProsCreatePath,
  run: async ({ deps, input, commandDeps }) => {
    await checkGear(deps, input.gearIds);
    return createPro(commandDeps(), input);
  },
  projections: PRO_PROJECTIONS,
  answer: (outcome) => ({
    flash: { success: 'Driver added.' },
    redirect: adminProEditPath(outcome.id),
  }),
});

/** PATCH /admin/pros/{id}: saves the form if the pro is still at the revision it was opened at. */
export const updateAdminPro = mutation({
  params: proIdParams,
  input: updateProForm,
  form: ({ id }) => adminProEditPath(id),
  run: async ({ deps, params, input: { expectedRevision, ...fields }, commandDeps }) => {
    await checkGear(deps, fields.gearIds);
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
      ? { success: `“${outcome.state.name}” removed.` }
      : { info: 'The driver was already removed.' },
    redirect: adminProsPath,
  }),
});
