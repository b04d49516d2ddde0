import { isDomainError } from '../../../commands/core/errors.ts';
import { createGear, deleteGear, updateGear } from '../../../commands/gear/handlers.ts';
import { mutation, refuse } from '../../mutation.ts';
import { adminGearEditPath, adminGearsCreatePath, adminGearsPath } from './paths.ts';
import { createGearForm, gearIdParams, updateGearForm } from './schema.ts';

const GEAR_PROJECTIONS = ['gear'] as const;

export const STALE_GEAR_MESSAGE =
  'This item was changed after you opened the form (by someone else, or in another tab). ' +
  'Your changes were not saved. Load the current version, then make your edits again.';

/** POST /admin/gears/create: adds the item, then opens its edit form with "Gear added". */
export const storeAdminGear = mutation({
  input: createGearForm,
  form: adminGearsCreatePath,
  run: ({ input, commandDeps }) => createGear(commandDeps(), input),
  projections: GEAR_PROJECTIONS,
  answer: (outcome) => ({
    flash: { success: 'Gear added.' },
    redirect: adminGearEditPath(outcome.id),
  }),
});

/** PATCH /admin/gears/{id}: saves the form at the revision it was opened at. */
export const updateAdminGear = mutation({
  params: gearIdParams,
  input: updateGearForm,
  form: ({ id }) => adminGearEditPath(id),
  run: async ({ params, input: { expectedRevision, ...fields }, commandDeps }) => {
    try {
      return await updateGear(
        commandDeps(),
        { gearId: params.id, ...fields },
        { expectedRevision },
      );
    } catch (err) {
      if (isDomainError(err) && err.code === 'stale_revision') refuse({ _: STALE_GEAR_MESSAGE });
      throw err;
    }
  },
  projections: GEAR_PROJECTIONS,
  answer: (outcome, { params }) => ({
    flash: outcome.changed
      ? { success: 'Gear saved.' }
      : { info: 'Nothing to save: no field changed.' },
    redirect: adminGearEditPath(params.id),
  }),
});

/** DELETE /admin/gears/{id}: removes the item (pros listing it stop showing it). */
export const destroyAdminGear = mutation({
  params: gearIdParams,
  form: ({ id }) => adminGearEditPath(id),
  run: ({ params, commandDeps }) => deleteGear(commandDeps(), params.id),
  projections: GEAR_PROJECTIONS,
  answer: (outcome) => ({
    flash: outcome.changed
      ? { success: `${outcome.state.brand} ${outcome.state.model} removed.` }
      : { info: 'The item was already removed.' },
    redirect: adminGearsPath,
  }),
});
