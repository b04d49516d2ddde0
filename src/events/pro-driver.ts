import { z } from 'zod';
import { defineEvent, type EventData, type EventDefinition } from '../eventstore/event-types.ts';

/**
 * Events of the pro-driver aggregate (stream `proDriver-<proId>`): professional racing drivers
 * the site profiles, with their iRacing customer id (live racing data), background, bio and the
 * gear they use. Timestamps are ISO-8601 strings from the command's injected clock.
 */
export const proDriverStreamName = (proId: string) => `proDriver-${proId}`;

const isoTime = z.iso.datetime({ offset: true });
const proId = z.uuid();

const proFields = {
  name: z.string(),
  custId: z.number().int().positive().nullable(),
  countryCode: z.string().nullable(),
  background: z.string().nullable(),
  teamName: z.string().nullable(),
  bioMarkdown: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  gearIds: z.array(z.uuid()),
};

export const proDriverCreatedData = z.object({ proId, ...proFields, createdAt: isoTime });
/** Only the fields that changed are present. */
export const proDriverUpdatedData = z.object({
  proId,
  changes: z.object(proFields).partial(),
  updatedAt: isoTime,
});
export const proDriverDeletedData = z.object({ proId, deletedAt: isoTime });

export const ProDriverCreated = defineEvent({
  type: 'ProDriverCreated',
  version: 1,
  schema: proDriverCreatedData,
});
export const ProDriverUpdated = defineEvent({
  type: 'ProDriverUpdated',
  version: 1,
  schema: proDriverUpdatedData,
});
export const ProDriverDeleted = defineEvent({
  type: 'ProDriverDeleted',
  version: 1,
  schema: proDriverDeletedData,
});

type Domain<D extends EventDefinition> = { type: D['type']; data: EventData<D> };

export type ProDriverCreated = Domain<typeof ProDriverCreated>;
export type ProDriverUpdated = Domain<typeof ProDriverUpdated>;
export type ProDriverDeleted = Domain<typeof ProDriverDeleted>;
export type ProDriverEvent = ProDriverCreated | ProDriverUpdated | ProDriverDeleted;

export const proDriverEventDefinitions = [
  ProDriverCreated,
  ProDriverUpdated,
  ProDriverDeleted,
] as const;

export const proDriverEventTypes = [
  ProDriverCreated.type,
  ProDriverUpdated.type,
  ProDriverDeleted.type,
] as const satisfies readonly ProDriverEvent['type'][];
