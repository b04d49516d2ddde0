import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { EventStore, Position } from '../../eventstore/port.ts';
import {
  createUserKey,
  deleteUserKey,
  loadUserCipher,
  type PiiKeyring,
  type UserCipher,
} from '../../events/user-pii.ts';
import { userStreamName, type UserEvent, type UserRole } from '../../events/user.ts';
import { aggregateStream } from '../core/aggregate-stream.ts';
import { conflictError, notFoundError } from '../core/errors.ts';
import { handleCommand, type CommandDeps, type CommandResult } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { claimIdentity, releaseClaim, releaseClaims } from './claims.ts';
import type { UpdateProfile, UserCommand } from './commands.ts';
import { deleteCredentials, setPasswordHash } from './credentials.ts';
import { eraseAccountData } from './erasure.ts';
import { userDecider, type UserState } from './decider.ts';
import { countryRule, displayNameRule, emailRule, iracingCustomerIdRule } from './rules.ts';

/**
 * The user use cases HTTP controllers and the CLI call. They seal personal fields with the
 * user's data key before deciding, keep password hashes in `user_credentials` (never in
 * events) and run the user decider through the generic handler.
 *
 * Email and Discord uniqueness is decided here, by identity claims (claims.ts). Not decided
 * here (callers do it, see src/http/auth): password policy and hashing, sessions.
 */
export interface UserCommandDeps extends CommandDeps {
  eventStore: EventStore;
  knex: Knex;
  keyring: PiiKeyring;
}

export interface UserOutcome {
  userId: string;
  state: UserState;
  /** False for an idempotent repeat (nothing appended). */
  changed: boolean;
  /** Wait for the projections to pass this before showing the result (read-your-writes). */
  position: Position | null;
}

const now = (deps: UserCommandDeps) => (deps.now ?? (() => new Date()))();

function run(deps: UserCommandDeps, userId: string, command: UserCommand) {
  return handleCommand(deps.eventStore, userStreamName(userId), userDecider, command, deps);
}

function outcome(userId: string, result: CommandResult<UserState, UserEvent>): UserOutcome {
  return {
    userId,
    state: result.state,
    changed: result.events.length > 0,
    position: result.position,
  };
}

async function cipherOf(deps: UserCommandDeps, userId: string): Promise<UserCipher> {
  const cipher = await loadUserCipher(deps.knex, deps.keyring, userId);
  if (!cipher) throw notFoundError('user_not_found', `User ${userId} does not exist.`);
  return cipher;
}

export const registerUserInput = z.object({
  email: emailRule.nullable(),
  displayName: displayNameRule,
  /** A PHC hash string from the password hasher; null for an account created with Discord. */
  passwordHash: z.string().min(1).max(1000).nullable(),
  discord: z
    .object({ id: z.string().min(1).max(64), username: z.string().min(1).max(100) })
    .optional(),
  role: z.enum(['member', 'admin']).default('member'),
});

export const EMAIL_TAKEN_MESSAGE =
  'An account with this email address already exists. Sign in instead.';
export const DISCORD_TAKEN_MESSAGE = 'That Discord account is linked to another Pitwall account.';

/**
 * Creates an account: a new user id, claims of its email and Discord account (one statement
 * each; 409 `email_taken` / `discord_taken` when another account holds one), a new data key,
 * the password hash row, then the sealed registration (and the Discord link when created by
 * Discord). Each step is its own autocommit statement — nothing holds a connection while it
 * waits for another. The key and hash rows of an id with no events are inert; when the append
 * fails they and the claims are removed again.
 */
