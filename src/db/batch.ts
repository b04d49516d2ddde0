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
 * The statements travel as one multi-statement text over the simple query protocol, each as an
 * SQL-level prepared statement: the first time a pooled connection meets a statement text the
 * batch carries `PREPARE name AS <text with $1…>` before its `EXECUTE name(…)`; later batches on
 * that connection only `EXECUTE`, so PostgreSQL neither parses nor (once its plan cache keeps a
 * generic plan, src/db/prepared.ts says when) plans it again. Planning is most of what a small
 * read costs the database. The values are written into `EXECUTE` as literals: the value as pg
 * would send it as a parameter (`prepareValue`), quoted by `escapeLiteral`; a literal takes its
 * parameter's type. Statements may not contain a `?` other than their bindings (no `??`
 * identifiers, no jsonb `?` operators): the count of `?` must equal the count of bindings.
 *
 * The statements of a batch run in one implicit transaction; by default each takes its own
 * snapshot (READ COMMITTED), as separate round trips would. With `{ oneSnapshot: true }` the
 * batch starts with `SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`, so every
 * statement reads the same committed state: statements that each derive a value from the same
 * rows (a page's default category, say) then derive the same one. The setting ends with the
 * batch's transaction; a failing batch's transaction is rolled back as a whole either way.
 *
 * Names are per connection (`pitwall_batch_<connection>_<n>`). A batch that fails forgets the
 * names it was preparing (a PREPARE that ran stays on the server unused: prepared statements are
 * not transactional); one refused because a table swap changed a statement's result columns
 * ("cached plan must not change result type") is sent again with every statement prepared anew.
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

/** The value of a binding as an SQL literal. */
function literal(binding: Knex.RawBinding): string {
  const value = pgUtils.prepareValue(binding);
  if (value === null) return 'NULL';
  if (typeof value !== 'string') throw new Error('batch: a binding that is not text');
  return pg.escapeLiteral(value);
}

/** The statement's text with its bindings written in as literals. */
export function inlineBindings(sql: string, bindings: readonly Knex.RawBinding[]): string {
  let i = 0;
  const text = sql.replace(/\?/g, () => {
    if (i >= bindings.length) throw new Error('batch: more ? than bindings in a statement');
    return literal(bindings[i++]!);
  });
  if (i !== bindings.length) throw new Error('batch: fewer ? than bindings in a statement');
  return text;
}

/** The statement's text with `$1…` in place of its `?` bindings (for PREPARE). */
export function numberedParameters(sql: string, count: number): string {
  let i = 0;
  const text = sql.replace(/\?/g, () => `$${++i}`);
  if (i !== count) throw new Error(`batch: ${i} ? for ${count} bindings in a statement`);
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

/** Statement texts a connection prepares at most; any beyond run as plain statements. */
const MAX_PREPARED = 200;

/** What one pooled connection has prepared: statement text → name. */
interface Prepared {
  serial: number;
  names: Map<string, string>;
  next: number;
}
const preparedOn = new WeakMap<object, Prepared>();
let connections = 0;

function preparedOf(client: object): Prepared {
  let state = preparedOn.get(client);
  if (!state) {
    state = { serial: ++connections, names: new Map(), next: 0 };
    preparedOn.set(client, state);
  }
  return state;
}

/** PostgreSQL's refusal of a prepared statement whose tables changed their columns. */
function isStalePlan(err: unknown): boolean {
  return /cached plan must not change result type/.test(
    String((err as { message?: unknown } | null)?.message),
  );
}

/** The batch's text on this connection, and where each statement's rows are in the answer. */
function batchText(
  state: Prepared,
  sent: readonly Statement<unknown>[],
  options: BatchOptions,
): { text: string; at: number[]; preparing: Map<string, string> } {
  // First: a transaction's isolation is set before its first snapshot (a PREPARE takes one).
  const parts: string[] = options.oneSnapshot ? [ONE_SNAPSHOT] : [];
  const at: number[] = [];
  const preparing = new Map<string, string>();
  for (const s of sent) {
    const sql = s.sql!;
    let name = state.names.get(sql) ?? preparing.get(sql);
    if (name === undefined && state.names.size + preparing.size >= MAX_PREPARED) {
      at.push(parts.length);
      parts.push(inlineBindings(sql, s.bindings));
      continue;
    }
    if (name === undefined) {
      name = `pitwall_batch_${state.serial}_${state.next++}`;
      preparing.set(sql, name);
      parts.push(`PREPARE ${name} AS ${numberedParameters(sql, s.bindings.length)}`);
    }
    at.push(parts.length);
    parts.push(
      s.bindings.length === 0
        ? `EXECUTE ${name}`
        : `EXECUTE ${name}(${s.bindings.map(literal).join(', ')})`,
    );
  }
  return { text: parts.join(';\n'), at, preparing };
}

/** How a batch runs (see the module comment). */
export interface BatchOptions {
  /** Every statement reads the same snapshot (REPEATABLE READ, READ ONLY). */
  oneSnapshot?: boolean;
}

const ONE_SNAPSHOT = 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY';

/**
 * Runs `statements` in one round trip on one pooled connection and returns their shaped values
 * in the same order (`known` ones are not sent); no round trip when none is left to send.
 */
export async function batch<const S extends readonly Statement<unknown>[]>(
  db: Knex,
  statements: S,
  options: BatchOptions = {},
): Promise<Values<S>> {
  const sent = statements.filter((s) => s.sql !== null);
  let rows: never[][] = [];
  if (sent.length > 0) {
    const pool = db.client as Pool;
    const client = (await pool.acquireConnection()) as PooledClient & object;
    try {
      rows = await sendBatch(client, sent, options);
    } finally {
      await pool.releaseConnection(client);
    }
  }
  let next = 0;
  return statements.map((s) => s.shape(s.sql === null ? [] : rows[next++]!)) as Values<S>;
}

async function sendBatch(
  client: PooledClient & object,
  sent: readonly Statement<unknown>[],
  options: BatchOptions,
  retried = false,
): Promise<never[][]> {
  const state = preparedOf(client);
  const { text, at, preparing } = batchText(state, sent, options);
  let answer: RawResult | RawResult[];
  try {
    answer = await client.query(text);
  } catch (err) {
    if (!isStalePlan(err) || retried) throw err;
    state.names.clear();
    return sendBatch(client, sent, options, true);
  }
  const results = Array.isArray(answer) ? answer : [answer];
  for (const [sql, name] of preparing) state.names.set(sql, name);
  return at.map((i) => {
    const result = results[i];
    if (!result) throw new Error(`batch: ${sent.length} statements gave ${results.length} results`);
    return result.rows;
  });
}

/**
 * One statement on its own: a named prepared statement with parameters (src/db/prepared.ts:
 * parsed once per connection, its plan cached when a generic plan is as good).
 */
export async function run<T>(db: Knex, s: Statement<T>): Promise<T> {
  if (s.sql === null) return s.shape([]);
  return s.shape(await preparedRows<never>(db, s.sql, s.bindings));
}
