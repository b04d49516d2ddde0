import type { Knex } from 'knex';
import {
  createIracingClient,
  staticAccessToken,
  type IracingDataClient,
} from '../ingest/client/index.ts';
import { createDemoFetch } from './iracing/fetch/demo-fetch.ts';
import { DEFAULT_DEMO_OPTIONS } from './iracing/options.ts';
import { demoCalendarAt } from './iracing/world/calendar.ts';
import { createDemoWorld, type DemoWorld } from './iracing/world/world.ts';

/** Where the demo client "connects"; the demo fetch routes by path, nothing leaves the process. */
export const DEMO_API_URL = 'https://members-ng.demo.pitwall.invalid';

export const DEFAULT_DEMO_SEED = DEFAULT_DEMO_OPTIONS.seed;

export interface DemoWorldParams {
  seed: number;
  drivers: number;
  /**
   * The day ("2026-11-26") the world's "now" is anchored to: its season is the current one and
   * its week is running (`demoCalendarAt`). Null: the fixed calendar of DEFAULT_DEMO_OPTIONS.
   */
  asOf: string | null;
}

/** Today's UTC day, the anchor of a first seed. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

let cached: { key: string; world: DemoWorld } | undefined;

/** The deterministic demo world of these parameters (the last one is kept per process). */
export function demoWorld(params: DemoWorldParams): DemoWorld {
  const key = `${params.seed}:${params.drivers}:${params.asOf ?? ''}`;
  if (cached?.key !== key) {
    cached = {
      key,
      world: createDemoWorld({
        seed: params.seed,
        drivers: params.drivers,
        ...(params.asOf ? demoCalendarAt(params.asOf) : {}),
      }),
    };
  }
  return cached.world;
}

/**
 * The parameters of the world a seed of `seed` and `drivers` builds on this database: the
 * anchor day of the world already recorded with the same seed and size (a restart or a replay
 * rebuilds the same world), else `today` (a first seed).
 */
export async function demoWorldParamsFor(
  knex: Knex,
  wanted: { seed: number; drivers: number; today: Date },
): Promise<DemoWorldParams> {
  const record = await readDemoWorldRecord(knex);
  const same = record && record.seed === wanted.seed && record.drivers === wanted.drivers;
  return {
    seed: wanted.seed,
    drivers: wanted.drivers,
    asOf: same ? record.asOf : utcDay(wanted.today),
  };
}

/**
 * The REAL iRacing client over the demo world's fetch: links, chunks and schemas are exercised
 * exactly as against iRacing.
 */
export function createDemoClient(world: DemoWorld): IracingDataClient {
  return createIracingClient({
    apiUrl: DEMO_API_URL,
    auth: { kind: 'token', source: staticAccessToken('demo') },
    fetch: createDemoFetch(world),
  });
}

/** The demo world's "now": the observation time of everything the demo ingests. */
export const demoClock = (world: DemoWorld) => () => new Date(world.nowMs);

// --- which world the database holds (table from migrations/0070_ingest_demo_world.ts) ---------

export const DEMO_WORLD_TABLE = 'ingest_demo_world';

export interface DemoWorldRecord extends DemoWorldParams {
  status: 'seeding' | 'seeded';
  startedAt: Date;
  finishedAt: Date | null;
  summary: unknown;
}

export async function readDemoWorldRecord(knex: Knex): Promise<DemoWorldRecord | null> {
  const row = (await knex(DEMO_WORLD_TABLE).where({ id: 1 }).first()) as
    | {
        seed: number;
        drivers: number;
        as_of: string | null;
        status: 'seeding' | 'seeded';
        started_at: Date;
        finished_at: Date | null;
        summary: unknown;
      }
    | undefined;
  return row
    ? {
        seed: row.seed,
        drivers: row.drivers,
        asOf: row.as_of,
        status: row.status,
        startedAt: row.started_at,
        finishedAt: row.finished_at,
        summary: row.summary,
      }
    : null;
}

export async function recordDemoSeeding(knex: Knex, params: DemoWorldParams): Promise<void> {
  await knex.raw(
    `INSERT INTO ${DEMO_WORLD_TABLE} (id, seed, drivers, as_of, status, started_at, finished_at, summary)
     VALUES (1, ?, ?, ?, 'seeding', now(), NULL, NULL)
     ON CONFLICT (id) DO UPDATE SET seed = excluded.seed, drivers = excluded.drivers,
       as_of = excluded.as_of, status = 'seeding', started_at = now(), finished_at = NULL,
       summary = NULL`,
    [params.seed, params.drivers, params.asOf],
  );
}

export async function recordDemoSeeded(knex: Knex, summary: unknown): Promise<void> {
  await knex(DEMO_WORLD_TABLE)
    .where({ id: 1 })
    .update({ status: 'seeded', finished_at: knex.fn.now(), summary: JSON.stringify(summary) });
}
