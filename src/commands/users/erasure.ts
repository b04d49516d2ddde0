import type { Knex } from 'knex';
import { comparePositions, type EventStore, type Position } from '../../eventstore/port.ts';
import { deleteUserKey } from '../../events/user-pii.ts';
import { UserDeleted } from '../../events/user.ts';
import { defineProcessor } from '../../jobs/processor.ts';
import type { Logger } from '../../logger.ts';
import { deleteMailOf } from '../../mail/outbox.ts';
import { readCheckpoint } from '../../projections/core/checkpoints.ts';
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

/** The one-row record that the deletions before the processor's start were erased (migration 0067). */
export const ERASURE_CATCH_UP_TABLE = 'account_erasure_catch_up';

export interface ErasureCatchUpDeps {
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
}

export type ErasureCatchUp =
  | { kind: 'done-before' }
  | { kind: 'processor-not-built' }
  | { kind: 'erased'; through: Position; deletions: number };

/**
 * The processor starts at the log's head when it is first built (it never replays history), so
 * a `UserDeleted` appended before it existed whose erasure never ran (the process died between
 * the append and the erasure) would keep its data key, password hash and claims forever. This
 * catch-up reads every `UserDeleted` up to the processor's checkpoint and erases each account
 * (`eraseAccountData` deletes by user id: an account already erased changes nothing), then
 * records that it is done, so later starts skip the search. What comes after the checkpoint is
 * the processor's. The worker runs it at start (src/app/workers.ts); until the processor's
 * first build it does nothing and the next start tries again.
 */
export async function finishErasuresBeforeProcessor(
  deps: ErasureCatchUpDeps,
): Promise<ErasureCatchUp> {
  const { knex, eventStore } = deps;
  if (await knex(ERASURE_CATCH_UP_TABLE).first()) return { kind: 'done-before' };
  const checkpoint = await readCheckpoint(knex, accountErasureProcessor.name);
  if (!checkpoint || checkpoint.version === 0) return { kind: 'processor-not-built' };
  const through = checkpoint.position;
  let from: Position | undefined;
  let deletions = 0;
  for (let passed = false; !passed;) {
    const page = await eventStore.readAll({
      ...(from ? { from } : {}),
      eventTypes: [UserDeleted.type],
      fields: 'payload',
      maxCount: 500,
    });
    for (const event of page.events) {
      if (comparePositions(event.position, through) > 0) {
        passed = true;
        break;
      }
      const { userId } = event.data as { userId: string };
      await knex.transaction((trx) => eraseAccountData(trx, userId));
      deletions++;
    }
    if (page.isEnd || comparePositions(page.next, through) >= 0) passed = true;
    from = page.next;
  }
  await knex(ERASURE_CATCH_UP_TABLE)
    .insert({ id: 1, through, deletions, completed_at: new Date() })
    .onConflict('id')
    .ignore();
  if (deletions > 0)
    deps.logger.info(
      { deletions, through },
      'account erasure: deletions from before the processor erased',
    );
  return { kind: 'erased', through, deletions };
}
