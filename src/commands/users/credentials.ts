import type { Knex } from 'knex';

/**
 * Password hashes, kept OUTSIDE the event log (docs/accounts.md, "Where password hashes
 * live"): an append-only, replicated, replayed log would keep every hash a user ever had,
 * forever; here there is one current row per user, rewritten on change, rehash and reset, and
 * deleted with the account. The user's events record only that the password changed.
 *
 * user_credentials (migrations/0061_accounts_credentials.ts): user_id uuid PK ·
 * password_hash text (PHC string, e.g. `$argon2id$v=19$m=…`) · updated_at timestamptz
 */
export const CREDENTIALS_TABLE = 'user_credentials';

type Db = Knex | Knex.Transaction;

export async function getPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db(CREDENTIALS_TABLE)
    .where({ user_id: userId })
    .first<{ password_hash: string } | undefined>('password_hash');
  return row?.password_hash ?? null;
}

export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db(CREDENTIALS_TABLE)
    .insert({ user_id: userId, password_hash: passwordHash, updated_at: now })
    .onConflict('user_id')
    .merge(['password_hash', 'updated_at']);
}

/**
 * Replaces the hash only if it is still `expected` (a rehash on login must not overwrite a
 * password changed meanwhile by another request).
 */
export async function replacePasswordHash(
  db: Db,
  userId: string,
  expected: string,
  next: string,
  now: Date,
): Promise<boolean> {
  const updated = await db(CREDENTIALS_TABLE)
    .where({ user_id: userId, password_hash: expected })
    .update({ password_hash: next, updated_at: now });
  return updated === 1;
}

export async function deleteCredentials(db: Db, userId: string): Promise<void> {
  await db(CREDENTIALS_TABLE).where({ user_id: userId }).delete();
}
