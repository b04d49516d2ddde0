import type { EventStore, Position } from '../../eventstore/port.ts';
import { driverIdSchema, favoritesStreamName } from '../../events/favorites.ts';
import { z } from 'zod';
import { handleCommand, type CommandDeps } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { favoritesDecider } from './decider.ts';

export interface FavoritesCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface FavoriteOutcome {
  favorited: boolean;
  changed: boolean;
  position: Position | null;
}

const input = z.object({ userId: z.uuid(), driverId: driverIdSchema });

/** Adds a favorite; idempotent. The caller checks that the member and the driver exist. */
export async function favoriteDriver(
  deps: FavoritesCommandDeps,
  userId: string,
  driverId: number,
): Promise<FavoriteOutcome> {
  const data = parseCommandInput(input, { userId, driverId });
  const result = await handleCommand(
    deps.eventStore,
    favoritesStreamName(data.userId),
    favoritesDecider,
    { type: 'FavoriteDriver', data },
    deps,
  );
  return { favorited: true, changed: result.events.length > 0, position: result.position };
}

/** Removes a favorite; idempotent. */
export async function unfavoriteDriver(
  deps: FavoritesCommandDeps,
  userId: string,
  driverId: number,
): Promise<FavoriteOutcome> {
  const data = parseCommandInput(input, { userId, driverId });
  const result = await handleCommand(
    deps.eventStore,
    favoritesStreamName(data.userId),
    favoritesDecider,
    { type: 'UnfavoriteDriver', data },
    deps,
  );
  return { favorited: false, changed: result.events.length > 0, position: result.position };
}