export async function registerUser(
  deps: UserCommandDeps,
  input: z.input<typeof registerUserInput>,
): Promise<UserOutcome> {
  const data = parseCommandInput(registerUserInput, input);
  const userId = (deps.newId ?? randomUUID)();
  const at = now(deps);
  const claimed: { kind: 'email' | 'discord'; hash: string }[] = [];
  const undo = async () => {
    for (const c of claimed)
      await releaseClaim(deps.knex, c.kind, c.hash, userId).catch(() => undefined);
    await deleteUserKey(deps.knex, userId).catch(() => undefined);
    await deleteCredentials(deps.knex, userId).catch(() => undefined);
  };
  try {
    // Discord first, then the email: the order every claimant of both uses.
    if (data.discord) {
      const hash = deps.keyring.lookupHash('discord', data.discord.id);
      if ((await claimIdentity(deps, 'discord', hash, userId, at)) === 'taken')
        throw conflictError('discord_taken', DISCORD_TAKEN_MESSAGE);
      claimed.push({ kind: 'discord', hash });
    }
    if (data.email !== null) {
      const hash = deps.keyring.lookupHash('email', data.email);
      if ((await claimIdentity(deps, 'email', hash, userId, at)) === 'taken')
        throw conflictError('email_taken', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
      claimed.push({ kind: 'email', hash });
    }
    const cipher = await createUserKey(deps.knex, deps.keyring, userId, at);
    const command: UserCommand = {
      type: 'RegisterUser',
      data: {
        userId,
        email: data.email === null ? null : cipher.seal('email', data.email),
        displayName: cipher.seal('displayName', data.displayName),
        method: data.passwordHash === null ? 'discord' : 'password',
        role: data.role,
        ...(data.discord
          ? {
              discord: {
                id: cipher.seal('discordId', data.discord.id),
                username: cipher.seal('discordUsername', data.discord.username),
              },
            }
          : {}),
      },
    };
    if (data.passwordHash !== null) await setPasswordHash(deps.knex, userId, data.passwordHash, at);
    return outcome(userId, await run({ ...deps, now: () => at }, userId, command));
  } catch (err) {
    await undo();
    throw err;
  }
}

/**
 * Records a password change (or the first password of a Discord account) and stores the new
 * hash in the same database transaction, committed only after the event was appended.
 */
export async function changePassword(
  deps: UserCommandDeps,
  userId: string,
  passwordHash: string,
): Promise<UserOutcome> {
  return storeWithEvent(deps, userId, passwordHash, { type: 'ChangePassword', data: { userId } });
}

/** The same for a reset by emailed token (the token is checked and consumed by the caller). */
export async function resetPassword(
  deps: UserCommandDeps,
  userId: string,
  passwordHash: string,
): Promise<UserOutcome> {
  return storeWithEvent(deps, userId, passwordHash, { type: 'ResetPassword', data: { userId } });
}

async function storeWithEvent(
  deps: UserCommandDeps,
  userId: string,
  passwordHash: string,
  command: UserCommand,
): Promise<UserOutcome> {
  const at = now(deps);
  const result = await deps.knex.transaction(async (trx) => {
    await setPasswordHash(trx, userId, passwordHash, at);
    return run({ ...deps, now: () => at }, userId, command);
  });
  return outcome(userId, result);
}

export const profileInput = z.object({
  displayName: displayNameRule.optional(),
  iracingCustomerId: iracingCustomerIdRule.optional(),
  country: countryRule.optional(),
});

export interface UserProfile {
  displayName: string | null;
  iracingCustomerId: number | null;
  country: string | null;
}

/** The profile as the write side holds it, opened with the user's key. */
export async function readUserProfile(
  deps: UserCommandDeps,
  userId: string,
): Promise<{ state: UserState; profile: UserProfile | null }> {
  const { state } = await aggregateStream(deps.eventStore, userStreamName(userId), userDecider);
  if (state.status !== 'active') return { state, profile: null };
  const cipher = await cipherOf(deps, userId);
  const customerId =
    state.iracingCustomerId === null
      ? null
      : cipher.open('iracingCustomerId', state.iracingCustomerId);
  return {
    state,
    profile: {
      displayName: cipher.open('displayName', state.displayName),
      iracingCustomerId: customerId === null ? null : Number(customerId),
      country: state.country === null ? null : cipher.open('country', state.country),
    },
  };
}

/** Updates the fields present in `input` that differ from the current profile. */
export async function updateProfile(
  deps: UserCommandDeps,
  userId: string,
  input: z.input<typeof profileInput>,
): Promise<UserOutcome> {
  const wanted = parseCommandInput(profileInput, input);
  const { profile } = await readUserProfile(deps, userId);
  // Absent or deleted: the decider answers with its not-found error.
  if (!profile)
    return outcome(
      userId,
      await run(deps, userId, { type: 'UpdateProfile', data: { userId, changes: {} } }),
    );
  const cipher = await cipherOf(deps, userId);
  const changes: UpdateProfile['data']['changes'] = {};
  if (wanted.displayName !== undefined && wanted.displayName !== profile.displayName) {
    changes.displayName = cipher.seal('displayName', wanted.displayName);
  }
  if (
    wanted.iracingCustomerId !== undefined &&
    wanted.iracingCustomerId !== profile.iracingCustomerId
  ) {
    changes.iracingCustomerId =
      wanted.iracingCustomerId === null
        ? null
        : cipher.seal('iracingCustomerId', String(wanted.iracingCustomerId));
  }
  if (wanted.country !== undefined && wanted.country !== profile.country) {
    changes.country = wanted.country === null ? null : cipher.seal('country', wanted.country);
  }
  return outcome(
    userId,
    await run(deps, userId, { type: 'UpdateProfile', data: { userId, changes } }),
  );
}

/**
 * Links a Discord account: claims it for the user (409 `discord_taken` when another account
 * holds it), then appends; a claim taken here is released again if the append fails.
 */
export async function linkDiscord(
  deps: UserCommandDeps,
  userId: string,
  discord: { id: string; username: string },
): Promise<UserOutcome> {
  const cipher = await cipherOf(deps, userId);
  const hash = deps.keyring.lookupHash('discord', discord.id);
  const claim = await claimIdentity(deps, 'discord', hash, userId, now(deps));
  if (claim === 'taken') throw conflictError('discord_taken', DISCORD_TAKEN_MESSAGE);
  try {
    return outcome(
      userId,
      await run(deps, userId, {
        type: 'LinkDiscord',
        data: {
          userId,
          discordId: cipher.seal('discordId', discord.id),
          discordUsername: cipher.seal('discordUsername', discord.username),
        },
      }),
    );
  } catch (err) {
    if (claim === 'claimed') await releaseClaim(deps.knex, 'discord', hash, userId);
    throw err;
  }
}

/** Unlinks Discord and releases the account's Discord claim. */
export async function unlinkDiscord(deps: UserCommandDeps, userId: string): Promise<UserOutcome> {
  const result = outcome(
    userId,
    await run(deps, userId, { type: 'UnlinkDiscord', data: { userId } }),
  );
  if (result.changed) await releaseClaims(deps.knex, userId, 'discord');
  return result;
}

export async function changeRole(
  deps: UserCommandDeps,
  userId: string,
  role: UserRole,
): Promise<UserOutcome> {
  return outcome(userId, await run(deps, userId, { type: 'ChangeRole', data: { userId, role } }));
}

/**
 * Deletes the account: appends UserDeleted, then erases what the account left outside the log
 * (eraseAccountData: the data key — every sealed value in the log becomes unreadable — the
 * password hash, claims, reset tokens and mail). A process that dies between the two leaves the
 * erasure to the `account_erasure` processor, which runs it from the event (erasure.ts); a
 * repeated call appends nothing and erases again. The read models drop their rows when they
 * apply UserDeleted; sessions are ended by the caller.
 */
export async function deleteUser(deps: UserCommandDeps, userId: string): Promise<UserOutcome> {
  const result = await run(deps, userId, { type: 'DeleteUser', data: { userId } });
  await eraseAccountData(deps.knex, userId);
  return outcome(userId, result);
}

/** The user as the write side sees it. */
export async function loadUser(eventStore: EventStore, userId: string): Promise<UserState> {
  return (await aggregateStream(eventStore, userStreamName(userId), userDecider)).state;
}
