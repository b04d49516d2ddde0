import type { CommandDeps } from '../commands/core/handle-command.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createKnex, type Knex } from '../db/knex.ts';
import { migrateLatest } from '../db/migrate.ts';
import { resolveDatabase, type ResolvedDatabase } from '../db/resolve-database.ts';
import { allEventDefinitions } from '../events/index.ts';
import { verifyPiiKey } from '../events/pii-key-check.ts';
import { PiiKeyring, resolvePiiMasterSecret, setPiiKeyring } from '../events/user-pii.ts';
import {
  createEventRegistry,
  createEventStore,
  type EventDefinition,
} from '../eventstore/index.ts';
import type { EventMetadata, EventStore } from '../eventstore/port.ts';
import type { JobHandlerFactory } from '../jobs/handlers.ts';
import { createJobSystem, type JobSystem } from '../jobs/system.ts';
import { createLogger, type Logger } from '../logger.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createProjectionRegistry, type ProjectionRegistry } from '../projections/core/registry.ts';
import type { Projection } from '../projections/core/types.ts';
import { allEventConsumers } from './event-consumers.ts';
import { onShutdownSignal } from './signals.ts';
import { startWorkers, type Workers } from './workers.ts';

/**
 * What a process is for; it decides the defaults of `openRuntime`:
 *  - 'web': `npm start`, the web process; its workers run too unless RUN_WORKERS=false;
 *  - 'worker': `npm run worker`, workers only;
 *  - 'cli': an operator command (`npm run projections|articles|users|ingest|seed`): quiet logs,
 *    no workers;
 *  - 'bench': a benchmark (`npm run bench:*`) on its scratch database: warnings only, no workers;
 *  - 'test': an int test on its own database (`databaseUrl`); silent logs, no migrations (the
 *    test database is a copy of a migrated template), no workers unless asked.
 */
export type RuntimeRole = 'web' | 'worker' | 'cli' | 'bench' | 'test';

export interface OpenRuntimeOptions {
  role: RuntimeRole;
  /** The app database. Default: DATABASE_URL, else the embedded PostgreSQL (resolveDatabase). */
  databaseUrl?: string;
  /** Connection pools: knex's and the PostgreSQL event store's. Default 10 each. */
  pools?: { knex?: number; eventStore?: number };
  /** Event types besides the app's (src/events): a benchmark's or a test's own. */
  events?: readonly EventDefinition[];
  /** Default: the role's logger (see `roleLogger`). */
  logger?: Logger;
  /** The projections the workers run and appends wake. Default: allEventConsumers. */
  projections?: readonly Projection[];
  /**
   * Where BullMQ keeps its queues. Default: REDIS_URL with prefix 'pitwall', else the app
   * database. Tests pass the machine's Redis with a unique prefix while their config has no
   * REDIS_URL (so rate limits stay in their own database).
   */
  jobs?: { redisUrl?: string; prefix?: string };
  /**
   * Workers of this process: the projection runners, the safety poll and the handlers of
   * `handlerFactories` (default: allJobHandlerFactories). Default: on for 'worker', on for
   * 'web' unless RUN_WORKERS=false, off for 'cli' and 'test'.
   */
  workers?: boolean | { handlerFactories?: readonly JobHandlerFactory[] };
  /** Run the migrations at open. Default: on, except for 'test'. */
  migrate?: boolean;
  /**
   * Check the personal-data key against the database's recorded fingerprint (and record it on
   * the first start), then make it the process's keyring. Default: on, except for 'test'.
   */
  verifyPiiKey?: boolean;
  /** The clock of the mailer (and of tests' commands). Default: the system clock. */
  now?: () => Date;
  /**
   * Close on the first SIGINT/SIGTERM (then exit), also while still opening: whatever is open
   * by then is closed. Default: on for 'web' and 'worker'.
   */
  closeOnSignal?: boolean;
}

