import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createKnex, type Knex } from '../../src/db/knex.ts';

/**
 * Int tests run on the machine's real PostgreSQL (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test). The global setup (global-setup.ts) migrates a template
 * database once per run; each test file gets its own copy (CREATE DATABASE … TEMPLATE), so files run in
 * parallel without seeing each other's rows.
 */
export const testServerUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function urlForDatabase(name: string): string {
  const u = new URL(testServerUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  knex: Knex;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file. Call `drop()` in afterAll. */
export async function createTestDatabase(opts: { poolMax?: number } = {}): Promise<TestDatabase> {
  const name = `pitwall_t_${inject('runId')}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  const url = urlForDatabase(name);
  const knex = createKnex(url, { poolMax: opts.poolMax ?? 20 });
  return {
    name,
    url,
    knex,
    drop: async () => {
      await knex.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A unique key prefix so parallel test files never share BullMQ queues or rate-limit keys. */
export function uniquePrefix(label: string): string {
  return `t_${label}_${randomBytes(4).toString('hex')}`;
}
