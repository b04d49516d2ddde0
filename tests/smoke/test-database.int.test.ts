import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

describe('test database support', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('gives each file a migrated copy of the template', async () => {
    const rows = await db.knex('knex_migrations').select('name');
    expect(rows.map((r: { name: string }) => r.name)).toContain('0001_extensions');
    const ext = await db.knex.raw<{ rows: { extname: string }[] }>(
      `SELECT extname FROM pg_extension`,
    );
    expect(ext.rows.map((r) => r.extname)).toContain('pg_trgm');
  });
});
