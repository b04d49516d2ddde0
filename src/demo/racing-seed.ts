import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import { ingestCatalog, type CatalogReport } from '../ingest/pipeline/ingest-catalog.ts';
import { ingestDrivers, type DriversReport } from '../ingest/pipeline/ingest-drivers.ts';
import {
  ingestResults,
  type IngestContext,
  type ResultsReport,
} from '../ingest/pipeline/ingest-results.ts';
import {
  DEFAULT_DEMO_SEED,
  createDemoClient,
  demoClock,
  demoWorld,
  demoWorldParamsFor,
  readDemoWorldRecord,
  recordDemoSeeded,
  recordDemoSeeding,
} from './racing-world.ts';
import { IngestWriter, type AppendedNotice, type IngestCounts } from '../ingest/pipeline/writer.ts';

export interface SeedDeps {
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
  /** When workers run (npm start), appends wake the projections through it. */
  jobs?: {
    notifyAppended(
      position: AppendedNotice['position'],
      eventTypes: readonly string[],
    ): Promise<void>;
  };
}

export type SeedPhase = 'world' | 'catalog' | 'results' | 'drivers' | 'done';

export interface SeedProgress {
  phase: SeedPhase;
  /** Progress inside the phase (subsessions, drivers). */
  done: number;
  total: number;
  subsessions: number;
  drivers: number;
  /** Events appended so far, and result rows in them. */
  appended: number;
  resultRows: number;
  elapsedMs: number;
  /** Appended events per second since the start. */
  eventsPerSecond: number;
}

export interface SeedOptions {
  deps: SeedDeps;
  /** Members of the demo world. Default 5,000 (the embedded default). */
  drivers?: number;
  seed?: number;
  /**
   * The day the world's "now" is anchored to (null: the fixed calendar). Default: the day this
   * database's world of the same seed and size was first seeded, else today (`clock`).
   */
  asOf?: string | null;
  /** Today, for a first seed's anchor. Default: the system clock. */
  clock?: () => Date;
  onProgress?: (p: SeedProgress) => void;
  /** Fetch-and-record operations in flight. Default 12. */
  concurrency?: number;
  /** Return at once when this database already completed a seed of the same world (npm start). */
  skipIfSeeded?: boolean;
  signal?: AbortSignal;
}

export interface SeedReport {
  skipped: boolean;
  seed: number;
  drivers: number;
  asOf: string | null;
  catalog: CatalogReport | null;
  results: ResultsReport | null;
  driverProfiles: DriversReport | null;
  counts: IngestCounts | null;
  elapsedMs: number;
  eventsPerSecond: number;
}

export const DEFAULT_SEED_DRIVERS = 5_000;

/**
 * Seeds the deterministic demo world through the REAL client (over the demo fetch) and the same
 * pipeline as a real ingest: catalog (every simulated season), race results of the whole world
 * (results/search_series in ≤ 90-day windows, then results/get per subsession), then member/get
 * and the iRating charts of every driver met in the results.
 *
 * Idempotent: the same seed and size give byte-identical payloads, so a second run appends no
 * event (the recorder compares content). Records the world's parameters in ingest_demo_world,
 * so later re-fetches (session replays) rebuild the same world. Does not run projections: workers
 * do (woken through `deps.jobs`), or the caller runs them (`npm run seed` does).
 */
export async function seedDemoData(opts: SeedOptions): Promise<SeedReport> {
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const drivers = opts.drivers ?? DEFAULT_SEED_DRIVERS;
  const { knex, eventStore, logger, jobs } = opts.deps;
  const started = Date.now();
  const params =
    opts.asOf === undefined
      ? await demoWorldParamsFor(knex, {
          seed,
          drivers,
          today: (opts.clock ?? (() => new Date()))(),
        })
      : { seed, drivers, asOf: opts.asOf };
  const report: SeedReport = {
    skipped: false,
    seed,
    drivers,
    asOf: params.asOf,
    catalog: null,
    results: null,
    driverProfiles: null,
    counts: null,
    elapsedMs: 0,
    eventsPerSecond: 0,
  };

  const previous = await readDemoWorldRecord(knex);
  if (
    opts.skipIfSeeded &&
    previous?.status === 'seeded' &&
    previous.seed === seed &&
    previous.drivers === drivers &&
    previous.asOf === params.asOf
  ) {
    return { ...report, skipped: true };
  }
  if (
    previous &&
    (previous.seed !== seed || previous.drivers !== drivers || previous.asOf !== params.asOf)
  ) {
    logger.warn(
      {
        previous: { seed: previous.seed, drivers: previous.drivers, asOf: previous.asOf },
        next: params,
      },
      'this database holds another demo world: facts with the same ids will be corrected',
    );
  }
  await recordDemoSeeding(knex, params);

  const world = demoWorld(params);
  const writer = new IngestWriter(eventStore, {
    now: demoClock(world),
    source: 'demo',
    correlationId: `seed-${seed}-${drivers}`,
    ...(jobs
      ? { onAppended: (n: AppendedNotice) => jobs.notifyAppended(n.position, n.eventTypes) }
      : {}),
  });
  const met = new Set<number>();
  const ctx: IngestContext = {
    client: createDemoClient(world),
    writer,
    concurrency: opts.concurrency ?? 12,
    onSubsession: (data) => {
      for (const s of data.simsessions) for (const r of s.results) met.add(r.custId);
    },
    ...(opts.signal ? { signal: opts.signal } : {}),
  };

  let subsessions = 0;
  const progress = (phase: SeedPhase, done: number, total: number) => {
    const elapsedMs = Date.now() - started;
    opts.onProgress?.({
      phase,
      done,
      total,
      subsessions,
      drivers: phase === 'drivers' ? done : 0,
      appended: writer.counts.appended,
      resultRows: writer.counts.resultRows,
      elapsedMs,
      eventsPerSecond: elapsedMs > 0 ? (writer.counts.appended * 1000) / elapsedMs : 0,
    });
  };

  progress('catalog', 0, 1);
  report.catalog = await ingestCatalog(ctx, {
    quarters: world.seasons.map((s) => ({ year: s.year, quarter: s.quarter })),
  });
  progress('catalog', 1, 1);

  report.results = await ingestResults(
    ctx,
    { from: new Date(world.startMs), to: new Date(world.nowMs) },
    (p) => {
      subsessions = p.subsessionsDone;
      progress('results', p.subsessionsDone, p.found);
    },
  );
  subsessions = report.results.ingested;

  const custIds = [...met].sort((a, b) => a - b);
  report.driverProfiles = await ingestDrivers(ctx, { custIds, charts: ['irating'] }, (p) =>
    progress('drivers', p.done, p.total),
  );
  await writer.flush();

  report.counts = writer.counts;
  report.elapsedMs = Date.now() - started;
  report.eventsPerSecond =
    report.elapsedMs > 0 ? (writer.counts.appended * 1000) / report.elapsedMs : 0;
  if (!opts.signal?.aborted) {
    await recordDemoSeeded(knex, {
      subsessions: report.results.ingested,
      failedSubsessions: report.results.failed.length,
      drivers: report.driverProfiles.found,
      appended: writer.counts.appended,
      resultRows: writer.counts.resultRows,
      elapsedMs: report.elapsedMs,
    });
  }
  progress('done', 1, 1);
  return report;
}
