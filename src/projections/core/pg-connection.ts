import type { Knex } from 'knex';
import type pg from 'pg';

/**
 * The pg connection a knex transaction runs on, so that the runner's per-batch statements (the
 * runner lock, the checkpoint's compare-and-set) can run as NAMED prepared statements: parsed
 * and planned once per connection. Through `trx.raw` each call is an unnamed statement that
 * PostgreSQL parses and plans anew, after knex has rewritten its bindings; measured per batch of
 * the runner, the two statements cost 0.5 ms of node and 0.37 ms of server CPU that way and
 * 0.15 + 0.12 ms named (docs/benchmarks.md, "Core").
 *
 * A statement sent this way is part of the transaction like any other (same connection, inside
 * its BEGIN … COMMIT); it only skips knex's query events. Only for transactions: a knex
 * instance's `acquireConnection` would take a pool connection and never give it back.
 */
export async function connectionOf(trx: Knex.Transaction): Promise<pg.ClientBase> {
  if (trx.isTransaction !== true) throw new TypeError('connectionOf needs a knex transaction');
  // A transaction's client hands out the transaction's own connection (knex's makeTxClient).
  const client = trx.client as Knex.Client;
  const connection = (await client.acquireConnection()) as pg.ClientBase | undefined;
  if (typeof connection?.query !== 'function') {
    throw new TypeError('connectionOf: the transaction has no pg connection');
  }
  return connection;
}
