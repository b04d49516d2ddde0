import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { subsessionStreamName, type RacingEvent } from '../../events/racing.ts';
import type { DriverLicense } from '../../events/racing/drivers.ts';
import type { SubsessionResultsData } from '../../events/racing/results.ts';
import type { EventStore, Position } from '../../eventstore/port.ts';
import { silentLogger, waitUntilVisible } from '../core/fixtures.test-support.ts';
import { rebuildProjection } from '../core/rebuild.ts';
import { rebuildProjections } from '../core/rebuild-many.ts';
import { createProjectionRunner } from '../core/runner.ts';
import { racingProjections } from './index.ts';
import { buildSubsession, raceRow } from './testing.ts';

/**
 * A rebuild takes a different path from the live runner (src/projections/core/types.ts,
 * RebuildSession: COPY, state in memory, aggregates and indexes after the replay). Its contract:
 * the same rows and the same indexes as the live projection of the same log. The log below
 * holds what the paths handle differently: corrections (in their own batches and together with
 * the recording), renamed drivers, rows without a country, tied lap times within a subsession and
 * across splits, team rows without laps, non-race events, profiles between and after the races,
 * and charts recorded twice. Not covered, because the live projection itself depends on its
 * batch boundaries there: a fact older than the stored one fills its empty fields only when both
 * arrive in one batch (drivers/apply.ts, driverFacts vs upsertDrivers).
 */
let db: TestDatabase;
let store: EventStore;
const deps = () => ({ knex: db.knex, eventStore: store, logger: silentLogger });

/**
 * Every racing table's rows, minus the drivers' bookkeeping that depends on the live runner's
 * batch boundaries too: prev_irating (the iRating before the last rewrite) and name_as_of (when
 * the row last changed: a batch merges its facts first, so a fact that repeats the stored row
 * moves it in one batching and not in another). No query reads either.
 */
async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const p of racingProjections) {
    for (const t of p.tables) {
      const { rows } = await db.knex.raw<{ rows: { r: unknown }[] }>(
        `SELECT to_jsonb(x) - 'prev_irating' - 'name_as_of' AS r FROM ${t} x`,
      );
      out[t] = rows.map((r) => JSON.stringify(r.r)).sort();
    }
  }
  return out;
}

/** Index definitions of the racing tables in `schema`, with the schema name left out. */
async function indexes(schema: string): Promise<string[]> {
  const tables = racingProjections.flatMap((p) => p.tables);
  const { rows } = await db.knex.raw<{ rows: { def: string }[] }>(
    `SELECT replace(indexdef, quote_ident(schemaname) || '.', '') AS def FROM pg_indexes
      WHERE schemaname = ? AND tablename = ANY(?::text[])`,
    [schema, tables],
  );
  return rows.map((r) => r.def).sort();
}

const license = (category: DriverLicense['category'], irating: number): DriverLicense => ({
  category,
  licenseLevel: 15,
  safetyRating: 3.21,
  group: 4,
  irating,
  ttRating: null,
  cpi: 1.3371, // not a float4: the real column must round it the same on every path
});

function race(
  subsessionId: number,
  sessionId: number,
  startTime: string,
  rows: SubsessionResultsData['simsessions'][number]['results'],
  extra: Partial<SubsessionResultsData> = {},
): SubsessionResultsData {
  return buildSubsession({
    subsessionId,
    sessionId,
    startTime,
    race: rows,
    qualify: [raceRow(rows[0]?.custId ?? 1, 1)],
    ...extra,
  });
}