/**
 * The parts of a running process, built in one place (this file). Every entry point — the web
 * process, the worker, each CLI, the benchmarks and the int-test harness — opens one and closes
 * it; nothing else constructs a knex pool, an event store, a job system or a mailer for the app.
 */
export interface Runtime {
  readonly role: RuntimeRole;
  readonly config: Config;
  readonly logger: Logger;
  /** The app database: its URL, and whether it is configured or the embedded server. */
  readonly database: { readonly url: string; readonly kind: ResolvedDatabase['kind'] };
  readonly knex: Knex;
  readonly eventStore: EventStore;
  readonly jobs: JobSystem;
  readonly mailer: Mailer;
  readonly projections: ProjectionRegistry;
  /** The workers, when this process runs them (see OpenRuntimeOptions.workers). */
  readonly workers: Workers | null;
  readonly now: () => Date;
  /**
   * Dependencies of commands run by `actor`: the event store, the clock, the logger, and the
   * projections' wake-up after every append (a failed wake-up is logged; the poll catches up).
   */
  commandDeps(
    actor: NonNullable<EventMetadata['actor']>,
    correlationId?: string,
  ): CommandDeps & { eventStore: EventStore; logger: Logger };
  /**
   * Adds something opened on top of the runtime (a web server, a demo seed in progress);
   * `close()` closes it before every part opened earlier.
   */
  onClose(close: () => Promise<void>): void;
  /**
   * Closes everything in the reverse order of opening: what `onClose` added, workers, job
   * system, mailer, event store, knex, then the embedded database if this process started it.
   * A failure is logged and the rest still close. Idempotent: a second call waits for the first.
   */
  close(): Promise<void>;
}

/**
 * `npm start` and `npm run worker` run as production unless NODE_ENV says otherwise (`npm run
 * dev` sets development): JSON logs, redacted kept mail, and for the web process the built
 * bundle, the strict CSP and no error details. Call before the configuration is read.
 */
export function productionUnlessSet(env: NodeJS.ProcessEnv = process.env): void {
  env.NODE_ENV ||= 'production';
}

/**
 * Reads the configuration from the environment; a bad value prints the message naming the
 * variable and exits with `exitCode` (1 for the servers, 2 — a usage error — for the CLIs).
 * `serving`: the web process, which also needs what production requires (`servingProblems`).
 */
export function configOrExit(
  exitCode: number,
  env: NodeJS.ProcessEnv = process.env,
  opts: { serving?: boolean } = {},
): Config {
  try {
    return loadConfig(env, opts);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(exitCode);
    }
    throw err;
  }
}

/**
 * The role's logger: the web process pretty-prints outside production, the worker in
 * development; CLIs print warnings only unless LOG_LEVEL is set (their output is the point);
 * benchmarks print warnings as JSON lines; tests are silent unless TEST_LOG_LEVEL is set.
 */
export function roleLogger(config: Config, role: RuntimeRole): Logger {
  switch (role) {
    case 'web':
      return createLogger({ level: config.LOG_LEVEL, pretty: config.NODE_ENV !== 'production' });
    case 'worker':
      return createLogger({ level: config.LOG_LEVEL, pretty: config.NODE_ENV === 'development' });
    case 'cli': {
      // The default level (info) unless asked for in the environment: warnings only.
      const level =
        process.env.LOG_LEVEL || config.LOG_LEVEL !== 'info' ? config.LOG_LEVEL : 'warn';
      return createLogger({ level, pretty: level !== 'silent' });
    }
    case 'bench':
      return createLogger({ level: 'warn', pretty: false });
    case 'test':
      return createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', pretty: false });
    default: {
      const unreachable: never = role;
      throw new Error(`Unknown role ${String(unreachable)}`);
    }
  }
}

function workersWanted(config: Config, opts: OpenRuntimeOptions): boolean {
  if (opts.workers !== undefined) return opts.workers !== false;
  if (opts.role === 'worker') return true;
  if (opts.role === 'web') return config.RUN_WORKERS !== false;
  return false;
}

