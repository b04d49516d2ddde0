import type { Knex } from 'knex';

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
 * A statement whose generic plan loses still works; it is planned per execution as before.
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
const names = new Map<string, string>();
let generation = 0;

function nameOf(sql: string): string | undefined {
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `pitwall_read_${generation}_${names.size}`;
    names.set(sql, name);
  }
  return name;
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

/**
 * The rows of `sql` (knex `?` / `??` bindings) run as a named prepared statement; see the module
 * comment for what keeps its plan generic.
 */
export async function preparedRows<R>(
  db: Knex,
  sql: string,
  bindings: readonly Knex.RawBinding[],
): Promise<R[]> {
  const name = nameOf(sql);
  if (name === undefined) return (await db.raw<{ rows: R[] }>(sql, bindings)).rows;
  try {
    return (await db.raw<{ rows: R[] }>(sql, bindings).options({ name })).rows;
  } catch (err) {
    if (!isStalePlan(err)) throw err;
    generation += 1;
    names.clear();
    return (await db.raw<{ rows: R[] }>(sql, bindings)).rows;
  }
}
