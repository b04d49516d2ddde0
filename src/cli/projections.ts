import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createKnex } from '../db/knex.ts';
import { migrateLatest } from '../db/migrate.ts';
import { resolveDatabase } from '../db/resolve-database.ts';
import { allEventDefinitions } from '../events/index.ts';
import { createEventRegistry, createEventStore } from '../eventstore/index.ts';
import { createLogger, type Logger } from '../logger.ts';
import type { RebuildProgress } from '../projections/core/rebuild.ts';
import { rebuildProjections } from '../projections/core/rebuild-many.ts';
import {
  createProjectionRegistry,
  UnknownProjectionError,
  type ProjectionRegistry,
} from '../projections/core/registry.ts';
import type { RunnerDeps } from '../projections/core/runner.ts';
import { formatStatusTable, projectionStatuses } from '../projections/core/status.ts';
import { allProjections } from '../projections/index.ts';

const USAGE = `Usage:
  npm run projections -- status                 checkpoint, head, lag and state of every projection
  npm run projections -- rebuild <name|all>     replay the log into fresh tables, then swap them in

Rebuilds run next to live workers: the live tables keep serving until the atomic swap.
"rebuild all" rebuilds two projections at a time.`;

type Command = { kind: 'status' } | { kind: 'rebuild'; target: string } | { kind: 'help' };

export function parseArgs(argv: readonly string[]): Command | { kind: 'invalid'; message: string } {
  const [command, ...rest] = argv;
  switch (command) {
    case 'status':
      return rest.length === 0
        ? { kind: 'status' }
        : { kind: 'invalid', message: 'status takes no arguments' };
    case 'rebuild':
      return rest.length === 1 && rest[0]
        ? { kind: 'rebuild', target: rest[0] }
        : { kind: 'invalid', message: 'rebuild needs one projection name, or all' };
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    default:
      return { kind: 'invalid', message: `unknown command ${JSON.stringify(command)}` };
  }
}

/**
 * One progress line per batch on a terminal (rewritten in place; with rebuilds side by side the
 * line shows whichever reported last), every 20th batch otherwise; the swap's line always stays.
 */
function progressPrinter(out: NodeJS.WriteStream) {
  const started = new Map<string, number>();
  return (p: RebuildProgress) => {
    const since = started.get(p.projection) ?? Date.now();
    started.set(p.projection, since);
    const seconds = (Date.now() - since) / 1000;
    const rate = seconds > 0 ? Math.round(p.eventsApplied / seconds) : 0;
    const text = `[${p.projection}] ${p.phase}: ${p.eventsApplied.toLocaleString('en')} events, ${p.batches} batches, at ${p.position} (head at start ${p.headAtStart}), ${rate.toLocaleString('en')} ev/s`;
    if (out.isTTY) out.write(`\r\x1b[2K${text}${p.phase === 'swap' ? '\n' : ''}`);
    else if (p.phase !== 'replay' || p.batches % 20 === 0) out.write(`${text}\n`);
  };
}

/** `rebuild <name|all>`: `all` rebuilds side by side (rebuildProjections), as the worker does. */
async function rebuild(
  deps: RunnerDeps,
  registry: ProjectionRegistry,
  target: string,
): Promise<boolean> {
  const projections = registry.select(target === 'all' ? 'all' : [target]);
  const outcomes = await rebuildProjections(deps, projections, {
    onProgress: progressPrinter(process.stderr),
    onDone: (o) => {
      if (!o.ok) {
        const message = o.error instanceof Error ? o.error.message : String(o.error);
        process.stdout.write(`✗ ${o.projection}: ${message} (live tables unchanged)\n`);
      } else if (o.result.kind === 'skipped') {
        process.stdout.write(
          `- ${o.projection}: skipped (${o.result.reason === 'locked' ? 'another rebuild of it is running' : o.result.reason})\n`,
        );
      } else {
        process.stdout.write(
          `✓ ${o.projection} v${o.result.version}: ${o.result.eventsApplied} events applied in ${o.seconds.toFixed(1)}s, checkpoint ${o.result.position}\n`,
        );
      }
    },
  });
  return outcomes.every((o) => o.ok && o.result.kind === 'rebuilt');
}

async function main(argv: readonly string[]): Promise<number> {
  const command = parseArgs(argv);
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command.kind === 'invalid') {
    process.stderr.write(`${command.message}\n\n${USAGE}\n`);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  }
  // Quiet by default: the command's own output is the point; LOG_LEVEL=info shows more.
  const logger: Logger = createLogger({
    level: process.env.LOG_LEVEL ? config.LOG_LEVEL : 'warn',
    pretty: true,
  });
  const registry = createProjectionRegistry(allProjections);
  if (command.kind === 'rebuild' && command.target !== 'all' && !registry.has(command.target)) {
    process.stderr.write(`${new UnknownProjectionError(command.target, registry.names).message}\n`);
    return 2;
  }
  const database = await resolveDatabase(config, logger);
  // Rebuilds side by side: each holds a lock connection, and racing_results' finish writes on 4.
  const knex = createKnex(database.url, { poolMax: 8 });
  const eventStore = createEventStore({
    config,
    logger,
    registry: createEventRegistry(allEventDefinitions),
    url: database.url,
    poolMax: 2,
  });
  try {
    await migrateLatest(knex);
    switch (command.kind) {
      case 'status': {
        const rows = await projectionStatuses({ knex, eventStore }, registry);
        process.stdout.write(
          `${rows.length ? formatStatusTable(rows) : 'No projections are registered.'}\n`,
        );
        return 0;
      }
      case 'rebuild':
        return (await rebuild({ knex, eventStore, logger }, registry, command.target)) ? 0 : 1;
      default: {
        const unreachable: never = command;
        throw new Error(`Unhandled command ${JSON.stringify(unreachable)}`);
      }
    }
  } finally {
    await eventStore.close();
    await knex.destroy();
    await database.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
