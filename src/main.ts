import path from 'node:path';
import { ensureBundle } from './app/bundle.ts';
import { configOrExit, openRuntime, roleLogger } from './app/runtime.ts';
import { projectRoot } from './http/app.ts';
import { startWebServer } from './http/server.ts';
import { seedDemoContent } from './demo/seed.ts';

/**
 * `npm start`: the whole site in one process, as production runs it unless NODE_ENV says
 * otherwise (`npm run dev` sets development: Vite's dev middleware, error details). Production
 * serves the bundle in dist/, built first when it is missing or older than its sources
 * (src/app/bundle.ts), so a fresh clone's `npm install && npm start` needs no other step. Then
 * the runtime (database: embedded PostgreSQL unless DATABASE_URL is set; migrations, event
 * store, job system, workers unless RUN_WORKERS=false), the web server, and demo content on the
 * embedded default. Shutdown on SIGINT/SIGTERM runs in reverse order: web server (in-flight
 * requests finish), workers, event store, pools, database.
 */
process.env.NODE_ENV ||= 'production';
const config = configOrExit(1, process.env, { serving: true });
const logger = roleLogger(config, 'web');
try {
  if (config.NODE_ENV !== 'development') {
    const { built } = await ensureBundle(projectRoot, path.join(projectRoot, 'dist'), (message) =>
      logger.info(message),
    );
    if (built) logger.info('The production bundle is built');
  }
  const rt = await openRuntime(config, { role: 'web', logger });
  try {
    const server = await startWebServer(
      { ...rt, databaseUrl: rt.database.url },
      { port: config.PORT, host: config.HOST },
    );
    rt.onClose(() => server.close());
    logger.info({ url: server.url, jobs: rt.jobs.backend }, `Pitwall is running at ${server.url}`);

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
} catch (err) {
  logger.fatal({ err }, 'start-up failed');
  process.exit(1);
}
