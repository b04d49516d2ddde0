import type { Knex } from 'knex';
import { favoritesEventTypes, type FavoritesEvent } from '../../events/favorites.ts';
import { UserDeleted, type UserDeleted as UserDeletedEvent } from '../../events/user.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { FAVORITE_DRIVERS_TABLE } from './tables.ts';

/**
 * The `favorites` read model: which drivers each member follows (home page, star toggles).
 * Idempotent statements (insert … on conflict do nothing, delete by key); a deleted user's
 * favorites go with the account.
 */
export const favoritesProjection: Projection = {
  name: 'favorites',
  version: 1,
  eventTypes: [...favoritesEventTypes, UserDeleted.type],
  tables: [FAVORITE_DRIVERS_TABLE],

  async createTables(db) {
    await db.raw(`
      CREATE TABLE ${FAVORITE_DRIVERS_TABLE} (
        user_id uuid NOT NULL,
        driver_id integer NOT NULL,
        favorited_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, driver_id)
      )
    `);
  },

  async apply(trx, events) {
    for (const event of events)
      await applyOne(trx, event as RecordedEvent & (FavoritesEvent | UserDeletedEvent));
  },
};

async function applyOne(
  trx: Knex.Transaction,
  event: FavoritesEvent | UserDeletedEvent,
): Promise<void> {
  switch (event.type) {
    case 'DriverFavorited':
      await trx(FAVORITE_DRIVERS_TABLE)
        .insert({
          user_id: event.data.userId,
          driver_id: event.data.driverId,
          favorited_at: event.data.favoritedAt,
        })
        .onConflict(['user_id', 'driver_id'])
        .ignore();
      return;
    case 'DriverUnfavorited':
      await trx(FAVORITE_DRIVERS_TABLE)
        .where({ user_id: event.data.userId, driver_id: event.data.driverId })
        .delete();
      return;
    case 'UserDeleted':
      await trx(FAVORITE_DRIVERS_TABLE).where({ user_id: event.data.userId }).delete();
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
