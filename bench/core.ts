/**
 * `npm run bench:core` — the core spine's throughput, side by side on ONE scratch database in one
 * run (docs/benchmarks.md, section "Core"). Progress lines go to stdout; the LAST line is one JSON
 * object with the figures. Same durability everywhere: synchronous_commit stays on (checked).
 *
 * Env: TEST_DATABASE_URL (server; default postgres://postgres@127.0.0.1:5432/test),
 *      BENCH_SECONDS (time per measured workload, split into interleaved rounds; default 9).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { z } from 'zod';
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import type { Knex } from '../src/db/knex.ts';
import {
  START,
  comparePositions,
  defineEvent,
  newEventId,
  type EventStore,
  type NewEvent,
  type PayloadEvent,
  type Position,
  type StreamRevision,
} from '../src/eventstore/index.ts';
import type { Logger } from '../src/logger.ts';
import { createProjectionRunner } from '../src/projections/core/runner.ts';
import type { Projection } from '../src/projections/core/types.ts';
import { benchServerUrl, dropDatabase, recreateDatabase } from './support/scratch-database.ts';

const DB_NAME = 'pitwall_bench_core';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 9);
const ROUNDS = 3;
const DRIVERS = 2_000;
const TRACKS = 25;
const PROJECTION_BATCH = 1_000;
/** Projection batches per interleaved chunk (then the ceiling writes the same batches). */
const BATCHES_PER_CHUNK = 20;

const say = (line: string): void => console.log(`[bench:core] ${line}`);

// ---------- the workload: lap times, the payload of a leaderboard ----------

const BenchLapCompleted = defineEvent({
  type: 'BenchLapCompleted',
  version: 1,
  schema: z.object({
    driverId: z.number().int(),
    trackId: z.number().int(),
    lapMs: z.number().int().positive(),
    subsessionId: z.number().int(),
  }),
});
type Lap = z.output<typeof BenchLapCompleted.schema>;

let lapSeed = 1;
function nextLap(): Lap {
  // Deterministic pseudo-random spread over drivers and tracks.
  lapSeed = (lapSeed * 1103515245 + 12345) % 2147483648;
  return {
    driverId: lapSeed % DRIVERS,
    trackId: (lapSeed >> 11) % TRACKS,
    lapMs: 80_000 + (lapSeed % 20_000),
    subsessionId: 70_000_000 + (lapSeed % 100_000),
  };
}
const metadata = () => ({
  occurredAt: new Date().toISOString(),
  actor: { type: 'system' as const, id: 'bench' },
});
const lapEvent = (): NewEvent =>
  BenchLapCompleted.create({ id: newEventId(), data: nextLap(), metadata: metadata() });

// ---------- helpers ----------

interface Sample {
  events: number;
  seconds: number;
}
const eps = (s: Sample): number => s.events / s.seconds;

/** Runs `workers` loops for `seconds`; each loop call returns the events it wrote. */
async function timed(
  workers: number,
  seconds: number,
  loop: (w: number) => Promise<number>,
): Promise<Sample> {
  let events = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < deadline) {
        // Not `events += await loop(w)`: that reads `events` before the await and loses the
        // other workers' increments.
        const written = await loop(w);
        events += written;
      }
    }),
  );
  return { events, seconds: (performance.now() - start) / 1000 };
}

const whole = (n: number): number => Math.round(n);

// ---------- phases ----------

/** One single-event workload: setup, one timed slice, teardown. */
interface SingleEventContender {
  label: string;
  slice(seconds: number): Promise<Sample>;
  close(): Promise<void>;
}

