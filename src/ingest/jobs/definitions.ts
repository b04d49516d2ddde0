import { z } from 'zod';
import { RATING_CHARTS } from '../../events/racing/drivers.ts';
import { defineJob } from '../../jobs/define.ts';

/**
 * The ingest jobs (queue `ingest`). Producers import these definitions to enqueue typed data;
 * the handlers are in handlers.ts (registered where workers start). Every job is idempotent:
 * re-running one records nothing new unless the source changed.
 */

export const INGEST_QUEUE = 'ingest';

const isoInstant = z.iso.datetime({ offset: true });
const quarter = z.object({
  year: z.number().int().min(2000).max(2100),
  quarter: z.number().int().min(1).max(4),
});

/** series/seasons (+ series/get, car/get, track/get) → catalog events. */
export const ingestCatalogJob = defineJob({
  name: 'ingest.catalog',
  queue: INGEST_QUEUE,
  schema: z.object({ quarters: z.array(quarter).max(40).optional() }),
  attempts: 5,
  backoffMs: 30_000,
});

/**
 * results/search_series over [from, to) in ≤ 90-day windows, each subsession once, then
 * results/get per subsession. Subsessions that fail transiently get their own
 * `ingest.subsession` job; the window goes on.
 */
export const ingestResultsJob = defineJob({
  name: 'ingest.results',
  queue: INGEST_QUEUE,
  schema: z
    .object({
      from: isoInstant,
      to: isoInstant,
      eventTypes: z.array(z.number().int().min(2).max(5)).min(1).optional(),
      seriesId: z.number().int().positive().optional(),
      officialOnly: z.boolean().optional(),
    })
    .refine((d) => Date.parse(d.to) > Date.parse(d.from), { message: '`to` must be after `from`' }),
  attempts: 5,
  backoffMs: 60_000,
});

/** results/get of one subsession (the retry unit of a failed subsession). */
export const ingestSubsessionJob = defineJob({
  name: 'ingest.subsession',
  queue: INGEST_QUEUE,
  schema: z.object({ subsessionId: z.number().int().positive() }),
  attempts: 6,
  backoffMs: 30_000,
});

/** member/get + member/chart_data of up to 1,000 members. */
export const ingestDriversJob = defineJob({
  name: 'ingest.drivers',
  queue: INGEST_QUEUE,
  schema: z.object({
    custIds: z.array(z.number().int().positive()).min(1).max(1000),
    charts: z.array(z.enum(RATING_CHARTS)).optional(),
  }),
  attempts: 5,
  backoffMs: 30_000,
});

/** Re-fetches one session's subsessions and re-ingests them (see src/ingest/jobs/replay.ts). */
export const replaySessionJob = defineJob({
  name: 'sessions.replay',
  queue: INGEST_QUEUE,
  schema: z.object({ sessionId: z.number().int().positive(), run: z.number().int().positive() }),
  attempts: 4,
  backoffMs: 30_000,
});

/** BullMQ job ids (no ':' allowed): one job per subsession retry and per replay run. */
export const subsessionJobId = (subsessionId: number) => `ingest.subsession.${subsessionId}`;
export const replayJobId = (sessionId: number, run: number) =>
  `sessions.replay.${sessionId}.${run}`;
