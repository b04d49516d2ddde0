import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { preparedRows } from './prepared.ts';

/**
 * One pooled connection (poolMax 1), so every statement and the look at pg_prepared_statements
 * run on the same server session.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 1 });
  await db.knex.raw(`CREATE TABLE prepared_probe (id integer PRIMARY KEY, name text NOT NULL)`);
  await db.knex.raw(
    `INSERT INTO prepared_probe SELECT i, 'driver ' || i FROM generate_series(1, 2000) i`,
  );
  await db.knex.raw('ANALYZE prepared_probe');
});
afterAll(() => db.drop());

const PAGE = `SELECT id, name FROM prepared_probe WHERE id > ? ORDER BY id LIMIT 3`;

async function statementOf(text: string) {
  const { rows } = await db.knex.raw<{
    rows: { generic_plans: number; custom_plans: number }[];
  }>(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = ?`, [
    text.replace('?', '$1'),
  ]);
  return rows[0];
}

describe('preparedRows', () => {
  it('answers as the statement does and settles on one generic plan per connection', async () => {
    for (let i = 0; i < 10; i++) {
      expect(await preparedRows(db.knex, PAGE, [i * 10])).toEqual([
        { id: i * 10 + 1, name: `driver ${i * 10 + 1}` },
        { id: i * 10 + 2, name: `driver ${i * 10 + 2}` },
        { id: i * 10 + 3, name: `driver ${i * 10 + 3}` },
      ]);
    }
    const prepared = await statementOf(PAGE);
    expect(prepared).toBeDefined();
    // PostgreSQL plans the first five executions for their values, then keeps the generic plan.
    expect(prepared!.custom_plans).toBe(5);
    expect(prepared!.generic_plans).toBe(5);
  });

  it('keeps answering when its table is replaced, also by one with other columns', async () => {
    const all = `SELECT * FROM prepared_probe WHERE id = ?`;
    expect(await preparedRows(db.knex, all, [7])).toEqual([{ id: 7, name: 'driver 7' }]);
    // A projection rebuild's swap: the old table goes, a new one of the same name takes its place.
    await db.knex.raw(`DROP TABLE prepared_probe`);
    await db.knex.raw(
      `CREATE TABLE prepared_probe (id integer PRIMARY KEY, name text NOT NULL, country text)`,
    );
    await db.knex.raw(`INSERT INTO prepared_probe VALUES (7, 'renamed', 'DE')`);
    expect(await preparedRows(db.knex, all, [7])).toEqual([
      { id: 7, name: 'renamed', country: 'DE' },
    ]);
    expect(await preparedRows(db.knex, all, [7])).toEqual([
      { id: 7, name: 'renamed', country: 'DE' },
    ]);
    expect(await preparedRows(db.knex, PAGE, [6])).toEqual([{ id: 7, name: 'renamed' }]);
  });

  it("takes knex's ? bindings as parameters, a ? after a backslash as a literal ?", async () => {
    expect(
      await preparedRows(db.knex, `SELECT ?::int AS n, '\\?' AS q, ?::text[] AS list`, [
        5,
        ['a', 'b'],
      ]),
    ).toEqual([{ n: 5, q: '?', list: ['a', 'b'] }]);
    await expect(preparedRows(db.knex, 'SELECT ?? FROM prepared_probe', ['id'])).rejects.toThrow(
      /identifier binding/,
    );
    await expect(preparedRows(db.knex, 'SELECT ?::int AS n', [undefined!])).rejects.toThrow(
      /undefined binding/,
    );
  });

  it('passes on the errors of the statement itself', async () => {
    await expect(
      preparedRows(db.knex, `SELECT id FROM prepared_probe WHERE id = ?::int`, ['x']),
    ).rejects.toThrow(/invalid input syntax for type integer/);
  });
});
