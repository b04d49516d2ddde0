import { configOrExit, openRuntime } from '../app/runtime.ts';
import type { RebuildProgress } from '../projections/core/rebuild.ts';
import { rebuildProjections } from '../projections/core/rebuild-many.ts';
import { UnknownProjectionError, type ProjectionRegistry } from '../projections/core/registry.ts';
import type { RunnerDeps } from '../projections/core/runner.ts';
import { formatStatusTable, projectionStatuses } from '../projections/core/status.ts';
import { allEventConsumers } from '../app/event-consumers.ts';
import { runMain } from './output.ts';

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
  const config = configOrExit(2);
  const known = allEventConsumers.map((p) => p.name);
  if (command.kind === 'rebuild' && command.target !== 'all' && !known.includes(command.target)) {
    process.stderr.write(`${new UnknownProjectionError(command.target, known).message}\n`);
    return 2;
  }
  // Rebuilds side by side: each holds a lock connection, and racing_results' finish writes on 4.
  const rt = await openRuntime(config, {
    role: 'cli',
    pools: { knex: 8, eventStore: 2 },
  });
  const { knex, eventStore, logger, projections: registry } = rt;
  try {
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
    await rt.close();
  }
}

runMain(import.meta.url, main);