function theLog(): { stream: string; event: RacingEvent; at: string }[] {
  const log: { stream: string; event: RacingEvent; at: string }[] = [];
  const rec = (data: SubsessionResultsData, corrected = false) =>
    log.push({
      stream: subsessionStreamName(data.subsessionId),
      event: {
        type: corrected ? 'SubsessionResultsCorrected' : 'SubsessionResultsRecorded',
        data,
      },
      at: '2024-03-01T00:00:00.000Z',
    });
  const lap = 900_000;
  const s1 = race(1, 10, '2024-01-01T10:00:00Z', [
    raceRow(1, 1, { displayName: 'Ann', bestLapTime: lap, oldIrating: 2050, newIrating: 2100 }),
    raceRow(2, 2, { displayName: 'Bob', countryCode: null, bestLapTime: lap, newIrating: 1900 }),
    raceRow(3, 3, {
      bestLapTime: lap + 5,
      oldIrating: null,
      newIrating: null,
      newLicenseLevel: null,
    }),
  ]);
  // A split of the same session, same start, same lap: the first recorded keeps the records.
  const s2 = race(2, 10, '2024-01-01T10:00:00Z', [
    raceRow(5, 1, { bestLapTime: lap }),
    raceRow(4, 2, { bestLapTime: lap, countryCode: null }),
  ]);
  const s3 = race(
    3,
    11,
    '2024-01-08T10:00:00Z',
    [
      raceRow(1, 2, { displayName: 'Ann B', countryCode: null, newIrating: 2150 }),
      raceRow(2, 1, { countryCode: 'FR', bestLapTime: lap - 10, averageLap: null }),
    ],
    { raceWeekNum: 3 },
  );
  const team = race(4, 12, '2024-01-09T10:00:00Z', [
    raceRow(6, 1, { teamId: 77, teamName: 'Team', lapsComplete: 12 }),
    raceRow(7, 1, { teamId: 77, teamName: 'Team', lapsComplete: 0, bestLapTime: null }),
  ]);
  const practice = race(5, 13, '2024-01-10T10:00:00Z', [raceRow(1, 1, { bestLapTime: 1 })], {
    eventType: 'practice',
  });
  const oval = race(6, 14, '2024-01-02T10:00:00Z', [raceRow(1, 1), raceRow(8, 2)], {
    seasonId: 4000,
    category: 'oval',
    track: { trackId: 300, trackName: 'Oval', configName: null },
  });
  rec(s1);
  rec(s2);
  rec(s3);
  rec(team);
  rec(practice);
  rec(oval);
  // Corrections: driver 3 disqualified from s1; s2 recorded again unchanged; s3 twice in a row.
  rec(
    { ...s1, simsessions: s1.simsessions.map((x) => ({ ...x, results: x.results.slice(0, 2) })) },
    true,
  );
  rec(s2, true);
  rec({ ...s3, eventStrengthOfField: 2000 }, true);
  rec(
    {
      ...s3,
      eventStrengthOfField: 2001,
      simsessions: s3.simsessions.map((x) => ({
        ...x,
        // Driver 2's iRating corrected too: the history supersedes the first value.
        results: x.results.map((r) =>
          r.custId === 2 ? { ...r, bestLapTime: lap + 1, newIrating: 1890 } : r,
        ),
      })),
    },
    true,
  );
  for (let i = 0; i < 12; i++) {
    rec(
      race(100 + i, 20 + (i % 4), `2024-02-0${1 + (i % 9)}T1${i % 10}:00:00Z`, [
        raceRow(10 + (i % 5), 1, { bestLapTime: lap + 100 + (i % 3) }),
        raceRow(20 + (i % 3), 2, { carId: 200, carName: 'Other', bestLapTime: lap + 100 }),
      ]),
    );
  }
  const profile = (custId: number, at: string, displayName: string, irating: number) =>
    log.push({
      stream: `driver-${custId}`,
      event: {
        type: 'DriverProfileRecorded',
        data: {
          custId,
          displayName,
          memberSince: '2015-06-01',
          countryCode: null,
          flairName: 'Germany',
          clubName: null,
          licenses: [license('road', irating), license('oval', irating - 500)],
        },
      },
      at,
    });
  profile(1, '2024-01-20T00:00:00.000Z', 'Ann', 1500); // between her races
  profile(9, '2024-02-01T00:00:00.000Z', 'Nobody Raced', 1234);
  profile(2, '2024-05-01T00:00:00.000Z', 'Bob', 1950); // newer: fills flair, member since
  const chart = (custId: number, values: number[]) =>
    log.push({
      stream: `driver-${custId}`,
      event: {
        type: 'DriverRatingHistoryRecorded',
        data: {
          custId,
          category: 'road',
          chart: 'irating',
          points: values.map((value, i) => ({ date: `2024-01-0${i + 1}`, value })),
        },
      },
      at: '2024-03-01T00:00:00.000Z',
    });
  chart(1, [1500, 1600, 1700]);
  chart(2, [1800]);
  chart(1, [1550, 1650]);
  return log;
}

beforeAll(async () => {
  db = await createTestDatabase({ logger: silentLogger });
  store = db.runtime.eventStore;
});

afterAll(async () => {
  await db.drop();
});

describe('racing rebuild path', () => {
  it('ends with the rows and indexes of the live projection of the same log', async () => {
    // First build on the empty log, then the live runner in small batches.
    for (const p of racingProjections) await rebuildProjection(deps(), p);
    let last: Position | undefined;
    for (const { stream, event, at } of theLog()) {
      const appended = await store.append(stream, [
        { id: randomUUID(), type: event.type, data: event.data, metadata: { occurredAt: at } },
      ]);
      last = appended.position;
    }
    await waitUntilVisible(store, last!);
    const runner = createProjectionRunner(deps(), { batchSize: 3 });
    for (const p of racingProjections) {
      expect((await runner.runUntilCaughtUp(p)).kind).toBe('caught-up');
    }
    const live = await snapshot();
    expect(live.racing_results).toHaveLength(53); // every simsession row of the final results
    expect(live.racing_pace!.length).toBeGreaterThan(3);
    expect(live.racing_week_drivers!.length).toBeGreaterThan(10);
    expect(live.racing_participation_weeks!.length).toBeGreaterThan(1);
    const ann = live.racing_season_driver_stats!.filter((r) => r.includes('"cust_id":1,'));
    expect(ann.some((r) => r.includes('"display_name":"Ann B"'))).toBe(true);
    const history = live.racing_driver_history!;
    expect(history.filter((r) => r.includes('"superseded_at":"'))).toHaveLength(1);
    expect(history.some((r) => r.includes('"subsession_id":null'))).toBe(true); // profiles
    // Bob raced without a country, then for France: his licence row carries the driver's.
    const bob = live.racing_driver_licenses!.filter((r) => r.includes('"cust_id":2,'));
    expect(bob.length).toBeGreaterThan(0);
    expect(bob.every((r) => r.includes('"country_code":"FR"'))).toBe(true);

    // Corrections in batches of their own, then everything in one batch.
    // Side by side, as operators and the worker rebuild them.
    for (const batchSize of [2, 1000]) {
      const outcomes = await rebuildProjections(deps(), racingProjections, { batchSize });
      expect(outcomes.map((o) => o.ok && o.result.kind)).toEqual(
        racingProjections.map(() => 'rebuilt'),
      );
      expect(await snapshot()).toEqual(live);
    }

    await db.knex.raw('CREATE SCHEMA expected_ddl');
    await db.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL search_path TO expected_ddl, public');
      for (const p of racingProjections) await p.createTables(trx);
    });
    const expected = await indexes('expected_ddl');
    expect(expected.length).toBeGreaterThan(20);
    expect(await indexes('public')).toEqual(expected);
  });
});
