import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { batch, inlineBindings, known, run, statement } from './batch.ts';

let db: TestDatabase;
beforeAll(async () => {
  // One pooled connection, so every batch and the look at pg_prepared_statements share a session.
  db = await createTestDatabase({ poolMax: 1 });
  await db.knex.raw(
    `CREATE TABLE batch_probe (id integer PRIMARY KEY, name text NOT NULL, at timestamptz NOT NULL)`,
  );
  await db.knex.raw(
    `INSERT INTO batch_probe
     SELECT i, 'driver ' || i || ' ''quoted''', timestamptz '2025-01-01T00:00:00Z' + i * interval '1 day'
       FROM generate_series(1, 20) i`,
  );
});
afterAll(() => db.drop());

const names = (ids: number[]) =>
  statement<{ id: number; name: string }, string[]>(
    `SELECT id, name FROM batch_probe WHERE id = ANY(?::int4[]) ORDER BY id`,
    [ids],
    (rows) => rows.map((r) => r.name),
  );
const after = (at: string, name: string) =>
  statement<{ id: number; at: Date }, { id: number; at: string }[]>(
    `SELECT id, at FROM batch_probe WHERE at > ?::timestamptz AND name <> ? ORDER BY id LIMIT 2`,
    [at, name],
    (rows) => rows.map((r) => ({ id: r.id, at: r.at.toISOString() })),
  );

describe('batch', () => {
  it('answers each statement as it answers alone, in order, with values written in as literals', async () => {
    const statements = [
      names([3, 1]),
      known('not sent'),
      after('2025-01-05T12:00:00.000Z', "driver 6 'quoted'"),
      names([]),
    ] as const;
    const together = await batch(db.knex, statements);
    expect(together).toEqual([
      ["driver 1 'quoted'", "driver 3 'quoted'"],
      'not sent',
      [
        { id: 5, at: '2025-01-06T00:00:00.000Z' },
        { id: 7, at: '2025-01-08T00:00:00.000Z' },
      ],
      [],
    ]);
    const alone = await Promise.all(statements.map((s) => run<unknown>(db.knex, s)));
    expect(alone).toEqual(together);
  });

  it('sends one statement alone and nothing when every value is known', async () => {
    expect(await batch(db.knex, [names([2])])).toEqual([["driver 2 'quoted'"]]);
    expect(await batch(db.knex, [known(1), known('two')])).toEqual([1, 'two']);
  });

  it('quotes a value that tries to end its literal, and refuses a count of ? that does not match', async () => {
    const evil = "x'; DROP TABLE batch_probe; --";
    expect(inlineBindings('SELECT ? AS v', [evil])).toBe(
      `SELECT 'x''; DROP TABLE batch_probe; --' AS v`,
    );
    expect(
      await batch(db.knex, [
        statement<{ v: string }, string>('SELECT ?::text AS v', [evil], (r) => r[0]!.v),
      ]),
    ).toEqual([evil]);
    expect(() => inlineBindings('SELECT ?, ?', [1])).toThrow(/more \?/);
    expect(() => inlineBindings('SELECT ?', [1, 2])).toThrow(/fewer \?/);
  });

  it('fails as a whole when a statement fails, and leaves the pool usable', async () => {
    await expect(
      batch(db.knex, [names([1]), statement('SELECT * FROM no_such_table', [], (r) => r)]),
    ).rejects.toThrow(/no_such_table/);
    expect(await batch(db.knex, [names([4]), names([5])])).toEqual([
      ["driver 4 'quoted'"],
      ["driver 5 'quoted'"],
    ]);
  });

  it('prepares a statement once per connection, then executes it by name', async () => {
    const s = statement<{ id: number }, number[]>(
      `SELECT id FROM batch_probe WHERE id < ? ORDER BY id`,
      [3],
      (rows) => rows.map((r) => r.id),
    );
    for (let i = 0; i < 3; i++)
      expect(await batch(db.knex, [s, names([4])])).toEqual([[1, 2], ["driver 4 'quoted'"]]);
    const { rows } = await db.knex.raw<{ rows: { statement: string; from_sql: boolean }[] }>(
      `SELECT statement, from_sql FROM pg_prepared_statements
        WHERE statement LIKE '%FROM batch_probe WHERE id < $1 ORDER BY id%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ from_sql: true });
    expect(rows[0]!.statement).toMatch(/^PREPARE pitwall_batch_\d+_\d+ AS /);
  });

  it('keeps answering when a table is replaced by one with other columns', async () => {
    await db.knex.raw(`CREATE TABLE batch_swap (id integer, v text)`);
    await db.knex.raw(`INSERT INTO batch_swap VALUES (1, 'a')`);
    const all = statement<Record<string, unknown>, Record<string, unknown>[]>(
      `SELECT * FROM batch_swap WHERE id = ?`,
      [1],
      (rows) => rows,
    );
    expect(await batch(db.knex, [all])).toEqual([[{ id: 1, v: 'a' }]]);
    // A projection rebuild's swap: a new table of the same name with another column.
    await db.knex.raw(`DROP TABLE batch_swap`);
    await db.knex.raw(`CREATE TABLE batch_swap (id integer, v text, w integer)`);
    await db.knex.raw(`INSERT INTO batch_swap VALUES (1, 'b', 7)`);
    expect(await batch(db.knex, [all])).toEqual([[{ id: 1, v: 'b', w: 7 }]]);
    expect(await batch(db.knex, [all])).toEqual([[{ id: 1, v: 'b', w: 7 }]]);
  });

  it('reads one snapshot in every statement with oneSnapshot, a snapshot per statement without', async () => {
    // The batch counts the rows, then waits for an advisory lock another connection holds while
    // it inserts a row and commits; then it counts again.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    const count = statement<{ n: number }, number>(
      `SELECT count(*)::int AS n FROM batch_probe`,
      [],
      (rows) => rows[0]!.n,
    );
    const wait = statement<unknown, null>(`SELECT pg_advisory_lock(4711)`, [], () => null);
    const unlock = statement<unknown, null>(`SELECT pg_advisory_unlock(4711)`, [], () => null);
    const countAround = async (oneSnapshot: boolean, id: number) => {
      await other.query('SELECT pg_advisory_lock(4711)');
      const counts = batch(db.knex, [count, wait, count, unlock], { oneSnapshot });
      for (let waiting = false; !waiting;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const { rows } = await other.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
        );
        waiting = rows[0]!.n > 0;
      }
      await other.query(`INSERT INTO batch_probe VALUES ($1, 'late', now())`, [id]);
      await other.query('SELECT pg_advisory_unlock(4711)');
      const [before, , after] = await counts;
      return after - before;
    };
    try {
      expect(await countAround(true, 101)).toBe(0);
      expect(await countAround(false, 102)).toBe(1);
      const isolation = statement<{ level: string }, string>(
        `SELECT current_setting('transaction_isolation') AS level`,
        [],
        (rows) => rows[0]!.level,
      );
      expect(await batch(db.knex, [isolation], { oneSnapshot: true })).toEqual(['repeatable read']);
      expect(await batch(db.knex, [isolation])).toEqual(['read committed']);
    } finally {
      await other.query('DELETE FROM batch_probe WHERE id > 100');
      await other.end();
    }
  });
});
