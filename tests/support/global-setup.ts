import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openRuntime } from '../../src/app/runtime.ts';
import { adminQuery, testConfig, testServerUrl, urlForDatabase } from './runtime.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    runId: string;
  }
}

let runId = '';

/**
 * Builds a migrated template database once per test run; each test file copies it.
 * Names carry this run's id so concurrent runs on one server never touch each other's databases.
 */
export async function setup(project: TestProject): Promise<void> {
  const probe = new pg.Client({ connectionString: testServerUrl });
  try {
    await probe.connect();
    await probe.end();
  } catch (err) {
    throw new Error(`Int tests need PostgreSQL at ${testServerUrl} (set TEST_DATABASE_URL)`, {
      cause: err,
    });
  }
  runId = randomBytes(4).toString('hex');
  const templateDb = `pitwall_tpl_${runId}`;
  await adminQuery(`CREATE DATABASE ${templateDb}`);
  // The composition root migrates it (role 'test' skips migrations unless asked); its job
  // system's PostgreSQL backend creates BullMQ's schema there too, so every copy carries it.
  const runtime = await openRuntime(testConfig(), {
    role: 'test',
    databaseUrl: urlForDatabase(templateDb),
    migrate: true,
    pools: { knex: 2, eventStore: 1 },
    closeOnSignal: false,
  });
  await runtime.close();
  project.provide('templateDb', templateDb);
  project.provide('runId', runId);
}

export async function teardown(): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl });
  await client.connect();
  const mine = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname LIKE $2`,
    [`pitwall_t_${runId}_%`, `pitwall_tpl_${runId}`],
  );
  await client.end();
  for (const { datname } of mine.rows)
    await adminQuery(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}
