import type { Knex } from 'knex';
import { deleteUserKey } from '../../events/user-pii.ts';
import { UserDeleted } from '../../events/user.ts';
import { defineProcessor } from '../../jobs/processor.ts';
import { deleteMailOf } from '../../mail/outbox.ts';
import { releaseClaims } from './claims.ts';
import { deleteCredentials } from './credentials.ts';

/**
 * What a deleted account leaves outside the log, destroyed: the data key (crypto-shredding:
 * every sealed value of the account's events becomes unreadable), the password hash, the
 * identity claims, reset tokens and the account's mail. Every statement deletes by user id,
 * so running it twice changes nothing.
 */
export async function eraseAccountData(db: Knex | Knex.Transaction, userId: string): Promise<void> {
  await deleteUserKey(db, userId);
  await deleteCredentials(db, userId);
  await releaseClaims(db, userId);
  await db('password_reset_tokens') // src/http/auth/reset-tokens.ts
    .where({ user_id: userId })
    .delete();
  await deleteMailOf(db, userId);
}

/**
 * The guarantee behind account deletion. The append of `UserDeleted` is the point of no
 * return; the web process erases right after it, and this processor erases again from the
 * log, in the transaction that advances its checkpoint: a process that dies between the append
 * and the erasure (or an erasure that fails) leaves a UserDeleted event the processor has not
 * passed yet, and the worker finishes the job, retrying until it commits.
 */
export const accountErasureProcessor = defineProcessor({
  name: 'account_erasure',
  eventTypes: [UserDeleted.type],
  async handle(event, { trx }) {
    await eraseAccountData(trx, (event.data as { userId: string }).userId);
  },
});