/** Bare single-row INSERT commits of the same payload on a plain table: the physical limit. */
async function insertCeiling(url: string): Promise<SingleEventContender> {
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  await pool.query('CREATE TABLE bench_plain (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
  return {
    label: 'insert ceiling',
    slice: (seconds) =>
      timed(16, seconds, async () => {
        await pool.query({
          name: 'bench_plain_insert',
          text: 'INSERT INTO bench_plain (payload) VALUES ($1::jsonb)',
          values: [JSON.stringify(nextLap())],
        });
        return 1;
      }),
    close: () => pool.end(),
  };
}

/** Pitwall's store (validating wrapper included), each writer on its own stream with exact expected revisions. */
function appendSingle(store: EventStore): SingleEventContender {
  const streams = Array.from({ length: 16 }, (_, w) => `benchsingle-${w}-${randomUUID()}`);
  const revisions: (StreamRevision | 'no_stream')[] = streams.map(() => 'no_stream');
  return {
    label: 'pitwall append',
    slice: (seconds) =>
      timed(16, seconds, async (w) => {
        const result = await store.append(streams[w]!, [lapEvent()], {
          expectedRevision: revisions[w]!,
        });
        revisions[w] = result.nextExpectedRevision;
        return 1;
      }),
    close: () => Promise.resolve(),
  };
}

/** The same workload through Emmett's PostgreSQL event store (its own pool of 16). */
async function emmettSingle(url: string): Promise<SingleEventContender> {
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  const emmett = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  // The first append creates emmett's schema; keep it out of the timing.
  await emmett.appendToStream(`emmett-warmup-${randomUUID()}`, [
    { type: 'BenchLapCompleted', data: nextLap() },
  ]);
  const streams = Array.from({ length: 16 }, (_, w) => `emmettsingle-${w}-${randomUUID()}`);
  const versions: (bigint | undefined)[] = streams.map(() => undefined);
  return {
    label: 'emmett append',
    slice: (seconds) =>
      timed(16, seconds, async (w) => {
        const version = versions[w];
        const result = await emmett.appendToStream(
          streams[w]!,
          [{ type: 'BenchLapCompleted', data: nextLap(), metadata: metadata() }],
          version === undefined ? {} : { expectedStreamVersion: version },
        );
        versions[w] = result.nextExpectedStreamVersion;
        return 1;
      }),
    close: async () => {
      await emmett.close();
      await pool.end().catch(() => {});
    },
  };
}

/**
 * The three single-event workloads in interleaved slices (the order rotates every round), so a
 * burst of load from elsewhere on the machine hits all of them alike.
 */
async function singleEventRounds(contenders: SingleEventContender[]): Promise<number[]> {
  const totals = contenders.map(() => ({ events: 0, seconds: 0 }));
  const sliceSeconds = SECONDS / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const i = (round + k) % contenders.length;
      const sample = await contenders[i]!.slice(sliceSeconds);
      totals[i]!.events += sample.events;
      totals[i]!.seconds += sample.seconds;
      say(`  round ${round + 1}/${ROUNDS} ${contenders[i]!.label}: ${whole(eps(sample))} events/s`);
    }
  }
  return totals.map(eps);
}

async function appendBatch(store: EventStore): Promise<number> {
  interface WriterState {
    stream: string;
    batches: number;
    revision: StreamRevision | 'no_stream';
  }
  const state = Array.from({ length: 8 }, (): WriterState => ({
    stream: '',
    batches: 0,
    revision: 'no_stream',
  }));
  const sample = await timed(8, SECONDS, async (w) => {
    const s = state[w]!;
    if (s.batches % 10 === 0) {
      s.stream = `benchbatch-${w}-${randomUUID()}`;
      s.revision = 'no_stream';
    }
    const events = Array.from({ length: 100 }, lapEvent);
    const result = await store.append(s.stream, events, { expectedRevision: s.revision });
    s.revision = result.nextExpectedRevision;
    s.batches += 1;
    return 100;
  });
  return eps(sample);
}

async function readAll(store: EventStore, keep: Lap[]): Promise<{ eps: number; events: number }> {
  const start = performance.now();
  let from: Position = START;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ from, maxCount: 1_000 });
    events += page.events.length;
    for (const e of page.events) if (e.type === BenchLapCompleted.type) keep.push(e.data as Lap);
    from = page.next;
    if (page.isEnd) break;
  }
  return { eps: events / ((performance.now() - start) / 1000), events };
}

/** Best lap and lap count per (track, driver): the leaderboard's rows for one batch of laps. */
function leaderboardRows(
  laps: readonly Lap[],
): { track_id: number; driver_id: number; best_lap_ms: number; laps: number }[] {
  const rows = new Map<
    string,
    { track_id: number; driver_id: number; best_lap_ms: number; laps: number }
  >();
  for (const lap of laps) {
    const key = `${lap.trackId}:${lap.driverId}`;
    const row = rows.get(key);
    if (row) {
      row.best_lap_ms = Math.min(row.best_lap_ms, lap.lapMs);
      row.laps += 1;
    } else {
      rows.set(key, {
        track_id: lap.trackId,
        driver_id: lap.driverId,
        best_lap_ms: lap.lapMs,
        laps: 1,
      });
    }
  }
  return [...rows.values()];
}

