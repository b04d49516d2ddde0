import type { Knex } from 'knex';

/**
 * The schema pg_trgm was installed in (migration 0001). A rebuild creates tables with
 * search_path "<shadow>, public"; naming the operator class's schema keeps the DDL independent
 * of that. @throws when the extension is missing.
 */
export async function trgmSchema(db: Knex.Transaction | Knex): Promise<string> {
  const { rows } = await db.raw<{ rows: { schema: string }[] }>(
    `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE e.extname = 'pg_trgm'`,
  );
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('pg_trgm is not installed (migration 0001_extensions creates it)');
  return schema;
}
