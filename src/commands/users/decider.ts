import type { SealedValue } from '../../events/user-pii.ts';
import type { UserEvent, UserRole } from '../../events/user.ts';
import type { DecideContext, Decider } from '../core/decider.ts';
import { conflictError, notFoundError } from '../core/errors.ts';
import type { UserCommand } from './commands.ts';

/**
 * The user aggregate (stream `user-<id>`).
 *
 * Decisions:
 *  - RegisterUser on an existing stream → 409 `user_exists` (ids are never reused).
 *  - Every other command on an absent user → 404 `user_not_found`; on a deleted one → 404
 *    `user_deleted`, except DeleteUser, which is an idempotent no-op (a retried deletion must
 *    still be able to finish shredding).
 *  - ChangePassword records `set` for an account without a password (created with Discord),
 *    `change` otherwise; an account without an email cannot get a password (sign-in is by
 *    email) → 422 `email_required`.
 *  - ResetPassword needs an email (the link went there).
 *  - UpdateProfile with no changes, ChangeRole to the current role, UnlinkDiscord when nothing
 *    is linked: no event.
 *  - LinkDiscord when a Discord account is already linked → 409 `discord_already_linked`
 *    (unlink first; the handler treats re-linking the same account as a no-op before this).
 *  - UnlinkDiscord when the account has no password → 409 `last_sign_in_method`: it would be
 *    left with no way to sign in.
 */

export interface UserFields {
  userId: string;
  role: UserRole;
  hasEmail: boolean;
  hasPassword: boolean;
  displayName: SealedValue;
  iracingCustomerId: SealedValue | null;
  country: SealedValue | null;
  discordId: SealedValue | null;
}

export type UserState =
  | { status: 'absent' }
  | ({ status: 'active' } & UserFields)
  | { status: 'deleted'; userId: string };

export const initialUserState = (): UserState => ({ status: 'absent' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: 'active',
      userId: d.userId,
      role: d.role,
      hasEmail: d.email !== null,
      hasPassword: d.method === 'password',
      displayName: d.displayName,
      iracingCustomerId: null,
      country: null,
      discordId: null,
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'UserPasswordChanged':
    case 'UserPasswordReset':
      return { ...state, hasPassword: true };
    case 'UserProfileUpdated':
      return { ...state, ...event.data.changes };
    case 'UserDiscordLinked':
      return { ...state, discordId: event.data.discordId };
    case 'UserDiscordUnlinked':
      return { ...state, discordId: null };
    case 'UserRoleChanged':
      return { ...state, role: event.data.to };
    case 'UserDeleted':
      return { status: 'deleted', userId: state.userId };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

function active(state: UserState, userId: string): { status: 'active' } & UserFields {
  if (state.status === 'absent')
    throw notFoundError('user_not_found', `User ${userId} does not exist.`);
  if (state.status === 'deleted')
    throw notFoundError('user_deleted', `User ${userId} was deleted.`);
  return state;
}

export function decideUser(
  command: UserCommand,
  state: UserState,
  { now }: DecideContext,
): UserEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'RegisterUser': {
      const d = command.data;
      if (state.status !== 'absent')
        throw conflictError('user_exists', `User ${d.userId} already exists.`);
      const registered: UserEvent = {
        type: 'UserRegistered',
        data: {
          userId: d.userId,
          email: d.email,
          displayName: d.displayName,
          method: d.method,
          role: d.role,
          registeredAt: at,
        },
      };
      if (!d.discord) return [registered];
      return [
        registered,
        {
          type: 'UserDiscordLinked',
          data: {
            userId: d.userId,
            discordId: d.discord.id,
            discordUsername: d.discord.username,
            linkedAt: at,
          },
        },
      ];
    }
    case 'ChangePassword': {
      const user = active(state, command.data.userId);
      if (!user.hasEmail) {
        throw conflictError(
          'email_required',
          'Sign-in with a password needs an email address on the account.',
          {
            password: 'This account has no email address to sign in with.',
          },
        );
      }
      return [
        {
          type: 'UserPasswordChanged',
          data: { userId: user.userId, kind: user.hasPassword ? 'change' : 'set', changedAt: at },
        },
      ];
    }
    case 'ResetPassword': {
      const user = active(state, command.data.userId);
      if (!user.hasEmail)
        throw conflictError('email_required', 'This account has no email address.');
      return [{ type: 'UserPasswordReset', data: { userId: user.userId, resetAt: at } }];
    }
    case 'UpdateProfile': {
      const user = active(state, command.data.userId);
      const changes = Object.fromEntries(
        Object.entries(command.data.changes).filter(([, v]) => v !== undefined),
      ) as typeof command.data.changes;
      if (Object.keys(changes).length === 0) return [];
      return [
        { type: 'UserProfileUpdated', data: { userId: user.userId, changes, updatedAt: at } },
      ];
    }
    case 'LinkDiscord': {
      const user = active(state, command.data.userId);
      if (user.discordId !== null) {
        throw conflictError(
          'discord_already_linked',
          'A Discord account is already linked; unlink it first.',
        );
      }
      return [
        {
          type: 'UserDiscordLinked',
          data: {
            userId: user.userId,
            discordId: command.data.discordId,
            discordUsername: command.data.discordUsername,
            linkedAt: at,
          },
        },
      ];
    }
    case 'UnlinkDiscord': {
      const user = active(state, command.data.userId);
      if (user.discordId === null) return [];
      if (!user.hasPassword) {
        throw conflictError(
          'last_sign_in_method',
          'Discord is the only way to sign in to this account. Set a password first, then unlink Discord.',
        );
      }
      return [{ type: 'UserDiscordUnlinked', data: { userId: user.userId, unlinkedAt: at } }];
    }
    case 'ChangeRole': {
      const user = active(state, command.data.userId);
      if (user.role === command.data.role) return [];
      return [
        {
          type: 'UserRoleChanged',
          data: { userId: user.userId, from: user.role, to: command.data.role, changedAt: at },
        },
      ];
    }
    case 'DeleteUser': {
      if (state.status === 'deleted') return [];
      const user = active(state, command.data.userId);
      return [{ type: 'UserDeleted', data: { userId: user.userId, deletedAt: at } }];
    }
    default: {
      const _exhaustive: never = command;
      throw new TypeError(`Unknown user command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
