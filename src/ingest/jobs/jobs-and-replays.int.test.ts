import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSessionReplay } from '../../commands/replays/handlers.ts';
import type { SubsessionResultsData } from '../../events/racing/results.ts';
import {
  INGEST_QUEUE,
  ingestCatalogJob,
  ingestDriversJob,
  ingestResultsJob,
  replayJobId,
} from './index.ts';
import { demoWorld, recordDemoSeeding } from '../../demo/racing-world.ts';
import type { AnyJobDefinition, JobInput } from '../../jobs/define.ts';
import type { JobSystem } from '../../jobs/system.ts';
import { racingProjections } from '../../projections/racing/index.ts';
import { sessionReplaysProjection } from '../../projections/session-replays/index.ts';
import { SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import { listSessionReplays, subsessionIdsOfSession } from '../../queries/replays.ts';
import { allEvents, createIngestTestEnv, type IngestTestEnv } from '../ingest-env.test-support.ts';
import { catchUpProjections, startIngestWorkers, waitForJob } from './workers.test-support.ts';

const WORLD = { seed: 31_337, drivers: 80, asOf: null };
const projections = [...racingProjections, sessionReplaysProjection];
const racing = (events: { type: string }[]) => events.filter((e) => !e.type.startsWith('Replay'));

let env: IngestTestEnv;
let jobs: JobSystem;

beforeAll(async () => {
  env = await createIngestTestEnv({ projections });
  // Without iRacing credentials the jobs ingest from the demo world this database records.
  await recordDemoSeeding(env.db.knex, WORLD);
  jobs = await startIngestWorkers(env);
});
afterAll(async () => {
  await jobs?.close();
  await env?.close();
});

async function run<D extends AnyJobDefinition>(job: D, data: JobInput<D>): Promise<unknown> {
  const id = await jobs.enqueue(job, data);
  const record = await waitForJob(jobs, INGEST_QUEUE, id!);
  expect(record.failedReason).toBeUndefined();
  return record.returnvalue;
}

describe('ingest jobs on real BullMQ (Redis), demo source', () => {
  const world = demoWorld(WORLD);

  it('ingest.catalog records series, seasons, cars and tracks', async () => {
    const result = (await run(ingestCatalogJob, {})) as {
      seasons: number;
      series: number;
      cars: number;
      tracks: number;
      counts: { appended: number };
    };
    expect(result.seasons).toBeGreaterThan(10);
    expect(result.series).toBeGreaterThan(10);
    expect(result.cars).toBeGreaterThan(10);
    expect(result.tracks).toBeGreaterThan(10);
    const types = new Set((await allEvents(env.store)).map((e) => e.type));
    expect([...types].sort()).toEqual([
      'CarCatalogued',
      'SeasonScheduled',
      'SeriesCatalogued',
      'TrackCatalogued',
    ]);
  });

  it('ingest.results records every race of the range; run again it appends nothing', async () => {
    const data = {
      from: new Date(world.startMs).toISOString(),
      to: new Date(world.nowMs).toISOString(),
    };
    const first = (await run(ingestResultsJob, data)) as {
      windows: number;
      found: number;
      ingested: number;
      failed: unknown[];
      counts: { appended: number };
    };
    expect(first.windows).toBe(2);
    expect(first.found).toBeGreaterThan(20);
    expect(first).toMatchObject({
      ingested: first.found,
      failed: [],
      counts: { appended: first.found },
    });

    const before = await allEvents(env.store);
    const second = (await run(ingestResultsJob, data)) as typeof first;
    expect(second).toMatchObject({
      found: first.found,
      ingested: first.found,
      counts: { appended: 0 },
    });
    expect(await allEvents(env.store)).toEqual(before);
  });

  it('ingest.drivers records profiles and iRating charts', async () => {
    const custIds = [...world.drivers.custId.slice(0, 5)];
    const result = (await run(ingestDriversJob, { custIds })) as {
      found: number;
      counts: { byType: Record<string, number> };
    };
    expect(result.found).toBe(5);
    expect(result.counts.byType.DriverProfileRecorded).toBe(5);
    const stream = await env.store.readStream(`driver-${custIds[0]}`);
    expect(stream[0]?.type).toBe('DriverProfileRecorded');
  });
});

describe('session replays', () => {
  let sessionId: number;
  let subsessionIds: number[];

  beforeAll(async () => {
    await catchUpProjections(env, projections);
    const row = (await env.db
      .knex(SUBSESSIONS_TABLE)
      .select('session_id')
      .count({ n: '*' })
      .groupBy('session_id')
      .orderBy([{ column: 'n', order: 'desc' }, { column: 'session_id' }])
      .first()) as { session_id: number };
    sessionId = row.session_id;
    subsessionIds = await subsessionIdsOfSession(env.db.knex, sessionId);
  });

  const replay = async (id: number) => {
    const outcome = await requestSessionReplay(
      { eventStore: env.store, jobs },
      { sessionId: id, actorId: 'admin-1' },
    );
    const record = await waitForJob(jobs, INGEST_QUEUE, replayJobId(id, outcome.run));
    await catchUpProjections(env, projections);
    return { outcome, record };
  };

  it('a replay of an unchanged session appends no racing event and is listed as done', async () => {
    const before = racing(await allEvents(env.store));
    const { outcome, record } = await replay(sessionId);
    expect(outcome).toMatchObject({ sessionId, run: 1, status: 'queued', created: true });
    expect(record.returnvalue).toMatchObject({
      kind: 'done',
      subsessions: subsessionIds.length,
      appended: 0,
      corrected: 0,
    });
    expect(racing(await allEvents(env.store))).toEqual(before);

    const stream = await env.store.readStream(`replay-${sessionId}`);
    expect(stream.map((e) => e.type)).toEqual([
      'ReplayRequested',
      'ReplayStarted',
      'ReplayCompleted',
    ]);
    expect(stream[0]?.metadata.actor).toEqual({ type: 'user', id: 'admin-1' });
    const { data } = await listSessionReplays(env.db.knex, { sessionId });
    expect(data).toEqual([
      expect.objectContaining({
        sessionId,
        run: 1,
        status: 'done',
        requestedBy: 'admin-1',
        subsessions: subsessionIds.length,
        appended: 0,
        reason: null,
      }),
    ]);
  });

  it('a replay restores what the source says when the recorded result differs (a correction)', async () => {
    const target = subsessionIds[0]!;
    const [recorded] = await env.store.readStream(`subsession-${target}`, {
      direction: 'backwards',
      maxCount: 1,
    });
    const source = recorded!.data as SubsessionResultsData;
    const tampered = { ...source, numCautions: source.numCautions + 3 };
    await env.store.append(`subsession-${target}`, [
      {
        id: crypto.randomUUID(),
        type: 'SubsessionResultsCorrected',
        data: tampered,
        metadata: { occurredAt: new Date().toISOString() },
      },
    ]);

    const { outcome, record } = await replay(sessionId);
    expect(outcome.run).toBe(2);
    expect(record.returnvalue).toMatchObject({ kind: 'done', appended: 1, corrected: 1 });
    const stream = await env.store.readStream(`subsession-${target}`);
    expect(stream.at(-1)?.type).toBe('SubsessionResultsCorrected');
    expect((stream.at(-1)!.data as SubsessionResultsData).numCautions).toBe(source.numCautions);
    const { data } = await listSessionReplays(env.db.knex, { sessionId });
    expect(data.map((r) => [r.run, r.status, r.appended, r.corrected])).toEqual([
      [2, 'done', 1, 1],
      [1, 'done', 0, 0],
    ]);
  });

  it('a replay of a session nothing is known about fails with the reason', async () => {
    const { record } = await replay(999_999_999);
    expect(record.returnvalue).toMatchObject({ kind: 'failed' });
    const { data } = await listSessionReplays(env.db.knex, { status: 'failed' });
    expect(data).toEqual([
      expect.objectContaining({
        sessionId: 999_999_999,
        status: 'failed',
        reason: 'Session 999999999 is unknown: none of its subsessions has been ingested.',
      }),
    ]);
  });
});
