import type { Knex } from 'knex';
import type { QueryConfig, QueryResult } from 'pg';

/**
 * Read statements sent as NAMED prepared statements, one name per statement text: each pooled
 * connection parses a statement once, and after five custom plans PostgreSQL's plan cache keeps
 * one generic plan when that costs no more than the custom ones, so a request then pays neither
 * parse nor plan (planning a three-table join costs as much CPU as running it for one page).
 *
 * The planner only prefers the generic plan when everything that shapes the plan is in the text:
 *  - LIMIT as a literal: a LIMIT parameter is estimated at 10% of the rows, which makes the
 *    generic plan of a page look many times dearer than its custom plans, so it is never used;
 *  - no LIKE on a parameter that an index range should serve: a LIKE pattern becomes an index
 *    range only as a constant; write the range itself (`~>=~` and `~<~` bounds);
 *  - a short list of values as one binding each (`IN (?, ?)`, `VALUES (?), (?)`: listBindings),
 *    not as one array (`= ANY(?)`, `unnest(?)`): the generic plan of an array parameter is
 *    costed for an array of unknown length, above the custom plans, so every execution is
 *    planned; a list of N bindings is one statement text per N, its generic plan kept;
 *  - a constant list (the racing categories) written into the text, not bound.
 * A statement whose generic plan loses still works; PostgreSQL then plans it per execution.
 *
 * A projection rebuild swaps a read model's tables: PostgreSQL invalidates the cached plans that
 * read them and resolves the names again at the next execution. When the swap changed the
 * columns a statement answers, PostgreSQL refuses the old statement ("cached plan must not
 * change result type"); every name is then dropped and the statement runs once unnamed, the next
 * call preparing it afresh under a new name.
 *
 * At most MAX_NAMED texts get names (the server keeps each per connection); any text beyond
 * runs unnamed, as an ordinary statement.
 */
const MAX_NAMED = 1000;

/** A statement as pg takes it: its name (undefined: unnamed) and its text with `$1…`. */
interface Named {
  name: string | undefined;
  text: string;
}
const named = new Map<string, Named>();
let generation = 0;

function namedOf(sql: string): Named {
  let statement = named.get(sql);
  if (statement === undefined) {
    statement = {
      name: named.size < MAX_NAMED ? `pitwall_read_${generation}_${named.size}` : undefined,
      text: positional(sql),
    };
    if (statement.name !== undefined) named.set(sql, statement);
  }
  return statement;
}

/**
 * knex's `?` bindings as pg's `$1…`, as knex's raw() writes them: a `?` after a backslash is a
 * literal `?`; `??` (knex's identifier binding) has no parameter form and is refused.
 */
function positional(sql: string): string {
  let n = 0;
  return sql.replace(/\\?\?\??/g, (match) => {
    if (match === '\\?') return '?';
    if (match === '??') throw new Error(`preparedRows: an identifier binding (??) in ${sql}`);
    return `$${++n}`;
  });
}

/** PostgreSQL's refusal of a prepared statement whose tables changed their columns. */
function isStalePlan(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(String((err as { message?: unknown }).message))
  );
}

/** `?, ?, …`: `count` bindings for a list (`each` is one value's text, e.g. `(?::int4)`). */
export function listBindings(count: number, each = '?'): string {
  return Array.from({ length: count }, () => each).join(', ');
}

/** knex's pool (typed `any` by knex) and the pg client it hands out (only what is called here). */
interface Pool {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}
interface PooledClient {
  query<R>(config: QueryConfig): Promise<QueryResult<R & Record<string, unknown>>>;
}

/**
 * The rows of `sql` (knex `?` bindings) run as a named prepared statement; see the module
 * comment for what keeps its plan generic. The statement goes to the pooled pg client directly
 * (knex's pool, or the transaction's connection when `db` is one), not through knex's query
 * builder: these run on every API request, and knex's compile, events and bookkeeping cost more
 * Node time per statement than pg's own send and parse of a small answer.
 */
export async function preparedRows<R>(
  db: Knex,
  sql: string,
  bindings: readonly Knex.RawBinding[],
): Promise<R[]> {
  const { name, text } = namedOf(sql);
  if (bindings.includes(undefined as unknown as Knex.RawBinding)) {
    throw new Error(`preparedRows: an undefined binding in ${sql}`);
  }
  const values = bindings as unknown[];
  const pool = db.client as Pool;
  const client = (await pool.acquireConnection()) as PooledClient;
  try {
    try {
      return (await client.query<R>({ ...(name ? { name } : {}), text, values })).rows;
    } catch (err) {
      if (name === undefined || !isStalePlan(err)) throw err;
      generation += 1;
      named.clear();
      return (await client.query<R>({ text, values })).rows;
    }
  } finally {
    await pool.releaseConnection(client);
  }
}
