import { z } from 'zod';
import { defineEvent, type EventData, type EventDefinition } from '../eventstore/event-types.ts';

/**
 * A member's favorite drivers, stream `favorites-<userId>`. Payloads hold an opaque user id
 * and an iRacing customer id of a public driver profile: no personal data of the member.
 */

export const favoritesStreamName = (userId: string) => `favorites-${userId}`;

/** iRacing customer ids are positive 32-bit integers. */
export const driverIdSchema = z.number().int().min(1).max(2_147_483_647);

export const driverFavoritedData = z.object({
  userId: z.uuid(),
  driverId: driverIdSchema,
  favoritedAt: z.iso.datetime({ offset: true }),
});

export const driverUnfavoritedData = z.object({
  userId: z.uuid(),
  driverId: driverIdSchema,
  unfavoritedAt: z.iso.datetime({ offset: true }),
});

export const DriverFavorited = defineEvent({
  type: 'DriverFavorited',
  version: 1,
  schema: driverFavoritedData,
});
export const DriverUnfavorited = defineEvent({
  type: 'DriverUnfavorited',
  version: 1,
  schema: driverUnfavoritedData,
});

type Domain<D extends EventDefinition> = { type: D['type']; data: EventData<D> };

export type DriverFavorited = Domain<typeof DriverFavorited>;
export type DriverUnfavorited = Domain<typeof DriverUnfavorited>;
export type FavoritesEvent = DriverFavorited | DriverUnfavorited;

export const favoritesEventDefinitions = [DriverFavorited, DriverUnfavorited] as const;

export const favoritesEventTypes = [DriverFavorited.type, DriverUnfavorited.type] as const;
