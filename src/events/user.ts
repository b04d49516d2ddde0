import { z } from 'zod';
import { defineEvent, type EventData, type EventDefinition } from '../eventstore/event-types.ts';
import { sealedValue } from './user-pii.ts';

/**
 * Events of the user aggregate, stream `user-<userId>` (a random uuid: the stream name says
 * nothing about the person). Shared by commands (write) and projections (read).
 *
 * Personal data never appears in clear: email, display name, Discord identity, iRacing
 * customer id and country are `sealedValue`s, encrypted with the user's data key
 * (src/events/user-pii.ts), whose deletion with the account makes them unreadable. The schema
 * accepts only the sealed form, so a plaintext value cannot be appended by mistake.
 *
 * Password hashes are not events: they live in `user_credentials` (see docs/accounts.md);
 * the events only record that a password was set, changed or reset.
 */

export const userStreamName = (userId: string) => `user-${userId}`;

export const USER_ROLES = ['member', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const isoTime = z.iso.datetime({ offset: true });
const userId = z.uuid();

export const userRegisteredData = z.object({
  userId,
  email: sealedValue.nullable(),
  displayName: sealedValue,
  /** How the account was created: with a password, or by signing in with Discord. */
  method: z.enum(['password', 'discord']),
  role: z.enum(USER_ROLES),
  registeredAt: isoTime,
});

export const userPasswordChangedData = z.object({
  userId,
  /** 'set': the first password of an account created with Discord; 'change': with the current one. */
  kind: z.enum(['set', 'change']),
  changedAt: isoTime,
});

export const userPasswordResetData = z.object({ userId, resetAt: isoTime });

/** Only changed fields are present; null clears an optional field. */
export const userProfileUpdatedData = z.object({
  userId,
  changes: z
    .object({
      displayName: sealedValue,
      iracingCustomerId: sealedValue.nullable(),
      country: sealedValue.nullable(),
    })
    .partial(),
  updatedAt: isoTime,
});

export const userDiscordLinkedData = z.object({
  userId,
  discordId: sealedValue,
  discordUsername: sealedValue,
  linkedAt: isoTime,
});

export const userDiscordUnlinkedData = z.object({ userId, unlinkedAt: isoTime });

export const userRoleChangedData = z.object({
  userId,
  from: z.enum(USER_ROLES),
  to: z.enum(USER_ROLES),
  changedAt: isoTime,
});

export const userDeletedData = z.object({ userId, deletedAt: isoTime });

export const UserRegistered = defineEvent({
  type: 'UserRegistered',
  version: 1,
  schema: userRegisteredData,
});
export const UserPasswordChanged = defineEvent({
  type: 'UserPasswordChanged',
  version: 1,
  schema: userPasswordChangedData,
});
export const UserPasswordReset = defineEvent({
  type: 'UserPasswordReset',
  version: 1,
  schema: userPasswordResetData,
});
export const UserProfileUpdated = defineEvent({
  type: 'UserProfileUpdated',
  version: 1,
  schema: userProfileUpdatedData,
});
export const UserDiscordLinked = defineEvent({
  type: 'UserDiscordLinked',
  version: 1,
  schema: userDiscordLinkedData,
});
export const UserDiscordUnlinked = defineEvent({
  type: 'UserDiscordUnlinked',
  version: 1,
  schema: userDiscordUnlinkedData,
});
export const UserRoleChanged = defineEvent({
  type: 'UserRoleChanged',
  version: 1,
  schema: userRoleChangedData,
});
export const UserDeleted = defineEvent({
  type: 'UserDeleted',
  version: 1,
  schema: userDeletedData,
});

type Domain<D extends EventDefinition> = { type: D['type']; data: EventData<D> };

export type UserRegistered = Domain<typeof UserRegistered>;
export type UserPasswordChanged = Domain<typeof UserPasswordChanged>;
export type UserPasswordReset = Domain<typeof UserPasswordReset>;
export type UserProfileUpdated = Domain<typeof UserProfileUpdated>;
export type UserDiscordLinked = Domain<typeof UserDiscordLinked>;
export type UserDiscordUnlinked = Domain<typeof UserDiscordUnlinked>;
export type UserRoleChanged = Domain<typeof UserRoleChanged>;
export type UserDeleted = Domain<typeof UserDeleted>;

export type UserEvent =
  | UserRegistered
  | UserPasswordChanged
  | UserPasswordReset
  | UserProfileUpdated
  | UserDiscordLinked
  | UserDiscordUnlinked
  | UserRoleChanged
  | UserDeleted;

/** Every definition of this file, for the event registry (src/events/index.ts). */
export const userEventDefinitions = [
  UserRegistered,
  UserPasswordChanged,
  UserPasswordReset,
  UserProfileUpdated,
  UserDiscordLinked,
  UserDiscordUnlinked,
  UserRoleChanged,
  UserDeleted,
] as const;

export const userEventTypes = userEventDefinitions.map((d) => d.type) satisfies UserEvent['type'][];
