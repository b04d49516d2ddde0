import type { Knex } from 'knex';
import type { Column } from './bulk.ts';

/**
 * `COPY table (cols) FROM STDIN` for the rebuild's bulk writes: PostgreSQL's fastest way in, about
 * twice the rows per second of `INSERT … SELECT FROM json_to_recordset` (./bulk.ts) for the
 * millions of result rows a replay writes. Runs on the transaction's own connection (so inside
 * its transaction and under its search_path). Values are converted the way ./bulk.ts converts
 * them: the column's Postgres type parses the text form of each value (numbers and ISO strings
 * as they are, booleans as t/f, jsonb as JSON).
 */
export async function copyRows<Row>(
  trx: Knex.Transaction,
  table: string,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
): Promise<void> {
  const lines = new CopyLines(
    table,
    columns.map((c) => c.name),
  );
  // One array of cells per row, joined: string concatenation cell by cell builds ropes that cost
  // ten times as much to flatten when the chunk is encoded.
  const getters = columns.map((c) => c.get);
  const json = columns.map((c) => c.type === 'jsonb');
  const cells = new Array<string>(columns.length);
  for (const row of rows) {
    for (let i = 0; i < getters.length; i++) cells[i] = copyText(getters[i]!(row), json[i]!);
    lines.add(cells.join('\t'));
  }
  await lines.done().write(trx);
}

/**
 * The COPY of rows given as text lines (one row per line, no newline, cells separated by tabs and
 * encoded with `copyText`), encoded as they come and sent by `done().write`: callers that write
 * the lines themselves (the fastest way for many narrow rows) can encode a batch while the
 * previous one is still being written.
 * Lines are turned into bytes every CHUNK_ROWS, so a batch's strings die young (the garbage
 * collector never has to promote millions of them).
 */
export class CopyLines {
  readonly #table: string;
  readonly #columnNames: readonly string[];
  readonly #chunks: Buffer[] = [];
  #lines: string[] = [];

  constructor(table: string, columnNames: readonly string[]) {
    if (!IDENTIFIER.test(table)) throw new TypeError(`Not a plain table name: ${table}`);
    for (const c of columnNames) {
      if (!IDENTIFIER.test(c)) throw new TypeError(`Not a plain column name: ${c}`);
    }
    this.#table = table;
    this.#columnNames = columnNames;
  }

  readonly add = (line: string): void => {
    this.#lines.push(line);
    if (this.#lines.length === CHUNK_ROWS) this.#flush();
  };

  /** The lines added so far, ready to send; the encoder must not be used afterwards. */
  done(): { write(trx: Knex.Transaction): Promise<void> } {
    this.#flush();
    return copyIn(this.#table, this.#columnNames, this.#chunks);
  }

  #flush(): void {
    if (this.#lines.length === 0) return;
    this.#chunks.push(Buffer.from(this.#lines.join('\n') + '\n', 'utf8'));
    this.#lines = [];
  }
}

function copyIn(
  table: string,
  columnNames: readonly string[],
  chunks: readonly Buffer[],
): { write(trx: Knex.Transaction): Promise<void> } {
  const sql = `COPY ${table} (${columnNames.join(', ')}) FROM STDIN`;
  return {
    async write(trx: Knex.Transaction) {
      if (chunks.length === 0) return;
      // A transaction's knex client hands out the transaction's own connection.
      const client = trx.client as { acquireConnection(): Promise<PgClient> };
      const connection = await client.acquireConnection();
      await new Promise<void>((resolve, reject) => {
        void connection.query(new CopyIn(sql, chunks, resolve, reject));
      });
    },
  };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const CHUNK_ROWS = 2000;

/** The text format of COPY: \N for null, backslash escapes for the four special characters. */
export function copyText(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return '\\N';
  if (json) return escape(JSON.stringify(value));
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`Not a finite number: ${value}`);
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'string':
      return escape(value);
    default:
      throw new TypeError(`No COPY text form for a ${typeof value}`);
  }
}

const SPECIAL = /[\\\n\r\t]/;
function escape(s: string): string {
  if (!SPECIAL.test(s)) return s;
  return s.replace(/[\\\n\r\t]/g, (ch) =>
    ch === '\\' ? '\\\\' : ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : '\\t',
  );
}

/** What copyRows needs of pg's Client and Connection (a "submittable" query, as pg-copy-streams uses). */
interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}
interface PgClient {
  query(submittable: CopyIn): unknown;
}

/**
 * The COPY FROM STDIN exchange: send the statement; on CopyInResponse send the data and CopyDone;
 * an error (bad value, constraint, lost connection) rejects at once; pg holds the transaction's
 * next statement (its ROLLBACK) until the server's ReadyForQuery.
 */
class CopyIn {
  #error: Error | null = null;
  constructor(
    private readonly text: string,
    private readonly chunks: readonly Buffer[],
    private readonly resolve: () => void,
    private readonly reject: (err: Error) => void,
  ) {}
  submit(connection: PgConnection): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: PgConnection): void {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }
  handleCommandComplete(): void {}
  handleError(err: Error): void {
    // A server error is followed by ReadyForQuery; a broken connection is not.
    this.#error = err;
    this.reject(err);
  }
  handleReadyForQuery(): void {
    if (this.#error) this.reject(this.#error);
    else this.resolve();
  }
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}
