import { ConfigError, loadConfig, type Config } from './config.ts';
import { createKnex } from './db/knex.ts';
import { migrateLatest } from './db/migrate.ts';
import { resolveDatabase } from './db/resolve-database.ts';
import { allEventDefinitions } from './events/index.ts';
import { createEventRegistry, createEventStore } from './eventstore/index.ts';
import { startWebServer } from './http/server.ts';
import { createJobSystem } from './jobs/system.ts';
import { createLogger } from './logger.ts';
import { createProjectionRegistry } from './projections/core/registry.ts';
import { allProjections } from './projections/index.ts';
import { seedDemoContent } from './seed/demo-content.ts';
import { onShutdownSignal, startWorkerRuntime } from './worker.ts';

/**
 * `npm start`: the whole site in one process — database (embedded PostgreSQL unless
 * DATABASE_URL is set), migrations, event store, BullMQ workers (unless RUN_WORKERS=false),
 * demo content on the embedded default, and the web server. Shutdown on SIGINT/SIGTERM runs in
 * reverse order: web server (in-flight requests finish), workers, event store, pools, database.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger({
    level: config.LOG_LEVEL,
    pretty: config.NODE_ENV !== 'production',
  });
  const database = await resolveDatabase(config, logger);
  const stops: (() => Promise<void>)[] = [() => database.stop()];
  const shutdown = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (err) {
        logger.error({ err }, 'error while shutting down');
      }
    }
  };
  onShutdownSignal(logger, shutdown);

  try {
    const knex = createKnex(database.url);
    stops.push(() => knex.destroy());
    const applied = await migrateLatest(knex);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');

    const eventStore = createEventStore({
      config,
      logger,
      registry: createEventRegistry(allEventDefinitions),
      url: database.url,
    });
    stops.push(() => eventStore.close());

    const projections = createProjectionRegistry(allProjections);
    const jobs = await createJobSystem({
      config,
      knex,
      logger,
      projections,
      databaseUrl: database.url,
    });
    stops.push(() => jobs.close());

    if (config.RUN_WORKERS !== false) {
      const workers = await startWorkerRuntime({
        config,
        knex,
        eventStore,
        logger,
        jobs,
        databaseUrl: database.url,
        pollEveryMs: 15_000,
      });
      stops.push(() => workers.stop());
    }

    const server = await startWebServer(
      { config, logger, knex, eventStore, jobs, databaseUrl: database.url },
      { port: config.PORT, host: config.HOST },
    );
    stops.push(() => server.close());
    logger.info({ url: server.url, jobs: jobs.backend }, `Pitwall is running at ${server.url}`);

    // Demo content is seeded after the server listens, so the site is usable at once and fills
    // in as the workers project what the seed appends. Shutdown aborts it between appends.
    const seedDemo = config.SEED_DEMO ?? database.kind !== 'configured';
    if (seedDemo) {
      const abort = new AbortController();
      const seeding = seedDemoContent(
        { config, knex, eventStore, jobs, logger },
        abort.signal,
      ).catch((err: unknown) => {
        if (!abort.signal.aborted) logger.error({ err }, 'demo seeding failed');
      });
      stops.push(async () => {
        abort.abort();
        await seeding;
      });
    }
  } catch (err) {
    logger.fatal({ err }, 'start-up failed');
    await shutdown();
    process.exit(1);
  }
}

await main();
