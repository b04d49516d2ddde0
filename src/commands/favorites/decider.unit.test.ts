import { describe, it } from 'vitest';
import type { FavoritesEvent } from '../../events/favorites.ts';
import { deciderSpecification } from '../core/testing.ts';
import { favoritesDecider, MAX_FAVORITES } from './decider.ts';

const now = new Date('2026-03-14T09:30:00.000Z');
const at = now.toISOString();
const spec = deciderSpecification(favoritesDecider, { now });
const userId = '5b0c7a52-6a3f-4c1e-9d62-2f1b7e0c9a11';
const favorited = (driverId: number): FavoritesEvent => ({
  type: 'DriverFavorited',
  data: { userId, driverId, favoritedAt: '2026-01-01T00:00:00.000Z' },
});

describe('favorites decider', () => {
  it('favorites a driver', () => {
    spec
      .given([])
      .when({ type: 'FavoriteDriver', data: { userId, driverId: 42 } })
      .then([{ type: 'DriverFavorited', data: { userId, driverId: 42, favoritedAt: at } }]);
  });

  it('is idempotent: favoriting a favorite changes nothing', () => {
    spec
      .given([favorited(42)])
      .when({ type: 'FavoriteDriver', data: { userId, driverId: 42 } })
      .thenNothingHappened();
  });

  it('unfavorites a favorite, and ignores a driver that is not one', () => {
    spec
      .given([favorited(42)])
      .when({ type: 'UnfavoriteDriver', data: { userId, driverId: 42 } })
      .then([{ type: 'DriverUnfavorited', data: { userId, driverId: 42, unfavoritedAt: at } }]);
    spec
      .given([favorited(42)])
      .when({ type: 'UnfavoriteDriver', data: { userId, driverId: 7 } })
      .thenNothingHappened();
  });

  it(`refuses favorite number ${MAX_FAVORITES + 1}`, () => {
    const many = Array.from({ length: MAX_FAVORITES }, (_, i) => favorited(i + 1));
    spec
      .given(many)
      .when({ type: 'FavoriteDriver', data: { userId, driverId: 99_999 } })
      .thenThrows({ kind: 'validation', code: 'too_many_favorites' });
  });
});
