import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Password-reset tokens (ASVS 2.5, 2.3): 32 random bytes (256 bits), sent only in the mail;
 * the table keeps their SHA-256, so a database reader cannot use a pending link. A token is
 * valid for RESET_TOKEN_TTL_MINUTES and works once: consuming is one conditional UPDATE, so
 * two concurrent uses cannot both succeed. Asking for a new token voids the older ones.
 */
export const RESET_TOKENS_TABLE = 'password_reset_tokens'; // migrations/0062_accounts_password_resets.ts
export const RESET_TOKEN_TTL_MINUTES = 60;
const TOKEN_BYTES = 32;

export const hashResetToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** A well-formed token: 32 bytes as base64url (43 characters). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function issueResetToken(knex: Knex, userId: string, now: Date): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await knex.transaction(async (trx) => {
    await trx(RESET_TOKENS_TABLE).where({ user_id: userId }).whereNull('used_at').delete();
    await trx(RESET_TOKENS_TABLE).insert({
      token_hash: hashResetToken(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
      created_at: now,
    });
  });
  return token;
}

/** Whether the token could still be used (for the reset page; does not consume it). */
export async function isResetTokenUsable(knex: Knex, token: string, now: Date): Promise<boolean> {
  if (!RESET_TOKEN_PATTERN.test(token)) return false;
  const row = await knex(RESET_TOKENS_TABLE)
    .where({ token_hash: hashResetToken(token) })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .first<{ user_id: string } | undefined>('user_id');
  return row !== undefined;
}

/** Uses the token up; the user it belongs to, or null if it is unknown, used or expired. */
export async function consumeResetToken(
  knex: Knex,
  token: string,
  now: Date,
): Promise<string | null> {
  if (!RESET_TOKEN_PATTERN.test(token)) return null;
  const rows = await knex(RESET_TOKENS_TABLE)
    .where({ token_hash: hashResetToken(token) })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning<{ user_id: string }[]>('user_id');
  const userId = rows[0]?.user_id ?? null;
  if (userId)
    await knex(RESET_TOKENS_TABLE).where({ user_id: userId }).whereNull('used_at').delete();
  return userId;
}

export async function deleteResetTokensOf(knex: Knex, userId: string): Promise<void> {
  await knex(RESET_TOKENS_TABLE).where({ user_id: userId }).delete();
}
