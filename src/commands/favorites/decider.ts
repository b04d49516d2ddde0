import type { FavoritesEvent } from '../../events/favorites.ts';
import type { DecideContext, Decider } from '../core/decider.ts';
import { validationError } from '../core/errors.ts';

/**
 * A member's favorite drivers (stream `favorites-<userId>`).
 *
 * Decisions: favoriting a favorite and unfavoriting a non-favorite are no-ops (POST and DELETE
 * /favorites are idempotent: a double click or a retried request changes nothing). A member
 * has at most MAX_FAVORITES favorites (422 `too_many_favorites`).
 * Whether the driver exists is checked by the caller against the drivers read model.
 */
export const MAX_FAVORITES = 500;

export type FavoritesCommand =
  | { type: 'FavoriteDriver'; data: { userId: string; driverId: number } }
  | { type: 'UnfavoriteDriver'; data: { userId: string; driverId: number } };

export interface FavoritesState {
  driverIds: ReadonlySet<number>;
}

export const initialFavoritesState = (): FavoritesState => ({ driverIds: new Set() });

export function evolveFavorites(state: FavoritesState, event: FavoritesEvent): FavoritesState {
  const next = new Set(state.driverIds);
  switch (event.type) {
    case 'DriverFavorited':
      next.add(event.data.driverId);
      return { driverIds: next };
    case 'DriverUnfavorited':
      next.delete(event.data.driverId);
      return { driverIds: next };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export function decideFavorites(
  command: FavoritesCommand,
  state: FavoritesState,
  { now }: DecideContext,
): FavoritesEvent[] {
  const { userId, driverId } = command.data;
  switch (command.type) {
    case 'FavoriteDriver':
      if (state.driverIds.has(driverId)) return [];
      if (state.driverIds.size >= MAX_FAVORITES) {
        throw validationError(
          'too_many_favorites',
          `You can keep at most ${MAX_FAVORITES} favorite drivers.`,
          {
            driverId: `You can keep at most ${MAX_FAVORITES} favorite drivers; remove one first.`,
          },
        );
      }
      return [
        { type: 'DriverFavorited', data: { userId, driverId, favoritedAt: now.toISOString() } },
      ];
    case 'UnfavoriteDriver':
      if (!state.driverIds.has(driverId)) return [];
      return [
        { type: 'DriverUnfavorited', data: { userId, driverId, unfavoritedAt: now.toISOString() } },
      ];
    default: {
      const _exhaustive: never = command;
      throw new TypeError(`Unknown favorites command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const favoritesDecider: Decider<FavoritesState, FavoritesCommand, FavoritesEvent> = {
  initialState: initialFavoritesState,
  evolve: evolveFavorites,
  decide: decideFavorites,
};
