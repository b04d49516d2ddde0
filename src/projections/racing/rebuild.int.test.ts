import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { subsessionStreamName, type RacingEvent } from '../../events/racing.ts';
import { type EventStore, type NewEvent, type Position } from '../../eventstore/port.ts';
import { silentLogger, waitUntilVisible } from '../core/fixtures.test-support.ts';
import { rebuildProjection } from '../core/rebuild.ts';
import { rebuildProjections } from '../core/rebuild-many.ts';
import { createProjectionRunner } from '../core/runner.ts';
import { racingProjections } from './index.ts';
import { buildSubsession, raceRow, subsessionFromFixture } from './testing.ts';

/**
 * The racing projections through the real machinery: events validated by their schemas on
 * append, tables built by a rebuild in a shadow schema and swapped in, then kept up by the live
 * runner. The end state after incremental batches (with corrections) must equal a fresh replay.
 */
let db: TestDatabase;
let store: EventStore;
const deps = () => ({ knex: db.knex, eventStore: store, logger: silentLogger });

const newEvent = (e: RacingEvent, occurredAt = '2025-01-01T00:00:00.000Z'): NewEvent => ({
  id: randomUUID(),
  type: e.type,
  data: e.data,
  metadata: { occurredAt },
});

/** Every racing table's rows, minus bookkeeping that depends on batch boundaries (prev_irating). */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const p of racingProjections) {
    for (const t of p.tables) {
      const { rows } = await db.knex.raw<{ rows: Record<string, unknown>[] }>(
        `SELECT to_jsonb(x) - 'prev_irating' AS r FROM ${t} x`,
      );
      out[t] = rows.map((r) => JSON.stringify(r.r)).sort();
    }
  }
  return out;
}

beforeAll(async () => {
  db = await createTestDatabase({ logger: silentLogger });
  store = db.runtime.eventStore;
});

afterAll(async () => {
  await db.drop();
});

describe('racing projections: rebuild and live runner', () => {
  it('accepts fixture-derived events, rebuilds from the log and matches a replay after live corrections', async () => {
    let last: Position | undefined;
    for (const folder of [
      'GetSubSessionResultSuccessfulAsync',
      'GetSubSessionResultWithWeatherSuccessfulAsync',
      'GetSubSessionResultForTeamSuccessfulAsync',
    ]) {
      const data = subsessionFromFixture(folder);
      const appended = await store.append(
        subsessionStreamName(data.subsessionId),
        [newEvent({ type: 'SubsessionResultsRecorded', data })],
        { expectedRevision: 'no_stream' },
      );
      last = appended.position;
    }
    await waitUntilVisible(store, last!);
    for (const p of racingProjections) {
      expect((await rebuildProjection(deps(), p)).kind).toBe('rebuilt');
    }
    const searchable = await db.knex.raw<{ rows: unknown[] }>(
      `SELECT cust_id FROM racing_drivers WHERE display_name % 'Driver 310378' ORDER BY cust_id LIMIT 3`,
    );
    expect(searchable.rows.length).toBeGreaterThan(0);

    // Live: new races, a correction of a fixture race (its winner disqualified) and of a new one.
    const fixture = subsessionFromFixture('GetSubSessionResultSuccessfulAsync');
    const race = fixture.simsessions[1]!;
    const corrected = {
      ...fixture,
      simsessions: [
        fixture.simsessions[0]!,
        { ...race, results: race.results.filter((r) => r.custId !== 147876) },
      ],
    };
    const a = buildSubsession({
      subsessionId: 900,
      seasonId: 3620,
      raceWeekNum: 2,
      race: [raceRow(147811, 1, { bestLapTime: 4_000_000 }), raceRow(2, 2)],
    });
    await store.append(subsessionStreamName(900), [
      newEvent({ type: 'SubsessionResultsRecorded', data: a }),
    ]);
    await store.append(subsessionStreamName(fixture.subsessionId), [
      newEvent({ type: 'SubsessionResultsCorrected', data: corrected }),
    ]);
    const tail = await store.append(subsessionStreamName(900), [
      newEvent({
        type: 'SubsessionResultsCorrected',
        data: {
          ...a,
          simsessions: [
            { ...a.simsessions[0]!, results: [raceRow(2, 1, { bestLapTime: 4_100_000 })] },
          ],
        },
      }),
    ]);
    await waitUntilVisible(store, tail.position);
    const runner = createProjectionRunner(deps(), { batchSize: 2 });
    for (const p of racingProjections) {
      expect((await runner.runUntilCaughtUp(p)).kind).toBe('caught-up');
    }
    const live = await snapshot();
    expect(
      live.racing_world_records?.some((r) => String(r).includes('"best_lap_time": 4000000')),
    ).toBe(false);

    const outcomes = await rebuildProjections(deps(), racingProjections);
    expect(outcomes.every((o) => o.ok && o.result.kind === 'rebuilt')).toBe(true);
    expect(await snapshot()).toEqual(live);
  });
});
