import type { RecruitmentEvent, RecruitmentProfileFields } from '../../events/recruitment.ts';
import type { DecideContext, Decider } from '../core/decider.ts';
import { conflictError, notFoundError, validationError } from '../core/errors.ts';
import { parseCommandInput } from '../core/validation.ts';
import {
  createProfileInput,
  editProfileInput,
  type CreateRecruitmentProfile,
  type EditRecruitmentProfile,
  type RecruitmentCommand,
} from './commands.ts';
import { RECRUITMENT_LIMITS } from './rules.ts';

/**
 * One member's recruitment profiles (stream `recruitment-<userId>`).
 *
 * Decisions:
 *  - CreateRecruitmentProfile: a new id (ids are never reused → 409 `profile_exists`); at most
 *    three open profiles (→ 409 `too_many_open_profiles`, a message for the form); a driver
 *    profile names its iRacing customer id and carries no team or requirements; a team profile
 *    names no customer id. Open for 60 days from now.
 *  - EditRecruitmentProfile records only the fields that differ (no difference → no event), with
 *    the same kind rules.
 *  - RenewRecruitmentProfile: open for 60 days from now; a closed profile reopens (counting
 *    against the three).
 *  - CloseRecruitmentProfile closes an open profile; closing a closed one is a no-op.
 *  - ExpireRecruitmentProfile (the expiry job) closes an open profile whose time has passed;
 *    otherwise nothing (a renewal may have come first).
 *  - DeleteRecruitmentProfile removes it (owner or admin; the HTTP layer decides who may);
 *    deleting a deleted profile is a no-op.
 *  - Any command but create on an unknown or deleted profile → 404 `profile_not_found`.
 * Whether the caller may act for the owner is decided by the HTTP layer.
 */

export type ProfileStatus = 'open' | 'closed' | 'deleted';

export interface ProfileState extends RecruitmentProfileFields {
  profileId: string;
  kind: 'driver' | 'team';
  status: ProfileStatus;
  expiresAt: string;
}

export interface RecruitmentState {
  ownerId: string | null;
  profiles: Readonly<Record<string, ProfileState>>;
}

export const initialRecruitmentState = (): RecruitmentState => ({ ownerId: null, profiles: {} });

const withProfile = (
  state: RecruitmentState,
  profileId: string,
  update: (p: ProfileState) => ProfileState,
): RecruitmentState => {
  const current = state.profiles[profileId];
  return current
    ? { ...state, profiles: { ...state.profiles, [profileId]: update(current) } }
    : state;
};