/** ONE multi-row upsert for a batch, the same statement in the projection and the ceiling. */
async function upsertLeaderboard(
  trx: Knex.Transaction,
  table: string,
  laps: readonly Lap[],
): Promise<void> {
  const rows = leaderboardRows(laps);
  if (rows.length === 0) return;
  await trx.raw(
    `INSERT INTO ${table} (track_id, driver_id, best_lap_ms, laps)
     SELECT * FROM jsonb_to_recordset(?::jsonb) AS r(track_id int, driver_id int, best_lap_ms int, laps int)
     ON CONFLICT (track_id, driver_id) DO UPDATE
       SET best_lap_ms = LEAST(${table}.best_lap_ms, EXCLUDED.best_lap_ms),
           laps = ${table}.laps + EXCLUDED.laps`,
    [JSON.stringify(rows)],
  );
}

const createLeaderboardTable = (db: Knex | Knex.Transaction, table: string) =>
  db.raw(`CREATE TABLE ${table} (
    track_id int NOT NULL, driver_id int NOT NULL, best_lap_ms int NOT NULL, laps int NOT NULL,
    PRIMARY KEY (track_id, driver_id))`);

/**
 * CPU time spent so far, in ms: this node process, and per PostgreSQL backend of the bench
 * database (from /proc/<pid>/stat: only when the server runs on this machine and its processes
 * are readable; else `backends` is null). Sampled between timed sections, never inside them.
 */
interface CpuSample {
  node: number;
  backends: Map<number, number> | null;
}

async function cpuSample(knex: Knex): Promise<CpuSample> {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1000;
  const { rows } = await knex.raw<{ rows: { pid: number }[] }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const backends = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // Fields after "(comm) ": state is [0], utime [11], stime [12], in clock ticks (1/100 s).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      backends.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      return { node, backends: null };
    }
  }
  return { node, backends };
}

interface CpuPerBatch {
  node: number;
  server: number | null;
}

/** Adds the CPU spent between samples `a` and `b` (a backend new in `b` counts from 0). */
function addCpu(to: CpuPerBatch, a: CpuSample, b: CpuSample): void {
  to.node += b.node - a.node;
  if (to.server === null || a.backends === null || b.backends === null) {
    to.server = null;
    return;
  }
  for (const [pid, ms] of b.backends) to.server += ms - (a.backends.get(pid) ?? 0);
}

/**
 * The leaderboard projection through the real runner (src/projections/core/runner.ts,
 * runUntilCaughtUp: each batch read from the checkpoint, applied and the checkpoint moved in ONE
 * transaction), interleaved chunk by chunk (BATCHES_PER_CHUNK batches) with the ceiling: the
 * same laps, in the same batches, written by the same upsert straight into a plain table, with no
 * event store and no checkpoint.
 */
