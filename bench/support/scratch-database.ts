import pg from 'pg';

/**
 * The benchmarks' scratch databases, on the PostgreSQL server of BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Each benchmark opens its
 * runtime (src/app/runtime.ts, role 'bench') on one of them.
 */
export const benchServerUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** The URL of database `name` on the bench server. */
export function benchDatabaseUrl(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  return Object.assign(new URL(benchServerUrl), { pathname: `/${name}` }).toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function serverSql(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Drops database `name` if it exists and creates it empty; returns its URL. */
export async function recreateDatabase(name: string): Promise<string> {
  const url = benchDatabaseUrl(name);
  await serverSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await serverSql(`CREATE DATABASE ${name}`);
  return url;
}

export async function dropDatabase(name: string): Promise<void> {
  benchDatabaseUrl(name);
  await serverSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