export function evolveRecruitment(
  state: RecruitmentState,
  event: RecruitmentEvent,
): RecruitmentState {
  switch (event.type) {
    case 'RecruitmentProfileCreated': {
      const { ownerId, createdAt: _createdAt, ...profile } = event.data;
      return {
        ownerId,
        profiles: { ...state.profiles, [profile.profileId]: { ...profile, status: 'open' } },
      };
    }
    case 'RecruitmentProfileEdited':
      return withProfile(state, event.data.profileId, (p) => ({ ...p, ...event.data.changes }));
    case 'RecruitmentProfileRenewed':
      return withProfile(state, event.data.profileId, (p) => ({
        ...p,
        status: 'open',
        expiresAt: event.data.expiresAt,
      }));
    case 'RecruitmentProfileClosed':
      return withProfile(state, event.data.profileId, (p) => ({ ...p, status: 'closed' }));
    case 'RecruitmentProfileDeleted':
      return withProfile(state, event.data.profileId, (p) => ({ ...p, status: 'deleted' }));
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export function decideRecruitment(
  command: RecruitmentCommand,
  state: RecruitmentState,
  context: DecideContext,
): RecruitmentEvent[] {
  const { now } = context;
  switch (command.type) {
    case 'CreateRecruitmentProfile':
      return create(command, state, now);
    case 'EditRecruitmentProfile':
      return edit(command, state, now);
    case 'RenewRecruitmentProfile': {
      const profile = existing(state, command.data.profileId);
      const reopened = profile.status === 'closed';
      if (reopened) ensureRoomForOpen(state);
      return [
        {
          type: 'RecruitmentProfileRenewed',
          data: {
            profileId: profile.profileId,
            reopened,
            renewedAt: now.toISOString(),
            expiresAt: openUntil(now),
          },
        },
      ];
    }
    case 'CloseRecruitmentProfile': {
      const profile = existing(state, command.data.profileId);
      if (profile.status !== 'open') return [];
      return [closed(profile.profileId, 'owner', now)];
    }
    case 'ExpireRecruitmentProfile': {
      const profile = existing(state, command.data.profileId);
      if (profile.status !== 'open' || Date.parse(profile.expiresAt) > now.getTime()) return [];
      return [closed(profile.profileId, 'expired', now)];
    }
    case 'DeleteRecruitmentProfile': {
      if (state.profiles[command.data.profileId]?.status === 'deleted') return [];
      const profile = existing(state, command.data.profileId);
      return [
        {
          type: 'RecruitmentProfileDeleted',
          data: { profileId: profile.profileId, by: command.data.by, deletedAt: now.toISOString() },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      throw new TypeError(`Unknown recruitment command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const recruitmentDecider: Decider<RecruitmentState, RecruitmentCommand, RecruitmentEvent> = {
  initialState: initialRecruitmentState,
  evolve: evolveRecruitment,
  decide: decideRecruitment,
};

/** The moment a profile opened or renewed at `now` closes. */
export function openUntil(now: Date): string {
  return new Date(now.getTime() + RECRUITMENT_LIMITS.openDays * 86_400_000).toISOString();
}

export const TOO_MANY_OPEN = `You already have ${RECRUITMENT_LIMITS.openProfilesMax} open profiles. Close or delete one first.`;

export function openProfiles(state: RecruitmentState): ProfileState[] {
  return Object.values(state.profiles).filter((p) => p.status === 'open');
}

function ensureRoomForOpen(state: RecruitmentState): void {
  if (openProfiles(state).length >= RECRUITMENT_LIMITS.openProfilesMax)
    throw conflictError('too_many_open_profiles', TOO_MANY_OPEN, { _: TOO_MANY_OPEN });
}

/** The kind rules: a driver profile names its customer id; only a team profile has a team or requirements. */
function checkKind(kind: 'driver' | 'team', fields: RecruitmentProfileFields): void {
  const errors: Record<string, string> = {};
  if (kind === 'driver') {
    if (fields.custId === null) errors.custId = 'Enter your iRacing customer id.';
    if (fields.teamId !== null) errors.teamId = 'Only a team profile links a team.';
    if (fields.requirements.length > 0)
      errors.requirements = 'Only a team profile has requirements.';
  } else if (fields.custId !== null) {
    errors.custId = 'A team profile links a team, not a driver.';
  }
  if (Object.keys(errors).length > 0)
    throw validationError('invalid_input', 'The input is not valid.', errors);
}

function create(
  { data }: CreateRecruitmentProfile,
  state: RecruitmentState,
  now: Date,
): RecruitmentEvent[] {
  const { profileId, ownerId, kind, ...fields } = parseCommandInput(createProfileInput, data);
  if (state.ownerId !== null && state.ownerId !== ownerId)
    throw conflictError('wrong_owner', 'This stream belongs to another member.');
  if (state.profiles[profileId])
    throw conflictError('profile_exists', `Profile ${profileId} already exists.`);
  checkKind(kind, fields);
  ensureRoomForOpen(state);
  return [
    {
      type: 'RecruitmentProfileCreated',
      data: {
        profileId,
        ownerId,
        kind,
        ...fields,
        createdAt: now.toISOString(),
        expiresAt: openUntil(now),
      },
    },
  ];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function edit(
  { data }: EditRecruitmentProfile,
  state: RecruitmentState,
  now: Date,
): RecruitmentEvent[] {
  const { profileId, ...input } = parseCommandInput(editProfileInput, data);
  const current = existing(state, profileId);
  const changes: Partial<RecruitmentProfileFields> = {};
  for (const key of Object.keys(input) as (keyof RecruitmentProfileFields)[]) {
    const value = input[key];
    if (value !== undefined && !same(value, current[key]))
      (changes as Record<string, unknown>)[key] = value;
  }
  if (Object.keys(changes).length === 0) return [];
  checkKind(current.kind, { ...current, ...changes });
  return [
    { type: 'RecruitmentProfileEdited', data: { profileId, changes, editedAt: now.toISOString() } },
  ];
}

function closed(profileId: string, reason: 'owner' | 'expired', now: Date): RecruitmentEvent {
  return {
    type: 'RecruitmentProfileClosed',
    data: { profileId, reason, closedAt: now.toISOString() },
  };
}

function existing(state: RecruitmentState, profileId: string): ProfileState {
  const profile = state.profiles[profileId];
  if (!profile || profile.status === 'deleted')
    throw notFoundError('profile_not_found', `Recruitment profile ${profileId} does not exist.`);
  return profile;
}
