import type { SealedValue } from '../../events/user-pii.ts';
import type { UserRole } from '../../events/user.ts';

/**
 * Commands of the user aggregate. Personal fields arrive already sealed with the user's data
 * key (handlers.ts does that), so the decider stays pure and never sees plaintext.
 */

export type RegisterUser = {
  type: 'RegisterUser';
  data: {
    userId: string;
    email: SealedValue | null;
    displayName: SealedValue;
    method: 'password' | 'discord';
    role: UserRole;
    /** Linked in the same append when the account is created by signing in with Discord. */
    discord?: { id: SealedValue; username: SealedValue };
  };
};

export type ChangePassword = { type: 'ChangePassword'; data: { userId: string } };
export type ResetPassword = { type: 'ResetPassword'; data: { userId: string } };

/** Only the fields that differ from the current profile (the handler compares plaintexts). */
export type UpdateProfile = {
  type: 'UpdateProfile';
  data: {
    userId: string;
    changes: {
      displayName?: SealedValue;
      iracingCustomerId?: SealedValue | null;
      country?: SealedValue | null;
    };
  };
};

export type LinkDiscord = {
  type: 'LinkDiscord';
  data: { userId: string; discordId: SealedValue; discordUsername: SealedValue };
};
export type UnlinkDiscord = { type: 'UnlinkDiscord'; data: { userId: string } };
export type ChangeRole = { type: 'ChangeRole'; data: { userId: string; role: UserRole } };
export type DeleteUser = { type: 'DeleteUser'; data: { userId: string } };

export type UserCommand =
  | RegisterUser
  | ChangePassword
  | ResetPassword
  | UpdateProfile
  | LinkDiscord
  | UnlinkDiscord
  | ChangeRole
  | DeleteUser;