async function projectionVersusCeiling(
  knex: Knex,
  store: EventStore,
  logger: Logger,
  laps: readonly Lap[],
): Promise<{
  projection: Sample;
  ceiling: Sample;
  cpu: { projection: CpuPerBatch; ceiling: CpuPerBatch };
}> {
  const leaderboard: Projection = {
    name: 'bench_leaderboard',
    version: 1,
    eventTypes: [BenchLapCompleted.type],
    tables: ['bench_leaderboard'],
    // Only the laps' payload: the runner reads its pages with fields: 'payload'.
    reads: 'payload',
    createTables: async (db) => {
      await createLeaderboardTable(db, 'bench_leaderboard');
    },
    apply: (trx, events: readonly PayloadEvent[]) =>
      upsertLeaderboard(
        trx,
        'bench_leaderboard',
        events.map((e) => e.data as Lap),
      ),
  };
  await leaderboard.createTables(knex);
  await createLeaderboardTable(knex, 'bench_leaderboard_ceiling');
  await knex('projection_checkpoints').insert({
    name: leaderboard.name,
    version: 1,
    position: START,
  });
  const runner = createProjectionRunner(
    { knex, eventStore: store, logger },
    { batchSize: PROJECTION_BATCH },
  );

  const projection = { events: 0, seconds: 0 };
  const ceiling = { events: 0, seconds: 0 };
  const cpu = {
    projection: { node: 0, server: 0 as number | null },
    ceiling: { node: 0, server: 0 as number | null },
  };
  while (projection.seconds < SECONDS) {
    const cpu0 = await cpuSample(knex);
    // A chunk of batches through the runner's catch-up (what a worker's wake-up job runs: it
    // reads the next batch while the current one is applied), then the same batches through the
    // ceiling. The catch-up returns with nothing in flight, so neither side's work overlaps the
    // other's timing.
    let t = performance.now();
    const outcome = await runner.runUntilCaughtUp(leaderboard, {
      maxBatches: BATCHES_PER_CHUNK,
    });
    projection.seconds += (performance.now() - t) / 1000;
    if (outcome.kind !== 'stopped' && outcome.kind !== 'caught-up')
      throw new Error(`projection catch-up: ${outcome.kind}`);
    const chunk = laps.slice(projection.events, projection.events + outcome.eventsApplied);
    projection.events += outcome.eventsApplied;
    const cpu1 = await cpuSample(knex);
    addCpu(cpu.projection, cpu0, cpu1);

    t = performance.now();
    for (let i = 0; i < chunk.length; i += PROJECTION_BATCH) {
      const batch = chunk.slice(i, i + PROJECTION_BATCH);
      await knex.transaction((trx) => upsertLeaderboard(trx, 'bench_leaderboard_ceiling', batch));
    }
    ceiling.seconds += (performance.now() - t) / 1000;
    ceiling.events += chunk.length;
    addCpu(cpu.ceiling, cpu1, await cpuSample(knex));
    if (outcome.kind === 'caught-up') break;
  }
  const [a, b] = await Promise.all([
    knex('bench_leaderboard').sum({ laps: 'laps' }).count({ rows: '*' }),
    knex('bench_leaderboard_ceiling').sum({ laps: 'laps' }).count({ rows: '*' }),
  ]);
  // Emmett's driver setup makes pg parse int8 as BigInt process-wide; compare as text.
  const text = (v: unknown): string =>
    JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
  if (text(a) !== text(b))
    throw new Error(`projection and ceiling disagree: ${text(a)} vs ${text(b)}`);
  const perBatch = (c: CpuPerBatch, events: number): CpuPerBatch => ({
    node: c.node / (events / PROJECTION_BATCH),
    server: c.server === null ? null : c.server / (events / PROJECTION_BATCH),
  });
  return {
    projection,
    ceiling,
    cpu: {
      projection: perBatch(cpu.projection, projection.events),
      ceiling: perBatch(cpu.ceiling, ceiling.events),
    },
  };
}

/** Waits until the store's head is the newest event in the table (nothing held back any more). */
async function untilReadable(knex: Knex, store: EventStore): Promise<void> {
  const newest = await knex.raw<{ rows: { position: string | null }[] }>(
    `SELECT transaction_id::text || '/' || global_position AS position FROM es_events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  const target = newest.rows[0]?.position;
  if (!target) return;
  for (let i = 0; i < 12_000; i++) {
    if (comparePositions(await store.headPosition(), target) >= 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the log never became readable up to ${target}`);
}

// ---------- the run ----------

