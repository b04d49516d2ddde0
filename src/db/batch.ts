import type { Knex } from 'knex';
import pg from 'pg';
// pg's own conversion of a JS value to the text it sends as a parameter (arrays as `{…}`
// literals, dates as ISO instants, null as null).
import pgUtils from 'pg/lib/utils.js';
import { preparedRows } from './prepared.ts';

/**
 * Read statements sent to PostgreSQL in ONE round trip: a page that needs several independent
 * reads pays one socket write, one wake-up of one backend and one answer instead of one of each
 * per statement (on the loopback a statement's system calls cost as much CPU as a small read).
 *
 * The statements travel as one multi-statement text over the simple query protocol, so their
 * values are written into the text as literals: `?` bindings are replaced by the value as pg
 * would send it as a parameter (`prepareValue`), quoted by `escapeLiteral`. A literal takes its
 * type from its context the way a parameter does, so `?::int4[]` reads the same either way.
 * Statements may not contain a `?` other than their bindings (no `??` identifiers, no jsonb `?`
 * operators): the count of `?` must equal the count of bindings, else it throws.
 */

/** A read statement and how its rows become the caller's value; `sql` null: no read. */
export interface Statement<T> {
  sql: string | null;
  bindings: readonly Knex.RawBinding[];
  shape: (rows: never[]) => T;
}

/** A statement whose rows have type R, shaped into T. */
export function statement<R, T>(
  sql: string,
  bindings: readonly Knex.RawBinding[],
  shape: (rows: R[]) => T,
): Statement<T> {
  return { sql, bindings, shape };
}

/** A value already known, in the place of a statement (nothing is sent for it). */
export function known<T>(value: T): Statement<T> {
  return { sql: null, bindings: [], shape: () => value };
}

/** The statement's text with its bindings written in as literals. */
export function inlineBindings(sql: string, bindings: readonly Knex.RawBinding[]): string {
  let i = 0;
  const text = sql.replace(/\?/g, () => {
    if (i >= bindings.length) throw new Error('batch: more ? than bindings in a statement');
    const value = pgUtils.prepareValue(bindings[i++]);
    if (value === null) return 'NULL';
    if (typeof value !== 'string') throw new Error('batch: a binding that is not text');
    return pg.escapeLiteral(value);
  });
  if (i !== bindings.length) throw new Error('batch: fewer ? than bindings in a statement');
  return text;
}

type Values<S extends readonly Statement<unknown>[]> = {
  -readonly [K in keyof S]: S[K] extends Statement<infer T> ? T : never;
};

interface RawResult {
  rows: never[];
}

/** The pooled pg client knex hands out (only what this module calls). */
interface PooledClient {
  query(text: string): Promise<RawResult | RawResult[]>;
}

/** knex's pool (typed `any` by knex). */
interface Pool {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * Runs `statements` in one round trip on one pooled connection and returns their shaped values
 * in the same order (`known` ones are not sent); no round trip when none is left to send.
 */
export async function batch<const S extends readonly Statement<unknown>[]>(
  db: Knex,
  statements: S,
): Promise<Values<S>> {
  const texts = statements.flatMap((s) =>
    s.sql === null ? [] : [inlineBindings(s.sql, s.bindings)],
  );
  let results: RawResult[] = [];
  if (texts.length > 0) {
    const pool = db.client as Pool;
    const client = (await pool.acquireConnection()) as PooledClient;
    try {
      const answer = await client.query(texts.join(';\n'));
      results = Array.isArray(answer) ? answer : [answer];
    } finally {
      await pool.releaseConnection(client);
    }
  }
  if (results.length !== texts.length) {
    throw new Error(`batch: ${texts.length} statements gave ${results.length} results`);
  }
  let next = 0;
  return statements.map((s) => s.shape(s.sql === null ? [] : results[next++]!.rows)) as Values<S>;
}

/**
 * One statement on its own: a named prepared statement with parameters (src/db/prepared.ts:
 * parsed once per connection, its plan cached when a generic plan is as good).
 */
export async function run<T>(db: Knex, s: Statement<T>): Promise<T> {
  if (s.sql === null) return s.shape([]);
  return s.shape(await preparedRows<never>(db, s.sql, s.bindings));
}
