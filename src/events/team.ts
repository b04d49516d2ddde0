import { z } from 'zod';
import { defineEvent, type EventData, type EventDefinition } from '../eventstore/event-types.ts';

/**
 * Events of the team aggregate (stream `team-<teamId>`) and of the team-slug reservation
 * (stream `teamSlug-<slug>`). Shared by commands (write) and the teams projection (read).
 *
 * Timestamps are ISO-8601 strings from the command's injected clock. Members are iRacing
 * customer ids (the racing read models' `cust_id`), in the order the team lists them.
 */

export const teamStreamName = (teamId: string) => `team-${teamId}`;
export const teamSlugStreamName = (slug: string) => `teamSlug-${slug}`;

const isoTime = z.iso.datetime({ offset: true });
const teamId = z.uuid();
const slug = z.string().min(1).max(80);
const custId = z.number().int().positive();

/** A team's link: a label shown on the page and an http(s) address. */
export const teamLinkData = z.object({ label: z.string(), url: z.string() });

/**
 * A team's logo: a PNG, JPEG or WebP image stored by the files module (src/files), named by
 * its id with its name, size, SHA-256 and image type. Events never carry the bytes.
 */
export const teamLogoRef = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  byteSize: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  mediaType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
});
export type TeamLogoRef = z.output<typeof teamLogoRef>;

const teamFields = {
  name: z.string(),
  slug,
  tag: z.string().nullable(),
  description: z.string().nullable(),
  links: z.array(teamLinkData),
  memberCustIds: z.array(custId),
  /** null: no logo. Absent from teams created before logos existed (read as null). */
  logo: teamLogoRef.nullable().optional(),
};

export const teamCreatedData = z.object({ teamId, ...teamFields, createdAt: isoTime });

/**
 * Only the fields that changed are present (`logo: null` removes the logo). A slug change carries `previousSlug`: the old
 * address keeps answering with a permanent redirect to the new one.
 */
export const teamUpdatedData = z.object({
  teamId,
  changes: z.object(teamFields).partial(),
  previousSlug: slug.optional(),
  updatedAt: isoTime,
});

export const teamDeletedData = z.object({ teamId, deletedAt: isoTime });

export const teamSlugReservedData = z.object({ slug, teamId });
export const teamSlugReleasedData = z.object({ slug, teamId });

export const TeamCreated = defineEvent({
  type: 'TeamCreated',
  version: 1,
  schema: teamCreatedData,
});
export const TeamUpdated = defineEvent({
  type: 'TeamUpdated',
  version: 1,
  schema: teamUpdatedData,
});
export const TeamDeleted = defineEvent({
  type: 'TeamDeleted',
  version: 1,
  schema: teamDeletedData,
});
export const TeamSlugReserved = defineEvent({
  type: 'TeamSlugReserved',
  version: 1,
  schema: teamSlugReservedData,
});
export const TeamSlugReleased = defineEvent({
  type: 'TeamSlugReleased',
  version: 1,
  schema: teamSlugReleasedData,
});

type Domain<D extends EventDefinition> = { type: D['type']; data: EventData<D> };

export type TeamCreated = Domain<typeof TeamCreated>;
export type TeamUpdated = Domain<typeof TeamUpdated>;
export type TeamDeleted = Domain<typeof TeamDeleted>;
export type TeamEvent = TeamCreated | TeamUpdated | TeamDeleted;

export type TeamSlugReserved = Domain<typeof TeamSlugReserved>;
export type TeamSlugReleased = Domain<typeof TeamSlugReleased>;
export type TeamSlugEvent = TeamSlugReserved | TeamSlugReleased;

/** Every definition of this file, for the event registry (src/events/index.ts). */
export const teamEventDefinitions = [
  TeamCreated,
  TeamUpdated,
  TeamDeleted,
  TeamSlugReserved,
  TeamSlugReleased,
] as const;

/** The team stream's event types (what the teams projection reads). */
export const teamEventTypes = [
  TeamCreated.type,
  TeamUpdated.type,
  TeamDeleted.type,
] as const satisfies readonly TeamEvent['type'][];
