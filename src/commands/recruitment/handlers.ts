import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { recruitmentStreamName } from '../../events/recruitment.ts';
import {
  loadUserCipher,
  type PiiKeyring,
  type SealedValue,
  type UserCipher,
} from '../../events/user-pii.ts';
import type { EventStore, Position } from '../../eventstore/port.ts';
import { aggregateStream } from '../core/aggregate-stream.ts';
import { conflictError } from '../core/errors.ts';
import { handleCommand, type CommandDeps } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import type { CreateProfileData, EditProfileData, RecruitmentCommand } from './commands.ts';
import { recruitmentDecider, type RecruitmentState } from './decider.ts';
import { profileContact } from './rules.ts';

export interface RecruitmentCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

/** What the use cases need besides the event store: the data keys that seal the contact line. */
export interface RecruitmentWriteDeps extends RecruitmentCommandDeps {
  knex: Knex;
  keyring: PiiKeyring;
}

export interface RecruitmentOutcome {
  state: RecruitmentState;
  /** False for a no-op (an edit that changed nothing, a repeated close or delete). */
  changed: boolean;
  /** What read-your-writes waits for. */
  position: Position | null;
}

/**
 * Runs a recruitment command on the owner's stream. The caller has checked that the acting
 * member may act for `ownerId` (the owner, or an admin deleting) and sealed the contact line.
 */
export async function runRecruitmentCommand(
  deps: RecruitmentCommandDeps,
  ownerId: string,
  command: RecruitmentCommand,
): Promise<RecruitmentOutcome> {
  const owner = parseCommandInput(z.object({ ownerId: z.uuid() }), { ownerId }).ownerId;
  const result = await handleCommand(
    deps.eventStore,
    recruitmentStreamName(owner),
    recruitmentDecider,
    command,
    deps,
  );
  return { state: result.state, changed: result.events.length > 0, position: result.position };
}

export const ACCOUNT_GONE = 'This account no longer exists.';

/** The owner's cipher; an account without a data key (deleted) cannot write a profile. */
async function cipherOf(deps: RecruitmentWriteDeps, ownerId: string): Promise<UserCipher> {
  const cipher = await loadUserCipher(deps.knex, deps.keyring, ownerId);
  if (!cipher) throw conflictError('account_deleted', ACCOUNT_GONE);
  return cipher;
}

/** The typed contact line, validated and sealed with the owner's data key (null: none). */
async function sealContact(
  deps: RecruitmentWriteDeps,
  ownerId: string,
  contact: string | null | undefined,
): Promise<SealedValue | null> {
  const plain = parseCommandInput(z.object({ contact: profileContact }), { contact }).contact;
  if (plain === null) return null;
  return (await cipherOf(deps, ownerId)).seal('recruitmentContact', plain);
}

/**
 * Opens a sealed contact line with its owner's data key. null when there is none or it no
 * longer opens (the account was deleted: its key is gone, the value is noise).
 */
export async function openContact(
  knex: Knex,
  keyring: PiiKeyring,
  ownerId: string,
  sealed: SealedValue | null,
): Promise<string | null> {
  if (sealed === null) return null;
  const cipher = await loadUserCipher(knex, keyring, ownerId);
  return cipher ? cipher.open('recruitmentContact', sealed) : null;
}

/** A new profile's fields as the form and the API send them: `contact` in plain text. */
export type NewProfileInput = Omit<CreateProfileData, 'profileId' | 'contact'> & {
  profileId?: string;
  contact?: string | null;
};

/** Creates a profile (the contact sealed first). `profileId` defaults to a new uuid. */
export async function createRecruitmentProfile(
  deps: RecruitmentWriteDeps,
  input: NewProfileInput,
): Promise<RecruitmentOutcome & { profileId: string }> {
  const { contact, profileId = (deps.newId ?? randomUUID)(), ...fields } = input;
  const sealed = await sealContact(deps, fields.ownerId, contact);
  const outcome = await runRecruitmentCommand(deps, fields.ownerId, {
    type: 'CreateRecruitmentProfile',
    data: { ...fields, profileId, contact: sealed },
  });
  return { ...outcome, profileId };
}

/** An edit as the form sends it: every field optional, `contact` in plain text. */
export type ProfileEditInput = Omit<EditProfileData, 'contact'> & { contact?: string | null };

/**
 * Edits a profile. The contact is compared in plain text with the stored one (a sealed value
 * differs at every sealing), so resending the same contact changes nothing.
 */
export async function editRecruitmentProfile(
  deps: RecruitmentWriteDeps,
  ownerId: string,
  input: ProfileEditInput,
): Promise<RecruitmentOutcome> {
  const { contact, ...changes } = input;
  let sealed: SealedValue | null | undefined;
  if (contact !== undefined) {
    const plain = parseCommandInput(z.object({ contact: profileContact }), { contact }).contact;
    const { state } = await aggregateStream(
      deps.eventStore,
      recruitmentStreamName(ownerId),
      recruitmentDecider,
    );
    const current = state.profiles[changes.profileId]?.contact ?? null;
    const currentPlain = await openContact(deps.knex, deps.keyring, ownerId, current);
    if (plain !== currentPlain) sealed = await sealContact(deps, ownerId, plain);
  }
  return runRecruitmentCommand(deps, ownerId, {
    type: 'EditRecruitmentProfile',
    data: { ...changes, ...(sealed !== undefined ? { contact: sealed } : {}) },
  });
}

/** Deletes a profile (by its owner, or by an admin). Deleting a deleted profile changes nothing. */
export function deleteRecruitmentProfile(
  deps: RecruitmentCommandDeps,
  ownerId: string,
  profileId: string,
  by: 'owner' | 'admin',
): Promise<RecruitmentOutcome> {
  return runRecruitmentCommand(deps, ownerId, {
    type: 'DeleteRecruitmentProfile',
    data: { profileId, by },
  });
}

/** Open for another 60 days, or reopened when closed (counting against the three open). */
export function renewRecruitmentProfile(
  deps: RecruitmentCommandDeps,
  ownerId: string,
  profileId: string,
): Promise<RecruitmentOutcome> {
  return runRecruitmentCommand(deps, ownerId, {
    type: 'RenewRecruitmentProfile',
    data: { profileId },
  });
}

/** Closes an open profile (it stays in the owner's list and can be reopened). */
export function closeRecruitmentProfile(
  deps: RecruitmentCommandDeps,
  ownerId: string,
  profileId: string,
): Promise<RecruitmentOutcome> {
  return runRecruitmentCommand(deps, ownerId, {
    type: 'CloseRecruitmentProfile',
    data: { profileId },
  });
}
