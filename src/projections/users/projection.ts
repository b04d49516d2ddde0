import type { Knex } from 'knex';
import { piiKeyring, loadUserCipher, type UserCipher } from '../../events/user-pii.ts';
import { userEventTypes, type UserEvent } from '../../events/user.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { USER_DISCORD_TABLE, USER_EMAILS_TABLE, USERS_TABLE } from './tables.ts';

/**
 * The `users` read model: sessions, sign-in lookups, the settings page and the admin list.
 *
 * - Personal fields are opened with the user's data key (table user_keys, read-only here).
 *   A missing key (the account was deleted) opens to null, so replaying the log after a
 *   deletion writes no personal data; the UserDeleted that follows removes the row anyway.
 * - Lookup rows are keyed by HMAC, never by the email or Discord id itself. A second claim of
 *   the same hash is ignored (ON CONFLICT DO NOTHING): the write side serialises claims, so
 *   this only guards against a corrupt log.
 * - Every statement is an upsert, update or delete by key: applying a batch is deterministic.
 */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  eventTypes: userEventTypes,
  tables: [USERS_TABLE, USER_EMAILS_TABLE, USER_DISCORD_TABLE],

  async createTables(db) {
    await db.raw(`
      CREATE TABLE ${USERS_TABLE} (
        id uuid PRIMARY KEY,
        email text,
        display_name text,
        role text NOT NULL CHECK (role IN ('member', 'admin')),
        iracing_customer_id integer,
        country text,
        has_password boolean NOT NULL,
        discord_id text,
        discord_username text,
        session_epoch integer NOT NULL DEFAULT 0,
        registered_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )
    `);
    await db.raw(
      `CREATE INDEX ${USERS_TABLE}_registered_idx ON ${USERS_TABLE} (registered_at DESC, id DESC)`,
    );
    await db.raw(`
      CREATE TABLE ${USER_EMAILS_TABLE} (
        email_hash text PRIMARY KEY,
        user_id uuid NOT NULL UNIQUE
      )
    `);
    await db.raw(`
      CREATE TABLE ${USER_DISCORD_TABLE} (
        discord_hash text PRIMARY KEY,
        user_id uuid NOT NULL UNIQUE
      )
    `);
  },

  async apply(trx, events) {
    const ciphers = new Map<string, UserCipher | null>();
    const cipherOf = async (userId: string) => {
      if (!ciphers.has(userId))
        ciphers.set(userId, await loadUserCipher(trx, piiKeyring(), userId));
      return ciphers.get(userId) ?? null;
    };
    for (const event of events) await applyOne(trx, event as RecordedEvent & UserEvent, cipherOf);
  },
};

type CipherOf = (userId: string) => Promise<UserCipher | null>;

async function applyOne(
  trx: Knex.Transaction,
  event: UserEvent,
  cipherOf: CipherOf,
): Promise<void> {
  const keyring = piiKeyring();
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      const cipher = await cipherOf(d.userId);
      const email = d.email && cipher ? cipher.open('email', d.email) : null;
      await trx(USERS_TABLE)
        .insert({
          id: d.userId,
          email,
          display_name: cipher ? cipher.open('displayName', d.displayName) : null,
          role: d.role,
          has_password: d.method === 'password',
          registered_at: d.registeredAt,
          updated_at: d.registeredAt,
        })
        .onConflict('id')
        .merge();
      if (email) {
        await trx(USER_EMAILS_TABLE)
          .insert({ email_hash: keyring.lookupHash('email', email), user_id: d.userId })
          .onConflict()
          .ignore();
      }
      return;
    }
    case 'UserPasswordChanged':
    case 'UserPasswordReset': {
      const at = event.type === 'UserPasswordChanged' ? event.data.changedAt : event.data.resetAt;
      await trx(USERS_TABLE)
        .where({ id: event.data.userId })
        .update({
          has_password: true,
          session_epoch: trx.raw('session_epoch + 1'),
          updated_at: at,
        });
      return;
    }
    case 'UserProfileUpdated': {
      const { userId, changes, updatedAt } = event.data;
      const cipher = await cipherOf(userId);
      const open = (field: 'displayName' | 'iracingCustomerId' | 'country', v: string | null) =>
        v === null || !cipher ? null : cipher.open(field, v);
      const customerId =
        changes.iracingCustomerId === undefined
          ? undefined
          : open('iracingCustomerId', changes.iracingCustomerId);
      await trx(USERS_TABLE)
        .where({ id: userId })
        .update({
          ...(changes.displayName !== undefined
            ? { display_name: open('displayName', changes.displayName) }
            : {}),
          ...(customerId !== undefined
            ? { iracing_customer_id: customerId === null ? null : Number(customerId) }
            : {}),
          ...(changes.country !== undefined ? { country: open('country', changes.country) } : {}),
          updated_at: updatedAt,
        });
      return;
    }
    case 'UserDiscordLinked': {
      const d = event.data;
      const cipher = await cipherOf(d.userId);
      const discordId = cipher ? cipher.open('discordId', d.discordId) : null;
      await trx(USERS_TABLE)
        .where({ id: d.userId })
        .update({
          discord_id: discordId,
          discord_username: cipher ? cipher.open('discordUsername', d.discordUsername) : null,
          updated_at: d.linkedAt,
        });
      if (discordId) {
        await trx(USER_DISCORD_TABLE)
          .insert({ discord_hash: keyring.lookupHash('discord', discordId), user_id: d.userId })
          .onConflict()
          .ignore();
      }
      return;
    }
    case 'UserDiscordUnlinked':
      await trx(USER_DISCORD_TABLE).where({ user_id: event.data.userId }).delete();
      await trx(USERS_TABLE)
        .where({ id: event.data.userId })
        .update({ discord_id: null, discord_username: null, updated_at: event.data.unlinkedAt });
      return;
    case 'UserRoleChanged':
      await trx(USERS_TABLE)
        .where({ id: event.data.userId })
        .update({ role: event.data.to, updated_at: event.data.changedAt });
      return;
    case 'UserDeleted':
      await trx(USER_EMAILS_TABLE).where({ user_id: event.data.userId }).delete();
      await trx(USER_DISCORD_TABLE).where({ user_id: event.data.userId }).delete();
      await trx(USERS_TABLE).where({ id: event.data.userId }).delete();
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
