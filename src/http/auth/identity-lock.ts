import type { Knex } from 'knex';

/**
 * Serialises claims of one identity (an email or a Discord account, by its HMAC) across every
 * web process: a transaction-scoped PostgreSQL advisory lock held while `claim` checks the
 * lookup table, appends and waits for the users projection to record the claim. Two
 * registrations with one email therefore run one after the other, and the second sees the
 * first's lookup row. (If the projection lags past the wait, the projection's
 * ON CONFLICT DO NOTHING keeps the first claim; see docs/accounts.md.)
 */
export async function withIdentityLock<T>(
  knex: Knex,
  identityHash: string,
  claim: () => Promise<T>,
): Promise<T> {
  return knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [
      `identity:${identityHash}`,
    ]);
    return claim();
  });
}
