import path from 'node:path';
import { parseArgs } from 'node:util';
import { RATING_CHARTS, type RatingChart } from '../events/racing/drivers.ts';
import { importRecordedExchanges } from '../ingest/import/index.ts';
import { resolveSource, type ResolvedSource } from '../ingest/jobs/source.ts';
import {
  IngestWriter,
  ingestCatalog,
  ingestDrivers,
  ingestResults,
  type IngestContext,
  type IngestCounts,
  type IngestFailure,
} from '../ingest/pipeline/index.ts';
import { catchUpAll } from '../app/catch-up.ts';
import { configOrExit, openRuntime, type Runtime } from '../app/runtime.ts';
import { fmt, progressLine, runMain, seconds } from './output.ts';

const USAGE = `Usage:
  npm run ingest -- catalog [--season 2025-4 …]           series, seasons with schedules, cars, tracks
  npm run ingest -- results --from <date> --to <date>     race results started in [from, to)
                   [--series <id>] [--event-types 5,3]
  npm run ingest -- drivers <custId…> [--charts irating,license]
                                                          profiles and rating charts
  npm run ingest -- import <dir>                          recorded exchanges (fixture format), offline

Options:
  --demo            run against the demo world instead of the iRacing Data API
  --concurrency N   requests in flight (default 8)
  --no-projections  do not bring the read models up to date afterwards

The iRacing Data API needs IRACING_CLIENT_ID, IRACING_CLIENT_SECRET, IRACING_USERNAME and
IRACING_PASSWORD. Re-running any command appends only what changed at the source.`;

export type IngestCommand =
  | { kind: 'catalog'; quarters: { year: number; quarter: number }[] }
  | { kind: 'results'; from: Date; to: Date; seriesId?: number; eventTypes?: number[] }
  | { kind: 'drivers'; custIds: number[]; charts: RatingChart[] }
  | { kind: 'import'; dir: string };

export interface IngestArgs {
  command: IngestCommand;
  demo: boolean;
  concurrency: number;
  projections: boolean;
}

export type ParsedIngestArgs = IngestArgs | { kind: 'help' } | { kind: 'invalid'; message: string };

const invalid = (message: string): ParsedIngestArgs => ({ kind: 'invalid', message });

/** Parses `npm run ingest -- …`. Pure. */
export function parseIngestArgs(argv: readonly string[]): ParsedIngestArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        demo: { type: 'boolean', default: false },
        concurrency: { type: 'string' },
        'no-projections': { type: 'boolean', default: false },
        from: { type: 'string' },
        to: { type: 'string' },
        series: { type: 'string' },
        'event-types': { type: 'string' },
        season: { type: 'string', multiple: true },
        charts: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    return invalid(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  if (values.help || name === undefined || name === 'help') return { kind: 'help' };
  const concurrency = values.concurrency === undefined ? 8 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    return invalid('--concurrency must be an integer in 1..64');
  }
  const common = { demo: values.demo, concurrency, projections: !values['no-projections'] };

  switch (name) {
    case 'catalog': {
      const quarters: { year: number; quarter: number }[] = [];
      for (const s of values.season ?? []) {
        const m = /^(\d{4})-([1-4])$/.exec(s);
        if (!m) return invalid(`--season ${s}: expected <year>-<quarter>, e.g. 2025-4`);
        quarters.push({ year: Number(m[1]), quarter: Number(m[2]) });
      }
      if (rest.length > 0) return invalid('catalog takes no arguments');
      return { ...common, command: { kind: 'catalog', quarters } };
    }
    case 'results': {
      if (!values.from || !values.to)
        return invalid('results needs --from and --to (dates or ISO times)');
      const from = new Date(values.from);
      const to = new Date(values.to);
      if (Number.isNaN(from.getTime())) return invalid(`--from ${values.from} is not a date`);
      if (Number.isNaN(to.getTime())) return invalid(`--to ${values.to} is not a date`);
      if (to <= from) return invalid('--to must be after --from');
      const command: IngestCommand = { kind: 'results', from, to };
      if (values.series !== undefined) {
        const id = Number(values.series);
        if (!Number.isInteger(id) || id <= 0) return invalid('--series must be a series id');
        command.seriesId = id;
      }
      if (values['event-types'] !== undefined) {
        const types = values['event-types'].split(',').map((t) => Number(t.trim()));
        if (types.some((t) => ![2, 3, 4, 5].includes(t))) {
          return invalid('--event-types: 2 practice, 3 qualify, 4 time trial, 5 race');
        }
        command.eventTypes = types;
      }
      return { ...common, command };
    }
    case 'drivers': {
      const custIds = rest.map(Number);
      if (custIds.length === 0) return invalid('drivers needs at least one customer id');
      if (custIds.some((id) => !Number.isInteger(id) || id <= 0))
        return invalid('customer ids are positive integers');
      const charts = (values.charts ?? 'irating').split(',').map((c) => c.trim());
      const known = new Set<string>(RATING_CHARTS);
      if (charts.some((c) => !known.has(c)))
        return invalid(`--charts: one or more of ${RATING_CHARTS.join(', ')}`);
      return { ...common, command: { kind: 'drivers', custIds, charts: charts as RatingChart[] } };
    }
    case 'import': {
      if (rest.length !== 1 || !rest[0]) return invalid('import needs one directory');
      return { ...common, command: { kind: 'import', dir: path.resolve(rest[0]) } };
    }
    default:
      return invalid(`unknown command ${JSON.stringify(name)}`);
  }
}

