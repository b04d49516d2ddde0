import { favoriteDriver, unfavoriteDriver } from '../../commands/favorites/handlers.ts';
import { driverExists } from '../../queries/favorites.ts';
import type { RouteHandler } from '../routing/types.ts';
import { accountsOf, backWithErrors, errorsOf, userIdOf } from './respond.ts';
import { favoriteForm } from './schema.ts';

export const UNKNOWN_DRIVER = 'There is no driver with this id.';

function toggle(kind: 'add' | 'remove'): RouteHandler {
  return async (req, res, deps) => {
    const accounts = accountsOf(deps);
    const parsed = favoriteForm.safeParse(req.body ?? {});
    if (!parsed.success) {
      backWithErrors(res, errorsOf(parsed.error));
      return;
    }
    const { driverId } = parsed.data;
    if (kind === 'add' && !(await driverExists(deps.knex, driverId))) {
      backWithErrors(res, { driverId: UNKNOWN_DRIVER });
      return;
    }
    try {
      const command = kind === 'add' ? favoriteDriver : unfavoriteDriver;
      const outcome = await command(accounts.commandDeps(req), userIdOf(req), driverId);
      await accounts.settle(outcome.changed ? outcome.position : null, ['favorites']);
    } catch (err) {
      backWithErrors(res, errorsOf(err, 'driverId'));
      return;
    }
    res.inertia.back();
  };
}

/** POST /favorites {driverId}: idempotent; an unknown driver is a field error. */
export const addFavorite = toggle('add');
/** DELETE /favorites {driverId}: idempotent (removing a non-favorite changes nothing). */
export const removeFavorite = toggle('remove');
