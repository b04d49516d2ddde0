import { favoriteDriver, unfavoriteDriver } from '../../commands/favorites/handlers.ts';
import { driverExists } from '../../queries/favorites.ts';
import { mutation, refuse } from '../mutation.ts';
import { accountsOf } from './respond.ts';
import { favoriteForm } from './schema.ts';

export const UNKNOWN_DRIVER = 'There is no driver with this id.';

/** POST /favorites {driverId}: idempotent; an unknown driver is a field error. */
export const addFavorite = mutation({
  input: favoriteForm,
  errorField: 'driverId',
  run: async ({ req, deps, input: { driverId }, userId }) => {
    if (!(await driverExists(deps.knex, driverId))) refuse({ driverId: UNKNOWN_DRIVER });
    return favoriteDriver(accountsOf(deps).commandDeps(req), userId(), driverId);
  },
  projections: ['favorites'],
  answer: () => ({}),
});

/** DELETE /favorites {driverId}: idempotent (removing a non-favorite changes nothing). */
export const removeFavorite = mutation({
  input: favoriteForm,
  errorField: 'driverId',
  run: ({ req, deps, input: { driverId }, userId }) =>
    unfavoriteDriver(accountsOf(deps).commandDeps(req), userId(), driverId),
  projections: ['favorites'],
  answer: () => ({}),
});
