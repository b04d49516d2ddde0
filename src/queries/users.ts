import type { Knex } from 'knex';
import { pageMeta } from './articles.ts';
import {
  USER_DISCORD_TABLE,
  USER_EMAILS_TABLE,
  USERS_TABLE,
  type UserRow,
} from '../projections/users/tables.ts';

/**
 * Reads of the `users` read model. Lookups take the keyed hash of the email / Discord id
 * (computed by the caller with the PII keyring), never the value itself.
 */

/** What the session, authorization and the shared `auth.user` prop need. */
export interface SessionUser {
  id: string;
  displayName: string;
  role: 'member' | 'admin';
  sessionEpoch: number;
}

/** The settings page's view of the signed-in user. */
export interface AccountSettings {
  id: string;
  email: string | null;
  displayName: string;
  iracingCustomerId: number | null;
  country: string | null;
  hasPassword: boolean;
  discord: { username: string } | null;
}

/** A row of the admin list (GET /api/users). */
export interface AdminUserSummary {
  id: string;
  displayName: string;
  email: string | null;
  role: 'member' | 'admin';
  hasPassword: boolean;
  discordLinked: boolean;
  registeredAt: string;
}

export interface Paged<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number; lastPage: number };
}

export async function findSessionUser(knex: Knex, userId: string): Promise<SessionUser | null> {
  const row = await knex<UserRow>(USERS_TABLE)
    .where({ id: userId })
    .first('id', 'display_name', 'role', 'session_epoch');
  if (!row) return null;
  return {
    id: row.id,
    displayName: row.display_name ?? 'Member',
    role: row.role,
    sessionEpoch: row.session_epoch,
  };
}

export async function findAccountSettings(
  knex: Knex,
  userId: string,
): Promise<AccountSettings | null> {
  const row = await knex<UserRow>(USERS_TABLE).where({ id: userId }).first();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name ?? '',
    iracingCustomerId: row.iracing_customer_id,
    country: row.country,
    hasPassword: row.has_password,
    discord: row.discord_id ? { username: row.discord_username ?? '' } : null,
  };
}

export async function findUserIdByEmailHash(knex: Knex, emailHash: string): Promise<string | null> {
  const row = await knex(USER_EMAILS_TABLE)
    .where({ email_hash: emailHash })
    .first<{ user_id: string } | undefined>('user_id');
  return row?.user_id ?? null;
}

export async function findUserIdByDiscordHash(
  knex: Knex,
  discordHash: string,
): Promise<string | null> {
  const row = await knex(USER_DISCORD_TABLE)
    .where({ discord_hash: discordHash })
    .first<{ user_id: string } | undefined>('user_id');
  return row?.user_id ?? null;
}

/** Newest first, stable under equal times. A page past the end has empty `data`. */
export async function listUsers(
  knex: Knex,
  opts: { page: number; perPage: number },
): Promise<Paged<AdminUserSummary>> {
  const [{ total } = { total: 0 }] = await knex(USERS_TABLE).count<{ total: number }[]>({
    total: '*',
  });
  const rows = await knex<UserRow>(USERS_TABLE)
    .orderBy([
      { column: 'registered_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  return {
    data: rows.map((row) => ({
      id: row.id,
      displayName: row.display_name ?? '',
      email: row.email,
      role: row.role,
      hasPassword: row.has_password,
      discordLinked: row.discord_id !== null,
      registeredAt: row.registered_at.toISOString(),
    })),
    meta: pageMeta(opts.page, opts.perPage, Number(total)),
  };
}
