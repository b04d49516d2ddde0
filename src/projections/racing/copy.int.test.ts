import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { col, insertRows, type Column } from './bulk.ts';
import { copyRows } from './copy.ts';

interface Row {
  id: number;
  name: string | null;
  flag: boolean;
  at: string;
  day: string;
  ratio: number;
  doc: unknown;
}

const columns: Column<Row>[] = [
  col('id', 'int4', (r) => r.id),
  col('name', 'text', (r) => r.name),
  col('flag', 'bool', (r) => r.flag),
  col('at', 'timestamptz', (r) => r.at),
  col('day', 'date', (r) => r.day),
  col('ratio', 'float8', (r) => r.ratio),
  col('doc', 'jsonb', (r) => r.doc),
];

const rows: Row[] = [
  {
    id: 1,
    name: 'tab\there, newline\nthere, return\r, backslash \\N and \\\\',
    flag: true,
    at: '2024-05-01T09:30:00Z',
    day: '2024-05-01',
    ratio: 0.1 + 0.2,
    doc: { text: 'a\tb\\c\n', list: [1, null] },
  },
  {
    id: 2,
    name: null,
    flag: false,
    at: '2024-05-01T01:45:00+02:00',
    day: '1999-12-31',
    ratio: -1e-7,
    doc: null,
  },
  {
    id: 3,
    name: 'Nürburgring “Grüne Hölle” 🏁',
    flag: true,
    at: '2024-01-01T00:00:00.123Z',
    day: '2024-02-29',
    ratio: 12,
    doc: [],
  },
];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  for (const t of ['by_copy', 'by_insert']) {
    await db.knex.raw(
      `CREATE TABLE ${t} (id int4 PRIMARY KEY, name text, flag bool, at timestamptz, day date, ratio float8, doc jsonb)`,
    );
  }
});
afterAll(async () => {
  await db.drop();
});

describe('copyRows', () => {
  it('stores every value as the JSON path of insertRows does, special characters included', async () => {
    await db.knex.transaction(async (trx) => {
      await copyRows(trx, 'by_copy', columns, rows);
      await copyRows(trx, 'by_copy', columns, []);
    });
    await db.knex.transaction((trx) => insertRows(trx, 'by_insert', columns, rows));
    const read = async (t: string) =>
      (await db.knex.raw<{ rows: unknown[] }>(`SELECT * FROM ${t} ORDER BY id`)).rows;
    const copied = await read('by_copy');
    expect(copied).toHaveLength(3);
    expect(copied).toEqual(await read('by_insert'));
    expect((copied[0] as Row).name).toBe(rows[0]!.name);
  });

  it('fails the transaction on a value the column rejects, and leaves nothing behind', async () => {
    await expect(
      db.knex.transaction((trx) =>
        copyRows(trx, 'by_copy', columns, [{ ...rows[0]!, id: 9, day: 'not a date' }]),
      ),
    ).rejects.toThrow(/date/);
    const { rows: left } = await db.knex.raw<{ rows: unknown[] }>(
      `SELECT 1 FROM by_copy WHERE id = 9`,
    );
    expect(left).toHaveLength(0);
  });
});