async function main(): Promise<void> {
  const url = await recreateDatabase(DB_NAME);
  const rt = await openRuntime(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }), {
    role: 'bench',
    databaseUrl: url,
    pools: { knex: 4, eventStore: 16 },
    events: [BenchLapCompleted],
  });
  const { knex, eventStore: store, logger } = rt;
  try {
    const sync = await knex.raw<{ rows: { synchronous_commit: string; fsync: string }[] }>(
      `SELECT current_setting('synchronous_commit') AS synchronous_commit, current_setting('fsync') AS fsync`,
    );
    say(
      `database ${DB_NAME} on ${new URL(benchServerUrl).host}; ${SECONDS}s per timed phase; ${JSON.stringify(sync.rows[0])}`,
    );

    say(
      `single-event appends, 16 connections each, ${ROUNDS} interleaved rounds: bare INSERT ceiling, ` +
        'Pitwall (1 event per append, each writer on its own stream, exact expected revision), Emmett …',
    );
    const contenders = [await insertCeiling(url), appendSingle(store), await emmettSingle(url)];
    const [insert_ceiling_16w_eps, append_single_16w_eps, emmett_single_16w_eps] =
      await singleEventRounds(contenders);
    for (const c of contenders) await c.close();
    say(
      `  insert ceiling ${whole(insert_ceiling_16w_eps!)}, pitwall ${whole(append_single_16w_eps!)}, ` +
        `emmett ${whole(emmett_single_16w_eps!)} events/s`,
    );

    say('append batch: 100 events per append, 8 writers …');
    const append_batch100_8w_eps = await appendBatch(store);
    say(`  ${whole(append_batch100_8w_eps)} events/s`);

    // Another session's open transaction anywhere on the server holds the visibility bound back:
    // wait (untimed) until everything appended above is readable, so that the read below and
    // the projection see the same whole log.
    await untilReadable(knex, store);
    say('read all: the whole log from the start in pages of 1000 …');
    const laps: Lap[] = [];
    const read = await readAll(store, laps);
    say(`  ${read.events} events, ${whole(read.eps)} events/s`);

    say(
      `projection: leaderboard via src/projections/core/runner.ts (catch-up, batches of ${PROJECTION_BATCH}, ` +
        `checkpoint in the same transaction), interleaved ${BATCHES_PER_CHUNK} batches at a time with the upsert ceiling (same laps, same upsert, no event store) …`,
    );
    const versus = await projectionVersusCeiling(knex, store, logger, laps);
    const projection_eps = eps(versus.projection);
    const upsert_ceiling_eps = eps(versus.ceiling);
    say(
      `  ${versus.projection.events} events: projection ${whole(projection_eps)}, ` +
        `upsert ceiling ${whole(upsert_ceiling_eps)} events/s`,
    );
    const cpuLine = (c: CpuPerBatch): string =>
      `node ${c.node.toFixed(1)} ms + server ${c.server === null ? '?' : c.server.toFixed(1)} ms`;
    say(
      `  CPU per batch of ${PROJECTION_BATCH}: projection ${cpuLine(versus.cpu.projection)}, ` +
        `upsert ceiling ${cpuLine(versus.cpu.ceiling)} (server: this database's backends, /proc)`,
    );
    // Wall time per batch beside the CPU: how much of the projection's CPU ran side by side.
    const wallPerBatch = (s: Sample): string =>
      ((s.seconds * 1000) / (s.events / PROJECTION_BATCH)).toFixed(2);
    say(
      `  wall time per batch of ${PROJECTION_BATCH}: projection ${wallPerBatch(versus.projection)} ms, ` +
        `upsert ceiling ${wallPerBatch(versus.ceiling)} ms`,
    );

    const figures = {
      append_single_16w_eps: whole(append_single_16w_eps!),
      append_batch100_8w_eps: whole(append_batch100_8w_eps),
      read_all_eps: whole(read.eps),
      projection_eps: whole(projection_eps),
      upsert_ceiling_eps: whole(upsert_ceiling_eps),
      insert_ceiling_16w_eps: whole(insert_ceiling_16w_eps!),
      emmett_single_16w_eps: whole(emmett_single_16w_eps!),
    };
    const ratio = (a: number, b: number): string => (a / b).toFixed(2);
    say(
      `targets: single/emmett ${ratio(figures.append_single_16w_eps, figures.emmett_single_16w_eps)} (≥ 1.2), ` +
        `single/insert ${ratio(figures.append_single_16w_eps, figures.insert_ceiling_16w_eps)} (≥ 0.7), ` +
        `batch ${figures.append_batch100_8w_eps} (≥ 40000), ` +
        `projection/upsert ${ratio(figures.projection_eps, figures.upsert_ceiling_eps)} (≥ 0.8)`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    await rt.close();
    if (process.env.BENCH_KEEP_DB) say(`kept database ${DB_NAME} (BENCH_KEEP_DB)`);
    else await dropDatabase(DB_NAME);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
