import path from 'node:path';
import { ensureBundle } from './app/bundle.ts';
import { configOrExit, openRuntime, productionUnlessSet, roleLogger } from './app/runtime.ts';
import { projectRoot } from './http/app.ts';
import { startWebServer } from './http/server.ts';
import { seedDemoContent } from './demo/seed.ts';
import { forkWebProcesses, isWebChild, serveWebChild } from './app/web-cluster.ts';

/**
 * `npm start`: the whole site in one process, as production runs it unless NODE_ENV says
 * otherwise (`npm run dev` sets development: Vite's dev middleware, error details). Production
 * serves the bundle in dist/, built first when it is missing or older than its sources
 * (src/app/bundle.ts), so a fresh clone's `npm install && npm start` needs no other step. Then
 * the runtime (database: embedded PostgreSQL unless DATABASE_URL is set; migrations, event
 * store, job system, workers unless RUN_WORKERS=false), the web server, and demo content on the
 * embedded default. Shutdown on SIGINT/SIGTERM runs in reverse order: web server (in-flight
 * requests finish), workers, event store, pools, database.
 * WEB_CONCURRENCY > 1: this process keeps the runtime and forks that many web processes
 * sharing the port (src/app/web-cluster.ts); each child runs `serveWebChild`.
 */
productionUnlessSet();
const config = configOrExit(1, process.env, { serving: true });
const logger = roleLogger(config, 'web');
if (isWebChild()) {
  await serveWebChild(config, logger).catch((err: unknown) => {
    logger.fatal({ err }, 'web process start-up failed');
    process.exit(1);
  });
} else {
  await startPrimary().catch((err: unknown) => {
    logger.fatal({ err }, 'start-up failed');
    process.exit(1);
  });
}

async function startPrimary(): Promise<void> {
  if (config.NODE_ENV !== 'development') {
    const { built } = await ensureBundle(projectRoot, path.join(projectRoot, 'dist'), (message) =>
      logger.info(message),
    );
    if (built) logger.info('The production bundle is built');
  }
  const rt = await openRuntime(config, { role: 'web', logger });
  try {
    let url: string;
    if (config.WEB_CONCURRENCY > 1) {
      const web = forkWebProcesses({
        count: config.WEB_CONCURRENCY,
        databaseUrl: rt.database.url,
        logger,
      });
      rt.onClose(() => web.close());
      await web.ready;
      url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
    } else {
      const server = await startWebServer(
        { ...rt, databaseUrl: rt.database.url },
        { port: config.PORT, host: config.HOST },
      );
      rt.onClose(() => server.close());
      url = server.url;
    }
    logger.info(
      { url, jobs: rt.jobs.backend, webProcesses: config.WEB_CONCURRENCY },
      `Pitwall is running at ${url}`,
    );

    // Demo content is seeded after the server listens, so the site is usable at once and fills
    // in as the workers project what the seed appends. Shutdown aborts it between appends.
    if (config.SEED_DEMO ?? rt.database.kind !== 'configured') {
      const abort = new AbortController();
      const seeding = seedDemoContent(rt, abort.signal).catch((err: unknown) => {
        if (!abort.signal.aborted) logger.error({ err }, 'demo seeding failed');
      });
      rt.onClose(async () => {
        abort.abort();
        await seeding;
      });
    }
  } catch (err) {
    await rt.close();
    throw err;
  }
}
