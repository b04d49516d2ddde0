import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Request } from 'express';
import { loadConfig, type Config } from '../../config.ts';
import type { WebMode } from '../deps.ts';
import type { RouteDef } from '../routing/types.ts';
import { startWebServer, type RunningWebServer } from '../server.ts';
import { createLogger, type Logger } from '../../logger.ts';
import type { AuthUser } from '../../../web/inertia/shared-props.ts';
import { allProjections } from '../../projections/index.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';

/** Read-model tables, as the worker creates them on its first run (pages read them). */
export async function ensureProjectionTables(db: TestDatabase): Promise<void> {
  for (const projection of allProjections) {
    const present = await Promise.all(
      projection.tables.map(async (table) => {
        const { rows } = await db.knex.raw<{ rows: { t: string | null }[] }>(
          'SELECT to_regclass(?) AS t',
          [table],
        );
        return rows[0]?.t !== null;
      }),
    );
    if (present.every(Boolean)) continue;
    await db.knex.transaction((trx) => projection.createTables(trx));
  }
}

export interface TestServer {
  url: string;
  db: TestDatabase;
  server: RunningWebServer;
  config: Config;
  /** Closes the server; the database is dropped by `close()` only when this server created it. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  web?: WebMode;
  extraRoutes?: readonly RouteDef[];
  resolveUser?: (req: Request) => Promise<AuthUser | null>;
  env?: Record<string, string>;
  /** Reuse a database (e.g. to prove sessions survive a restart). */
  db?: TestDatabase;
  logger?: Logger;
  /** The server's clock of "today" (as-of bounds, the schedule's current week); default: the system clock. */
  now?: () => Date;
}

/** The real app on 127.0.0.1:<free port> against a fresh migrated test database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const db = options.db ?? (await createTestDatabase({ poolMax: 5 }));
  if (!options.db) await ensureProjectionTables(db);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-http-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_NAME: 'Pitwall',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...options.env,
  });
  const logger = options.logger ?? createLogger({ level: 'silent', pretty: false });
  const server = await startWebServer(
    {
      config,
      logger,
      knex: db.knex,
      databaseUrl: db.url,
      web: options.web ?? { mode: 'none', version: 'v1' },
      ...(options.resolveUser ? { resolveUser: options.resolveUser } : {}),
      ...(options.now ? { now: options.now } : {}),
    },
    { port: 0, host: '127.0.0.1' },
    { extraRoutes: options.extraRoutes ?? [] },
  );
  return {
    url: server.url,
    db,
    server,
    config,
    close: async () => {
      await server.close(100);
      await rm(dataDir, { recursive: true, force: true });
      if (!options.db) await db.drop();
    },
  };
}
