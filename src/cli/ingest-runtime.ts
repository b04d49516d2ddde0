import type { Knex } from 'knex';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createKnex } from '../db/knex.ts';
import { migrateLatest } from '../db/migrate.ts';
import { resolveDatabase } from '../db/resolve-database.ts';
import { allEventDefinitions } from '../events/index.ts';
import { createEventRegistry, createEventStore } from '../eventstore/index.ts';
import type { EventStore } from '../eventstore/port.ts';
import { createLogger, type Logger } from '../logger.ts';
import { rebuildStaleProjections } from '../projections/core/rebuild.ts';
import { createProjectionRunner } from '../projections/core/runner.ts';
import { allProjections } from '../projections/index.ts';

/** What `npm run ingest` and `npm run seed` share: the process set-up, progress lines, projections. */

export interface CliRuntime {
  config: Config;
  logger: Logger;
  knex: Knex;
  eventStore: EventStore;
  close(): Promise<void>;
}

/** Config, database (embedded or configured), migrations and the event store. */
export async function openCliRuntime(opts: { storePool?: number } = {}): Promise<CliRuntime> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  // Quiet by default: the command's own output is the point; LOG_LEVEL=info shows more.
  const logger = createLogger({
    level: process.env.LOG_LEVEL ? config.LOG_LEVEL : 'warn',
    pretty: true,
  });
  const database = await resolveDatabase(config, logger);
  const knex = createKnex(database.url, { poolMax: 8 });
  await migrateLatest(knex);
  const eventStore = createEventStore({
    config,
    logger,
    registry: createEventRegistry(allEventDefinitions),
    url: database.url,
    poolMax: opts.storePool ?? 16,
  });
  return {
    config,
    logger,
    knex,
    eventStore,
    close: async () => {
      await eventStore.close();
      await knex.destroy();
      await database.stop();
    },
  };
}

/**
 * A progress line on stderr: rewritten in place on a terminal, otherwise printed at most every
 * `everyMs` (and always when forced), so logs of long runs stay readable.
 */
export function progressLine(out: NodeJS.WriteStream = process.stderr, everyMs = 5_000) {
  let last = 0;
  let pending = false;
  return {
    update(text: string, force = false) {
      const now = Date.now();
      if (out.isTTY) {
        if (force || now - last >= 200) {
          out.write(`\r\x1b[2K${text}`);
          last = now;
          pending = true;
        }
      } else if (force || now - last >= everyMs) {
        out.write(`${text}\n`);
        last = now;
      }
    },
    /** Ends a rewritten line so the next output starts on its own line. */
    done() {
      if (out.isTTY && pending) out.write('\n');
      pending = false;
    },
  };
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en');
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export interface CatchUpSummary {
  projection: string;
  events: number;
  outcome: string;
}

/**
 * Brings every projection up to the log's head, as a worker would: builds the ones never built
 * (and rebuilds those whose version changed), then applies what was appended since. A projection
 * another process is running right now ('busy') is left to it.
 */
export async function catchUpProjections(
  deps: { knex: Knex; eventStore: EventStore; logger: Logger },
  onProgress?: (text: string) => void,
): Promise<CatchUpSummary[]> {
  const built = await rebuildStaleProjections(deps, allProjections, {
    onProgress: (p) =>
      onProgress?.(`projections: building ${p.projection}: ${fmt(p.eventsApplied)} events`),
  });
  const summaries: CatchUpSummary[] = built.map((r) => ({
    projection: r.projection,
    events: r.kind === 'rebuilt' ? r.eventsApplied : 0,
    outcome: r.kind === 'rebuilt' ? 'built' : `skipped (${r.reason})`,
  }));
  const runner = createProjectionRunner(deps, { batchSize: 1000 });
  for (const projection of allProjections) {
    onProgress?.(`projections: catching up ${projection.name}`);
    const result = await runner.runUntilCaughtUp(projection);
    const events = result.kind === 'caught-up' ? result.eventsApplied : 0;
    const previous = summaries.find((s) => s.projection === projection.name);
    if (previous) previous.events += events;
    else
      summaries.push({
        projection: projection.name,
        events,
        outcome: result.kind === 'busy' ? 'run by another process' : result.kind,
      });
  }
  return summaries;
}
