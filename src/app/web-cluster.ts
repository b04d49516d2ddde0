import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';
import type { WebMode } from '../http/deps.ts';
import { startWebServer } from '../http/server.ts';
import type { Logger } from '../logger.ts';
import { openRuntime } from './runtime.ts';

/**
 * Several web processes on one port (WEB_CONCURRENCY > 1): Node's cluster module, whose primary
 * hands the listening socket's connections to its children in turn. One Node process serves
 * from one thread: rendering and JSON for every request share its event loop, so on a machine
 * with more than one core a second process doubles what the site can render at once.
 *
 * The primary is the process `npm start` started: it keeps what there is one of — the database
 * (embedded or configured), the migrations, the workers, the demo seed — and serves no HTTP.
 * Each child opens its own runtime on the primary's database (its own pools, no migrations, no
 * workers) and the web server. What the web processes share lives outside them: sessions in
 * PostgreSQL, rate limits in Redis (or PostgreSQL), projection wake-ups through the job system.
 * In-process caches (API answers, SSR markup) are per child.
 */

/** Set on the children only: the URL of the primary's database. */
const CHILD_DATABASE_URL = 'PITWALL_WEB_CHILD_DATABASE_URL';

/** True in a web child forked by `forkWebProcesses`. */
export function isWebChild(): boolean {
  return cluster.isWorker && process.env[CHILD_DATABASE_URL] !== undefined;
}

/**
 * The body of a web child: the runtime on the primary's database and the web server on PORT.
 * Closes on SIGTERM/SIGINT, and when the primary goes away (its IPC channel closes).
 */
export async function serveWebChild(
  config: Config,
  logger: Logger,
  opts: { web?: WebMode } = {},
): Promise<void> {
  const databaseUrl = process.env[CHILD_DATABASE_URL]!;
  const rt = await openRuntime(config, {
    role: 'web',
    logger,
    databaseUrl,
    workers: false,
    migrate: false,
  });
  try {
    const server = await startWebServer(
      { ...rt, databaseUrl, ...(opts.web ? { web: opts.web } : {}) },
      { port: config.PORT, host: config.HOST },
    );
    rt.onClose(() => server.close());
  } catch (err) {
    await rt.close();
    throw err;
  }
  process.once('disconnect', () => {
    logger.warn('the primary web process is gone; this web process stops');
    void rt.close().then(() => process.exit(0));
  });
}

export interface WebProcesses {
  /** Resolves when every child listens. */
  readonly ready: Promise<void>;
  /** SIGTERM to every child (each finishes its requests and closes), then waits for them. */
  close(): Promise<void>;
}

/**
 * Forks `count` web children of this process (the same entry point, or `exec`). A child that
 * exits while the primary runs is replaced after a second (a crash loop is logged, not spun).
 */
export function forkWebProcesses(opts: {
  count: number;
  databaseUrl: string;
  logger: Logger;
  /** The children's entry point and Node flags; default: this process's own. */
  exec?: { file: string; execArgv: string[] };
  /** More environment for the children (tests). */
  env?: Record<string, string>;
}): WebProcesses {
  const { logger } = opts;
  if (opts.exec) cluster.setupPrimary({ exec: opts.exec.file, execArgv: opts.exec.execArgv });
  let closing = false;
  const children = new Set<Worker>();
  const listening: Promise<void>[] = [];

  const fork = (): Worker => {
    const child = cluster.fork({ ...opts.env, [CHILD_DATABASE_URL]: opts.databaseUrl });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (closing) return;
      logger.error({ pid: child.process.pid, code, signal }, 'a web process exited; replacing it');
      setTimeout(() => {
        if (!closing) fork();
      }, 1000).unref();
    });
    return child;
  };

  for (let i = 0; i < opts.count; i++) {
    const child = fork();
    listening.push(
      new Promise<void>((resolve, reject) => {
        child.once('listening', () => resolve());
        child.once('exit', (code) =>
          reject(new Error(`web process ${child.process.pid} exited (${code}) before listening`)),
        );
      }),
    );
  }

  return {
    ready: Promise.all(listening).then(() => undefined),
    async close() {
      closing = true;
      await Promise.all(
        [...children].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.isDead()) {
                resolve();
                return;
              }
              const kill = setTimeout(() => child.process.kill('SIGKILL'), 15_000);
              child.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              child.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
