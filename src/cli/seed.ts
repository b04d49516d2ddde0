import { parseArgs } from 'node:util';
import {
  DEFAULT_DEMO_SEED,
  DEFAULT_SEED_DRIVERS,
  seedDemoData,
  type SeedProgress,
} from '../demo/index.ts';
import { catchUpAll } from '../app/catch-up.ts';
import { configOrExit, openRuntime } from '../app/runtime.ts';
import { fmt, progressLine, runMain, seconds } from './output.ts';

export { seedDemoData } from '../demo/index.ts';

const USAGE = `Usage:
  npm run seed -- [--drivers N] [--seed S] [--concurrency C] [--no-projections]

Generates the deterministic demo world (default ${fmt(DEFAULT_SEED_DRIVERS)} drivers, seed ${DEFAULT_DEMO_SEED}) and
ingests it through the real iRacing client and the ingest pipeline, then brings the read models
up to date. Running it again with the same options appends nothing.
--drivers 100000 gives more than 1,000,000 race result rows.`;

export interface SeedArgs {
  drivers: number;
  seed: number;
  concurrency: number;
  projections: boolean;
}

export function parseSeedArgs(
  argv: readonly string[],
): SeedArgs | { kind: 'help' } | { kind: 'invalid'; message: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        drivers: { type: 'string' },
        seed: { type: 'string' },
        concurrency: { type: 'string' },
        'no-projections': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    return { kind: 'invalid', message: err instanceof Error ? err.message : String(err) };
  }
  if (values.help) return { kind: 'help' };
  const drivers =
    values.drivers === undefined
      ? DEFAULT_SEED_DRIVERS
      : Number(values.drivers.replace(/[_,]/g, ''));
  const seed = values.seed === undefined ? DEFAULT_DEMO_SEED : Number(values.seed);
  const concurrency = values.concurrency === undefined ? 12 : Number(values.concurrency);
  if (!Number.isInteger(drivers) || drivers < 50 || drivers > 1_000_000) {
    return { kind: 'invalid', message: '--drivers must be an integer in 50..1,000,000' };
  }
  if (!Number.isInteger(seed)) return { kind: 'invalid', message: '--seed must be an integer' };
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    return { kind: 'invalid', message: '--concurrency must be an integer in 1..64' };
  }
  return { drivers, seed, concurrency, projections: !values['no-projections'] };
}

function describe(p: SeedProgress): string {
  const rate = `${fmt(p.eventsPerSecond)} events/s`;
  const head = `[${seconds(p.elapsedMs)}]`;
  switch (p.phase) {
    case 'world':
    case 'catalog':
      return `${head} catalog… ${fmt(p.appended)} events`;
    case 'results':
      return `${head} results: ${fmt(p.done)}/${fmt(p.total)} subsessions, ${fmt(p.resultRows)} result rows, ${fmt(p.appended)} events, ${rate}`;
    case 'drivers':
      return `${head} drivers: ${fmt(p.done)}/${fmt(p.total)}, ${fmt(p.appended)} events, ${rate}`;
    case 'done':
      return `${head} ingest done: ${fmt(p.appended)} events, ${rate}`;
    default: {
      const never: never = p.phase;
      return String(never);
    }
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseSeedArgs(argv);
  if ('kind' in args) {
    if (args.kind === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    process.stderr.write(`${args.message}\n\n${USAGE}\n`);
    return 2;
  }
  const rt = await openRuntime(configOrExit(2), {
    role: 'cli',
    pools: { knex: 8, eventStore: Math.max(8, args.concurrency + 4) },
  });
  try {
    process.stdout.write(
      `Seeding the demo world: ${fmt(args.drivers)} drivers, seed ${args.seed}\n`,
    );
    const progress = progressLine();
    const report = await seedDemoData({
      deps: rt,
      drivers: args.drivers,
      seed: args.seed,
      concurrency: args.concurrency,
      onProgress: (p) => progress.update(describe(p), p.phase === 'done'),
    });
    progress.done();
    const c = report.counts!;
    process.stdout.write(
      `Ingested in ${seconds(report.elapsedMs)}: ${fmt(report.results?.ingested ?? 0)} subsessions, ` +
        `${fmt(report.driverProfiles?.found ?? 0)} drivers, ${report.catalog?.seasons ?? 0} seasons; ` +
        `${fmt(c.appended)} events appended (${fmt(c.resultRows)} result rows), ${fmt(c.unchanged)} unchanged, ` +
        `${fmt(report.eventsPerSecond)} events/s\n`,
    );
    const failures =
      (report.results?.failed.length ?? 0) + (report.driverProfiles?.failed.length ?? 0);
    if (failures > 0) process.stdout.write(`${fmt(failures)} facts failed (see LOG_LEVEL=info)\n`);
    if (args.projections) {
      const started = Date.now();
      const summaries = await catchUpAll(rt, rt.projections.all, (text) =>
        progress.update(`[${seconds(Date.now() - started)}] ${text}`),
      );
      progress.done();
      const applied = summaries.reduce((n, s) => n + s.events, 0);
      process.stdout.write(
        `Read models up to date in ${seconds(Date.now() - started)} (${fmt(applied)} events applied).\n`,
      );
    }
    return failures > 0 ? 1 : 0;
  } finally {
    await rt.close();
  }
}

runMain(import.meta.url, main);
