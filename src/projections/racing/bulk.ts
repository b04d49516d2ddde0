import type { Knex } from 'knex';

/**
 * Set-based writes for projections: a batch's rows travel as ONE JSON parameter that Postgres
 * expands with `json_to_recordset`, so a batch of 20,000 result rows is one statement, not
 * 20,000. Callers write the SQL around the source fragment (INSERT … SELECT, ON CONFLICT …).
 * Small key lists elsewhere use `unnest(?::int4[], …)` with `bind`/`transpose`.
 */

export type PgType =
  'int2' | 'int4' | 'int8' | 'float8' | 'text' | 'bool' | 'date' | 'timestamptz' | 'jsonb';

export interface Column<Row> {
  readonly name: string;
  readonly type: PgType;
  readonly get: (row: Row) => unknown;
}

/** A column definition; `get` must return a value of `type` or null. */
export function col<Row>(name: string, type: PgType, get: (row: Row) => unknown): Column<Row> {
  return { name, type, get };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * `json_to_recordset(?::json) AS alias(col1 type1, …)` and its one binding: the rows as one JSON
 * array of objects. V8 serialises JSON natively and Postgres parses it in C, which measured about
 * twice as fast as one array parameter per column (pg's array literals are built in JS).
 * jsonb columns take their value as a nested JSON value.
 */
export function rowsSource<Row>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  alias = 'src',
): { sql: string; bindings: Knex.RawBinding[] } {
  for (const c of columns) {
    if (!IDENTIFIER.test(c.name)) throw new TypeError(`Not a plain column name: ${c.name}`);
  }
  const objects = rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const c of columns) {
      const v = c.get(r);
      o[c.name] = v === undefined ? null : v;
    }
    return o;
  });
  const sql = `json_to_recordset(?::json) AS ${alias}(${columns.map((c) => `${c.name} ${c.type}`).join(', ')})`;
  return { sql, bindings: [JSON.stringify(objects)] };
}

/**
 * Bindings for knex.raw: arrays (column values) go to the pg driver as Postgres arrays. knex's
 * binding type does not admit nullable or readonly arrays, which pg handles fine.
 */
export function bind(values: readonly unknown[]): Knex.RawBinding[] {
  return values as Knex.RawBinding[];
}

/** Splits tuples into one array per position: [[1,'a'],[2,'b']] → [[1,2],['a','b']]. */
export function transpose(tuples: readonly (readonly unknown[])[], width: number): unknown[][] {
  return Array.from({ length: width }, (_, i) => tuples.map((t) => t[i]));
}

export function columnList<Row>(columns: readonly Column<Row>[]): string {
  return columns.map((c) => c.name).join(', ');
}

/** `a = excluded.a, b = excluded.b` for every column not in `keys`. */
export function setExcluded<Row>(columns: readonly Column<Row>[], keys: readonly string[]): string {
  return columns
    .filter((c) => !keys.includes(c.name))
    .map((c) => `${c.name} = excluded.${c.name}`)
    .join(', ');
}

/**
 * INSERT INTO table (cols) SELECT cols FROM unnest(…) [suffix]. `suffix` carries ON CONFLICT.
 * Does nothing for an empty batch. Table and column names are constants of the caller.
 */
export async function insertRows<Row>(
  trx: Knex.Transaction | Knex,
  table: string,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  suffix = '',
): Promise<void> {
  if (rows.length === 0) return;
  if (!IDENTIFIER.test(table)) throw new TypeError(`Not a plain table name: ${table}`);
  const { sql, bindings } = rowsSource(columns, rows);
  const list = columnList(columns);
  await trx.raw(`INSERT INTO ${table} (${list}) SELECT ${list} FROM ${sql} ${suffix}`, bindings);
}
