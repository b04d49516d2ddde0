import { configOrExit, openRuntime, roleLogger } from './app/runtime.ts';
import { startWebServer } from './http/server.ts';
import { seedDemoContent } from './demo/seed.ts';

/**
 * `npm start`: the whole site in one process — the runtime (database: embedded PostgreSQL
 * unless DATABASE_URL is set; migrations, event store, job system, workers unless
 * RUN_WORKERS=false), the web server, and demo content on the embedded default. Shutdown on
 * SIGINT/SIGTERM runs in reverse order: web server (in-flight requests finish), workers, event
 * store, pools, database.
 */
const config = configOrExit(1, process.env, { serving: true });
const logger = roleLogger(config, 'web');
try {
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