/**
 * Opens the parts of a process in order — database (resolved unless given), migrations, event
 * store, projection registry, job system, mailer, workers — and returns them with one `close()`.
 * If a step fails, what was opened is closed before the error is rethrown.
 */
export async function openRuntime(config: Config, opts: OpenRuntimeOptions): Promise<Runtime> {
  const logger = opts.logger ?? roleLogger(config, opts.role);
  const closers: { name: string; close: () => Promise<void> }[] = [];
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const { name, close: stop } of closers.splice(0).reverse()) {
        try {
          await stop();
        } catch (err) {
          logger.error({ err, part: name }, 'error while shutting down');
        }
      }
    })();
    return closing;
  };

  if (opts.closeOnSignal ?? (opts.role === 'web' || opts.role === 'worker'))
    onShutdownSignal(logger, close);

  try {
    const database: ResolvedDatabase =
      opts.databaseUrl !== undefined
        ? { url: opts.databaseUrl, kind: 'configured', stop: () => Promise.resolve() }
        : await resolveDatabase(config, logger);
    closers.push({ name: 'database', close: () => database.stop() });

    const knex = createKnex(database.url, { poolMax: opts.pools?.knex ?? 10, logger });
    closers.push({ name: 'knex', close: () => knex.destroy() });
    if (opts.migrate ?? opts.role !== 'test') {
      const applied = await migrateLatest(knex);
      if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    }
    if (opts.verifyPiiKey ?? opts.role !== 'test') {
      // One personal-data key per database: a process with another refuses to start.
      const keyring = new PiiKeyring(resolvePiiMasterSecret(config));
      await verifyPiiKey(knex, keyring, (opts.now ?? (() => new Date()))());
      setPiiKeyring(keyring);
    }

    const eventStore = createEventStore({
      config,
      logger,
      registry: createEventRegistry([...allEventDefinitions, ...(opts.events ?? [])]),
      url: database.url,
      ...(opts.pools?.eventStore !== undefined ? { poolMax: opts.pools.eventStore } : {}),
    });
    closers.push({ name: 'event store', close: () => eventStore.close() });

    const projections = createProjectionRegistry(opts.projections ?? allEventConsumers);
    const redisUrl = opts.jobs?.redisUrl ?? config.REDIS_URL;
    const jobs = await createJobSystem({
      config: { REDIS_URL: redisUrl, DATABASE_URL: database.url },
      databaseUrl: database.url,
      knex,
      logger,
      projections,
      ...(opts.jobs?.prefix !== undefined ? { prefix: opts.jobs.prefix } : {}),
    });
    closers.push({ name: 'jobs', close: () => jobs.close() });

    const now = opts.now ?? (() => new Date());
    const mailer = createMailer({
      knex,
      logger,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      now,
      redactKept: config.NODE_ENV === 'production',
    });
    closers.push({ name: 'mailer', close: () => mailer.close() });

    const parts = { config, logger, knex, eventStore, jobs, projections };
    let workers: Workers | null = null;
    if (workersWanted(config, opts)) {
      const factories =
        typeof opts.workers === 'object' ? opts.workers.handlerFactories : undefined;
      workers = await startWorkers(parts, factories ? { handlerFactories: factories } : {});
      const started = workers;
      closers.push({ name: 'workers', close: () => started.stop() });
    }

    return {
      role: opts.role,
      config,
      logger,
      database: { url: database.url, kind: database.kind },
      knex,
      eventStore,
      jobs,
      mailer,
      projections,
      workers,
      now,
      commandDeps: (actor, correlationId) => ({
        eventStore,
        actor,
        logger,
        now,
        ...(correlationId !== undefined ? { correlationId } : {}),
        notifyAppended: (a) => jobs.notifyAppended(a.position, a.eventTypes),
      }),
      onClose: (stop) => {
        if (closing) throw new Error('The runtime is closed');
        closers.push({ name: 'added', close: stop });
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
