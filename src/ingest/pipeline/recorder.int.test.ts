import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePosition } from '../../eventstore/port.ts';
import {
  IngestWriter,
  mapChartData,
  mapMemberProfile,
  mapSubsessionResult,
  recordStreamFacts,
  type RacingFact,
} from './index.ts';
import { ChartData, MemberGetResponse, SubsessionResult } from '../schemas/index.ts';
import { fixturePayload } from '../../../tests/support/iracing-fixture-server.ts';
import {
  allEvents,
  createIngestTestEnv,
  fixedClock,
  type IngestTestEnv,
} from '../ingest-env.test-support.ts';

let env: IngestTestEnv;
beforeAll(async () => {
  env = await createIngestTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const subsession = (folder: string) =>
  mapSubsessionResult(SubsessionResult.parse(fixturePayload(folder, '2.json')));
const writer = () => new IngestWriter(env.store, { now: fixedClock(), source: 'import' });

describe('idempotent, correcting recording', () => {
  it('appends a subsession once: the same data again appends nothing', async () => {
    const data = subsession('GetSubSessionResultSuccessfulAsync');
    const first = writer();
    await first.record([{ kind: 'subsession', data }]);
    expect(first.counts).toMatchObject({ appended: 1, unchanged: 0, corrected: 0, resultRows: 38 });

    const before = await allEvents(env.store);
    const second = writer();
    await second.record([{ kind: 'subsession', data: structuredClone(data) }]);
    expect(second.counts).toMatchObject({ appended: 0, unchanged: 1 });
    expect(await allEvents(env.store)).toEqual(before);

    const stream = await env.store.readStream('subsession-45243121');
    expect(stream.map((e) => e.type)).toEqual(['SubsessionResultsRecorded']);
    expect(stream[0]!.metadata).toMatchObject({
      occurredAt: '2025-06-01T12:00:00.000Z',
      actor: { type: 'system', id: 'ingest:import' },
      source: 'import',
    });
    expect(stream[0]!.metadata.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('appends a SubsessionResultsCorrected with the full data when the result changed, and only once', async () => {
    const data = subsession('GetSubSessionResultWithWeatherSuccessfulAsync');
    await writer().record([{ kind: 'subsession', data }]);
    const race = data.simsessions.find((s) => s.simsessionNumber === 0)!;
    const changed = structuredClone(data);
    const penalised = changed.simsessions.find((s) => s.simsessionNumber === 0)!.results[0]!;
    penalised.incidents += 4;

    const w = writer();
    await w.record([{ kind: 'subsession', data: changed }]);
    await w.record([{ kind: 'subsession', data: changed }]);
    expect(w.counts).toMatchObject({ appended: 1, corrected: 1, unchanged: 1 });

    const stream = await env.store.readStream(`subsession-${data.subsessionId}`);
    expect(stream.map((e) => [e.type, e.revision])).toEqual([
      ['SubsessionResultsRecorded', 0n],
      ['SubsessionResultsCorrected', 1n],
    ]);
    const corrected = stream[1]!.data as typeof data;
    expect(corrected.simsessions.find((s) => s.simsessionNumber === 0)!.results[0]!.incidents).toBe(
      race.results[0]!.incidents + 4,
    );
  });

  it('records a value that comes back after a change as a new correction (A → B → A)', async () => {
    const a = subsession('GetSubSessionResultForTeamSuccessfulAsync');
    const b = { ...structuredClone(a), numCautions: a.numCautions + 1 };
    for (const data of [a, b, a, a]) await writer().record([{ kind: 'subsession', data }]);
    const stream = await env.store.readStream(`subsession-${a.subsessionId}`);
    expect(stream.map((e) => e.type)).toEqual([
      'SubsessionResultsRecorded',
      'SubsessionResultsCorrected',
      'SubsessionResultsCorrected',
    ]);
    expect(new Set(stream.map((e) => e.id)).size).toBe(3);
  });

  it('appends the same fact once when two ingests record it at the same time', async () => {
    const data = { ...subsession('GetSubSessionResultSuccessfulAsync'), subsessionId: 777 };
    const fact: RacingFact = { kind: 'subsession', data };
    const opts = { now: fixedClock(), source: 'import' as const };
    await Promise.all(
      Array.from({ length: 6 }, () => recordStreamFacts(env.store, 'subsession-777', [fact], opts)),
    );
    expect((await env.store.readStream('subsession-777')).map((e) => e.type)).toEqual([
      'SubsessionResultsRecorded',
    ]);
  });

  it('keeps a driver profile and each chart as separate slots of driver-<custId>', async () => {
    const member = MemberGetResponse.parse(
      fixturePayload('GetDriverInfoWithLicensesSuccessfulAsync', '2.json'),
    ).members[0]!;
    const profile = mapMemberProfile(member);
    const chart = mapChartData({
      ...ChartData.parse(fixturePayload('GetMemberChartDataSuccessfulAsync', '2.json')),
      cust_id: member.cust_id,
    });
    const w = writer();
    await w.record([
      { kind: 'driver-profile', data: profile },
      { kind: 'rating-history', data: chart },
    ]);
    // Same profile, chart unchanged, a second chart (another category) new: one event.
    await w.record([
      { kind: 'driver-profile', data: profile },
      { kind: 'rating-history', data: chart },
      { kind: 'rating-history', data: { ...chart, category: 'formula_car' } },
    ]);
    // The profile changed: an updated DriverProfileRecorded, the charts untouched.
    await w.record([
      { kind: 'driver-profile', data: { ...profile, displayName: 'Renamed Driver' } },
      { kind: 'rating-history', data: chart },
    ]);
    const stream = await env.store.readStream(`driver-${member.cust_id}`);
    expect(stream.map((e) => e.type)).toEqual([
      'DriverProfileRecorded',
      'DriverRatingHistoryRecorded',
      'DriverRatingHistoryRecorded',
      'DriverProfileRecorded',
    ]);
    expect(w.counts).toMatchObject({ appended: 4, unchanged: 3, corrected: 1 });
    // The profile and its chart were one append: one transaction, the same position major.
    expect(parsePosition(stream[0]!.position).major).toBe(parsePosition(stream[1]!.position).major);
  });
});
