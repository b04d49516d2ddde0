import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../../events/user.ts';
import { deciderSpecification } from '../core/testing.ts';
import { userDecider } from './decider.ts';

const now = new Date('2026-03-14T09:30:00.000Z');
const at = now.toISOString();
const spec = deciderSpecification(userDecider, { now });

const userId = '5b0c7a52-6a3f-4c1e-9d62-2f1b7e0c9a11';
// Sealed values are opaque to the decider; these stand in for real ciphertexts.
const sealed = (n: number) => `v1.${'A'.repeat(15)}${n}.${'B'.repeat(22)}`;

const registered = (
  method: 'password' | 'discord' = 'password',
  email: string | null = sealed(1),
): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    email,
    displayName: sealed(2),
    method,
    role: 'member',
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
});
const discordLinked: UserEvent = {
  type: 'UserDiscordLinked',
  data: {
    userId,
    discordId: sealed(3),
    discordUsername: sealed(4),
    linkedAt: '2026-01-02T00:00:00.000Z',
  },
};
const deleted: UserEvent = {
  type: 'UserDeleted',
  data: { userId, deletedAt: '2026-01-03T00:00:00.000Z' },
};

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('registers a member with sealed fields and the time of the command', () => {
      const state = spec
        .given([])
        .when({
          type: 'RegisterUser',
          data: {
            userId,
            email: sealed(1),
            displayName: sealed(2),
            method: 'password',
            role: 'member',
          },
        })
        .then([
          {
            type: 'UserRegistered',
            data: {
              userId,
              email: sealed(1),
              displayName: sealed(2),
              method: 'password',
              role: 'member',
              registeredAt: at,
            },
          },
        ]);
      expect(state).toMatchObject({
        status: 'active',
        hasPassword: true,
        hasEmail: true,
        discordId: null,
      });
    });

    it('links Discord in the same decision when the account is created by Discord', () => {
      const state = spec
        .given([])
        .when({
          type: 'RegisterUser',
          data: {
            userId,
            email: null,
            displayName: sealed(2),
            method: 'discord',
            role: 'member',
            discord: { id: sealed(3), username: sealed(4) },
          },
        })
        .then([
          {
            type: 'UserRegistered',
            data: {
              userId,
              email: null,
              displayName: sealed(2),
              method: 'discord',
              role: 'member',
              registeredAt: at,
            },
          },
          {
            type: 'UserDiscordLinked',
            data: { userId, discordId: sealed(3), discordUsername: sealed(4), linkedAt: at },
          },
        ]);
      expect(state).toMatchObject({
        status: 'active',
        hasPassword: false,
        hasEmail: false,
        discordId: sealed(3),
      });
    });

    it('never reuses an id', () => {
      spec
        .given([registered()])
        .when({
          type: 'RegisterUser',
          data: { userId, email: null, displayName: sealed(2), method: 'password', role: 'member' },
        })
        .thenThrows({ kind: 'conflict', code: 'user_exists' });
    });
  });

  describe('ChangePassword / ResetPassword', () => {
    it('records a change for an account with a password', () => {
      spec
        .given([registered()])
        .when({ type: 'ChangePassword', data: { userId } })
        .then([{ type: 'UserPasswordChanged', data: { userId, kind: 'change', changedAt: at } }]);
    });

    it('records a first password for a Discord account with an email', () => {
      const state = spec
        .given([registered('discord'), discordLinked])
        .when({ type: 'ChangePassword', data: { userId } })
        .then([{ type: 'UserPasswordChanged', data: { userId, kind: 'set', changedAt: at } }]);
      expect(state).toMatchObject({ hasPassword: true });
    });

    it('refuses a password for an account without an email', () => {
      spec
        .given([registered('discord', null)])
        .when({ type: 'ChangePassword', data: { userId } })
        .thenThrows({ code: 'email_required' });
    });

    it('records a reset', () => {
      spec
        .given([registered()])
        .when({ type: 'ResetPassword', data: { userId } })
        .then([{ type: 'UserPasswordReset', data: { userId, resetAt: at } }]);
    });

    it('answers not found for an absent or deleted user', () => {
      spec
        .given([])
        .when({ type: 'ResetPassword', data: { userId } })
        .thenThrows({ kind: 'not_found', code: 'user_not_found' });
      spec
        .given([registered(), deleted])
        .when({ type: 'ChangePassword', data: { userId } })
        .thenThrows({ kind: 'not_found', code: 'user_deleted' });
    });
  });

  describe('UpdateProfile', () => {
    it('records only the changes it is given', () => {
      spec
        .given([registered()])
        .when({ type: 'UpdateProfile', data: { userId, changes: { country: sealed(5) } } })
        .then([
          {
            type: 'UserProfileUpdated',
            data: { userId, changes: { country: sealed(5) }, updatedAt: at },
          },
        ]);
    });

    it('does nothing without changes', () => {
      spec
        .given([registered()])
        .when({ type: 'UpdateProfile', data: { userId, changes: {} } })
        .thenNothingHappened();
    });
  });

  describe('Discord', () => {
    it('links a Discord account', () => {
      spec
        .given([registered()])
        .when({
          type: 'LinkDiscord',
          data: { userId, discordId: sealed(3), discordUsername: sealed(4) },
        })
        .then([discordLinked].map((e) => ({ ...e, data: { ...e.data, linkedAt: at } })));
    });

    it('refuses a second link', () => {
      spec
        .given([registered(), discordLinked])
        .when({
          type: 'LinkDiscord',
          data: { userId, discordId: sealed(6), discordUsername: sealed(7) },
        })
        .thenThrows({ kind: 'conflict', code: 'discord_already_linked' });
    });

    it('unlinks when a password remains to sign in with', () => {
      spec
        .given([registered(), discordLinked])
        .when({ type: 'UnlinkDiscord', data: { userId } })
        .then([{ type: 'UserDiscordUnlinked', data: { userId, unlinkedAt: at } }]);
    });

    it('refuses to unlink the only way to sign in', () => {
      spec
        .given([registered('discord'), discordLinked])
        .when({ type: 'UnlinkDiscord', data: { userId } })
        .thenThrows({ kind: 'conflict', code: 'last_sign_in_method' });
    });

    it('does nothing when nothing is linked', () => {
      spec
        .given([registered()])
        .when({ type: 'UnlinkDiscord', data: { userId } })
        .thenNothingHappened();
    });
  });

  describe('ChangeRole', () => {
    it('promotes a member', () => {
      const state = spec
        .given([registered()])
        .when({ type: 'ChangeRole', data: { userId, role: 'admin' } })
        .then([
          { type: 'UserRoleChanged', data: { userId, from: 'member', to: 'admin', changedAt: at } },
        ]);
      expect(state).toMatchObject({ role: 'admin' });
    });

    it('does nothing when the role is already set', () => {
      spec
        .given([registered()])
        .when({ type: 'ChangeRole', data: { userId, role: 'member' } })
        .thenNothingHappened();
    });
  });

  describe('DeleteUser', () => {
    it('deletes an active user', () => {
      const state = spec
        .given([registered()])
        .when({ type: 'DeleteUser', data: { userId } })
        .then([{ type: 'UserDeleted', data: { userId, deletedAt: at } }]);
      expect(state).toEqual({ status: 'deleted', userId });
    });

    it('is a no-op when repeated, so an interrupted deletion can finish', () => {
      spec
        .given([registered(), deleted])
        .when({ type: 'DeleteUser', data: { userId } })
        .thenNothingHappened();
    });

    it('answers not found for an unknown user', () => {
      spec
        .given([])
        .when({ type: 'DeleteUser', data: { userId } })
        .thenThrows({ kind: 'not_found' });
    });
  });
});
