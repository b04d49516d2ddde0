import type { Knex } from 'knex';
import { connectionOf } from './pg-connection.ts';

/**
 * Advisory lock keys, two-int form (class, hashtext(name)) so they never collide with other
 * users of advisory locks (BullMQ's migrator uses the one-bigint form).
 *  - RUNNER: held (transaction-scoped) by every batch that writes a projection's live tables and
 *    checkpoint, and by the rebuild's swap: one writer per projection across all processes.
 *  - REBUILD: held (session-scoped, on a dedicated connection) for a whole rebuild: one rebuild
 *    per projection at a time, released automatically if the process dies.
 */
export const RUNNER_LOCK_CLASS = 0x50574c31; // 'PWL1'
export const REBUILD_LOCK_CLASS = 0x50574c32; // 'PWL2'

/**
 * Non-blocking; released when `trx` ends. A named prepared statement on the transaction's
 * connection: taken by every batch of the runner (pg-connection.ts).
 */
export async function tryRunnerLock(trx: Knex.Transaction, projection: string): Promise<boolean> {
  const connection = await connectionOf(trx);
  const { rows } = await connection.query<{ locked: boolean }>({
    name: 'pw_try_runner_lock',
    text: 'SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked',
    values: [RUNNER_LOCK_CLASS, projection],
  });
  return rows[0]?.locked === true;
}

/** Blocking (bounded by the transaction's lock_timeout); released when `trx` ends. */
export async function runnerLock(trx: Knex.Transaction, projection: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [RUNNER_LOCK_CLASS, projection]);
}