export const NO_CREDENTIALS = `No iRacing credentials are configured (IRACING_CLIENT_ID, IRACING_CLIENT_SECRET,
IRACING_USERNAME, IRACING_PASSWORD), so there is no Data API to ingest from.
  • For demo data, run:  npm run seed            (or npm run seed -- --drivers 100000)
  • To run this command against the demo world:  add --demo
  • To import recorded exchanges offline:        npm run ingest -- import <dir>`;

function countsLine(c: IngestCounts): string {
  return `${fmt(c.appended)} events appended (${fmt(c.corrected)} corrections), ${fmt(c.unchanged)} facts unchanged`;
}

function printFailures(failed: readonly IngestFailure[]): void {
  if (failed.length === 0) return;
  process.stdout.write(`${fmt(failed.length)} failed:\n`);
  for (const f of failed.slice(0, 20)) {
    process.stdout.write(
      `  - ${f.subject}: ${f.message}${f.retryable ? ' (worth retrying)' : ''}\n`,
    );
  }
  if (failed.length > 20) process.stdout.write(`  … and ${fmt(failed.length - 20)} more\n`);
}

async function runCommand(
  rt: Runtime,
  args: IngestArgs,
  source: ResolvedSource | null,
): Promise<number> {
  const progress = progressLine();
  const started = Date.now();
  const { command } = args;
  if (command.kind === 'import') {
    const report = await importRecordedExchanges(command.dir, {
      eventStore: rt.eventStore,
      onFolder: (f, i, total) =>
        process.stdout.write(
          `[${i + 1}/${total}] ${f.folder}: ${f.status}${f.endpoint ? ` ${f.endpoint}` : ''}` +
            `${f.status === 'imported' ? `, ${f.facts} facts, ${f.appended} appended` : ''}${f.note ? ` (${f.note})` : ''}\n`,
        ),
    });
    process.stdout.write(
      `Imported ${report.folders.length} folders in ${seconds(Date.now() - started)}: ${countsLine(report.counts)}\n`,
    );
    return report.folders.some((f) => f.status === 'failed') ? 1 : 0;
  }
  if (!source) throw new Error('no source');
  process.stdout.write(`Source: ${source.description}\n`);
  const writer = new IngestWriter(rt.eventStore, {
    now: source.now,
    source: source.source,
    correlationId: `cli-${command.kind}-${started}`,
  });
  const ctx: IngestContext = { client: source.client, writer, concurrency: args.concurrency };
  const rate = () => fmt((writer.counts.appended * 1000) / Math.max(1, Date.now() - started));
  switch (command.kind) {
    case 'catalog': {
      const report = await ingestCatalog(ctx, { quarters: command.quarters });
      process.stdout.write(
        `Catalog: ${report.seasons} seasons, ${report.series} series (from ${report.seriesSource}), ${report.cars} cars, ${report.tracks} tracks` +
          `${report.unavailable.length ? `; not answered: ${report.unavailable.join(', ')}` : ''}` +
          `${report.duplicates.length ? `; listed twice (the later kept): ${report.duplicates.join(', ')}` : ''}\n`,
      );
      printFailures(report.failed);
      break;
    }
    case 'results': {
      const report = await ingestResults(
        ctx,
        {
          from: command.from,
          to: command.to,
          ...(command.seriesId ? { seriesId: command.seriesId } : {}),
          ...(command.eventTypes ? { eventTypes: command.eventTypes } : {}),
        },
        (p) =>
          progress.update(
            p.phase === 'search'
              ? `window ${p.window}/${p.windows}: searching…`
              : `window ${p.window}/${p.windows}: ${fmt(p.subsessionsDone)}/${fmt(p.found)} subsessions, ${fmt(writer.counts.appended)} events (${rate()}/s), ${fmt(p.failed)} failed`,
          ),
      );
      progress.done();
      process.stdout.write(
        `Results: ${report.windows.length} windows, ${fmt(report.found)} subsessions (${fmt(report.duplicates)} duplicate rows dropped), ${fmt(report.ingested)} recorded, ${fmt(writer.counts.resultRows)} result rows appended\n`,
      );
      printFailures(report.failed);
      break;
    }
    case 'drivers': {
      const report = await ingestDrivers(
        ctx,
        { custIds: command.custIds, charts: command.charts },
        (p) =>
          progress.update(
            `drivers: ${fmt(p.done)}/${fmt(p.total)}, ${fmt(writer.counts.appended)} events`,
          ),
      );
      progress.done();
      process.stdout.write(
        `Drivers: ${report.found}/${report.requested} found${report.missing.length ? ` (unknown: ${report.missing.join(', ')})` : ''}\n`,
      );
      printFailures(report.failed);
      break;
    }
    default: {
      const never: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(never)}`);
    }
  }
  process.stdout.write(
    `Done in ${seconds(Date.now() - started)}: ${countsLine(writer.counts)}, ${rate()} events/s\n`,
  );
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseIngestArgs(argv);
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
    pools: { knex: 8, eventStore: 16 },
  });
  try {
    let source: ResolvedSource | null = null;
    if (args.command.kind !== 'import') {
      source = await resolveSource(rt, args.demo ? 'demo' : 'iracing');
      if (!source) {
        process.stderr.write(`${NO_CREDENTIALS}\n`);
        return 2;
      }
    }
    const code = await runCommand(rt, args, source);
    if (args.projections) {
      const progress = progressLine();
      const started = Date.now();
      const summaries = await catchUpAll(rt, rt.projections.all, (text) => progress.update(text));
      progress.done();
      const applied = summaries.reduce((n, s) => n + s.events, 0);
      process.stdout.write(
        `Read models up to date in ${seconds(Date.now() - started)} (${fmt(applied)} events applied).\n`,
      );
    }
    return code;
  } finally {
    await rt.close();
  }
}

runMain(import.meta.url, main);
