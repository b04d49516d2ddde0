import { z } from 'zod';
import { defineEvent, type EventData, type EventDefinition } from '../eventstore/event-types.ts';

/**
 * Events of the gear-item aggregate (stream `gearItem-<gearId>`): sim-racing hardware the site
 * catalogues (wheel bases, pedals, …) and that pro drivers use. Prices are whole US dollars.
 */
export const gearItemStreamName = (gearId: string) => `gearItem-${gearId}`;

/** Every kind of gear, in the order the site lists them; the URL segment is the kebab form. */
export const GEAR_TYPES = [
  'wheel_base',
  'wheel_rim',
  'pedals',
  'shifter',
  'handbrake',
  'button_box',
  'cockpit',
  'seat',
  'display',
  'vr_headset',
  'headphones',
  'motion_system',
  'bass_shaker',
] as const;
export type GearType = (typeof GEAR_TYPES)[number];
export const gearType = z.enum(GEAR_TYPES);

const isoTime = z.iso.datetime({ offset: true });
const gearId = z.uuid();

const gearFields = {
  type: gearType,
  brand: z.string(),
  model: z.string(),
  description: z.string().nullable(),
  priceMinUsd: z.number().int().nullable(),
  priceMaxUsd: z.number().int().nullable(),
  url: z.string().nullable(),
};

export const gearItemCreatedData = z.object({ gearId, ...gearFields, createdAt: isoTime });
export const gearItemUpdatedData = z.object({
  gearId,
  changes: z.object(gearFields).partial(),
  updatedAt: isoTime,
});
export const gearItemDeletedData = z.object({ gearId, deletedAt: isoTime });

export const GearItemCreated = defineEvent({
  type: 'GearItemCreated',
  version: 1,
  schema: gearItemCreatedData,
});
export const GearItemUpdated = defineEvent({
  type: 'GearItemUpdated',
  version: 1,
  schema: gearItemUpdatedData,
});
export const GearItemDeleted = defineEvent({
  type: 'GearItemDeleted',
  version: 1,
  schema: gearItemDeletedData,
});

type Domain<D extends EventDefinition> = { type: D['type']; data: EventData<D> };
export type GearItemCreated = Domain<typeof GearItemCreated>;
export type GearItemUpdated = Domain<typeof GearItemUpdated>;
export type GearItemDeleted = Domain<typeof GearItemDeleted>;
export type GearItemEvent = GearItemCreated | GearItemUpdated | GearItemDeleted;

export const gearEventDefinitions = [GearItemCreated, GearItemUpdated, GearItemDeleted] as const;
export const gearEventTypes = [
  GearItemCreated.type,
  GearItemUpdated.type,
  GearItemDeleted.type,
] as const satisfies readonly GearItemEvent['type'][];
