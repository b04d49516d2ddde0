import { z } from 'zod';
import { defineEvent, type EventData, type EventDefinition } from '../eventstore/event-types.ts';

/**
 * Events of the car-setup aggregate (stream `setup-<setupId>`): an iRacing setup file (.sto)
 * for one car on one track layout, with what it achieved. The file's bytes live in the files
 * module (src/files); an event records its id, name, size and SHA-256. Lap times are iRacing
 * units (1/10000 s).
 */

export const setupStreamName = (setupId: string) => `setup-${setupId}`;

/** What a setup is for, in the order the site lists them. */
export const SETUP_TYPES = ['race', 'qualifying', 'time_trial'] as const;
export type SetupType = (typeof SETUP_TYPES)[number];
export const setupType = z.enum(SETUP_TYPES);

const isoTime = z.iso.datetime({ offset: true });
const setupId = z.uuid();

export const setupFileRef = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  byteSize: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const setupFields = {
  carId: z.number().int().positive(),
  /** An iRacing track id names one layout (track + config). */
  trackId: z.number().int().positive(),
  seriesId: z.number().int().positive().nullable(),
  seasonId: z.number().int().positive().nullable(),
  type: setupType,
  lapTime: z.number().int().positive().nullable(),
  conditions: z.string().nullable(),
  notes: z.string().nullable(),
  author: z.string(),
  file: setupFileRef,
};

export const setupCreatedData = z.object({ setupId, ...setupFields, createdAt: isoTime });
export const setupUpdatedData = z.object({
  setupId,
  changes: z.object(setupFields).partial(),
  updatedAt: isoTime,
});
export const setupDeletedData = z.object({ setupId, deletedAt: isoTime });

export const SetupCreated = defineEvent({
  type: 'SetupCreated',
  version: 1,
  schema: setupCreatedData,
});
export const SetupUpdated = defineEvent({
  type: 'SetupUpdated',
  version: 1,
  schema: setupUpdatedData,
});
export const SetupDeleted = defineEvent({
  type: 'SetupDeleted',
  version: 1,
  schema: setupDeletedData,
});

type Domain<D extends EventDefinition> = { type: D['type']; data: EventData<D> };
export type SetupCreated = Domain<typeof SetupCreated>;
export type SetupUpdated = Domain<typeof SetupUpdated>;
export type SetupDeleted = Domain<typeof SetupDeleted>;
export type SetupEvent = SetupCreated | SetupUpdated | SetupDeleted;

export const setupEventDefinitions = [SetupCreated, SetupUpdated, SetupDeleted] as const;
export const setupEventTypes = [
  SetupCreated.type,
  SetupUpdated.type,
  SetupDeleted.type,
] as const satisfies readonly SetupEvent['type'][];
