import { describe, expect, it } from 'vitest';
import { run } from '../../db/batch.ts';
import type { RacingEvent } from '../../events/racing.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import {
  driverCorrectionsAsOfStatement,
  driverRatingsAsOf,
  firstRaceDay,
} from '../../queries/racing/as-of.ts';
import {
  applyRacingEvents,
  asRecorded,
  buildSubsession,
  raceRow,
  useRacingDatabase,
} from '../racing/testing.ts';
import { DRIVER_HISTORY_TABLE } from './tables.ts';

const db = useRacingDatabase();

/** A result event recorded (learned) at `recordedAt`. */
function recorded(event: RacingEvent, recordedAt: string): RecordedEvent {
  return { ...asRecorded([event])[0]!, recordedAt: new Date(recordedAt) };
}

const race = (subsessionId: number, startTime: string, rows: [number, number][]) =>
  buildSubsession({
    subsessionId,
    sessionId: subsessionId * 10,
    startTime,
    race: rows.map(([custId, irating], i) =>
      raceRow(custId, i + 1, { newIrating: irating, newSubLevel: 250 + i, newLicenseLevel: 14 }),
    ),
  });

async function historyOf(custId: number) {
  const { rows } = await db.knex.raw<{
    rows: {
      subsession_id: number | null;
      irating: number | null;
      valid_from: Date;
      valid_to: Date | null;
      recorded_at: Date;
      superseded_at: Date | null;
    }[];
  }>(
    `SELECT subsession_id, irating, valid_from, valid_to, recorded_at, superseded_at
       FROM ${DRIVER_HISTORY_TABLE} WHERE cust_id = ? ORDER BY valid_from, recorded_at`,
    [custId],
  );
  return rows.map((r) => ({
    subsession: r.subsession_id,
    irating: r.irating,
    from: r.valid_from.toISOString(),
    to: r.valid_to?.toISOString() ?? null,
    recorded: r.recorded_at.toISOString(),
    superseded: r.superseded_at?.toISOString() ?? null,
  }));
}

describe('driver history read model', () => {
  const first = race(501, '2026-04-20T18:00:00Z', [
    [41, 1500],
    [42, 2200],
  ]);
  const second = race(502, '2026-05-04T18:00:00Z', [
    [41, 1560],
    [42, 2150],
  ]);
  const firstCorrected = race(501, '2026-04-20T18:00:00Z', [
    [41, 1480],
    [42, 2200],
  ]);

  it('keeps each race as a fact on both clocks, linked by race time', async () => {
    await applyRacingEvents(db.knex, [
      recorded({ type: 'SubsessionResultsRecorded', data: first }, '2026-04-21T00:00:00Z'),
      recorded({ type: 'SubsessionResultsRecorded', data: second }, '2026-05-05T00:00:00Z'),
    ]);
    expect(await historyOf(41)).toEqual([
      {
        subsession: 501,
        irating: 1500,
        from: '2026-04-20T18:00:00.000Z',
        to: '2026-05-04T18:00:00.000Z',
        recorded: '2026-04-21T00:00:00.000Z',
        superseded: null,
      },
      {
        subsession: 502,
        irating: 1560,
        from: '2026-05-04T18:00:00.000Z',
        to: null,
        recorded: '2026-05-05T00:00:00.000Z',
        superseded: null,
      },
    ]);
    expect(await firstRaceDay(db.knex)).toBe('2026-04-20');
  });

  it('answers the iRating at a race time, as known now and as known at a learned time', async () => {
    const may1 = await driverRatingsAsOf(db.knex, 41, {
      raceBefore: '2026-05-02T00:00:00.000Z',
      knownBefore: null,
    });
    expect(may1.get('road')?.license).toMatchObject({ irating: 1500, safetyRating: 2.5 });
    expect([...may1.keys()]).toEqual(['road']);
    const today = await driverRatingsAsOf(db.knex, 41, { raceBefore: null, knownBefore: null });
    expect(today.get('road')?.license.irating).toBe(1560);
    const before = await driverRatingsAsOf(db.knex, 41, {
      raceBefore: '2026-04-20T00:00:00.000Z',
      knownBefore: null,
    });
    expect(before.size).toBe(0);
    // On 1 May Pitwall knew only the first race, whatever race time is asked.
    const knownMay1 = await driverRatingsAsOf(db.knex, 41, {
      raceBefore: null,
      knownBefore: '2026-05-02T00:00:00.000Z',
    });
    expect(knownMay1.get('road')?.license.irating).toBe(1500);
  });

  it('supersedes a corrected value at the correction time, keeping its race time', async () => {
    await applyRacingEvents(db.knex, [
      recorded(
        { type: 'SubsessionResultsCorrected', data: firstCorrected },
        '2026-05-10T12:00:00Z',
      ),
    ]);
    const history = await historyOf(41);
    expect(history).toEqual([
      expect.objectContaining({
        subsession: 501,
        irating: 1500,
        from: '2026-04-20T18:00:00.000Z',
        to: null,
        superseded: '2026-05-10T12:00:00.000Z',
      }),
      expect.objectContaining({
        subsession: 501,
        irating: 1480,
        from: '2026-04-20T18:00:00.000Z',
        to: '2026-05-04T18:00:00.000Z',
        recorded: '2026-05-10T12:00:00.000Z',
        superseded: null,
      }),
      expect.objectContaining({ subsession: 502, irating: 1560, superseded: null }),
    ]);
    // Driver 42's values did not change: nothing superseded, learned time kept.
    expect((await historyOf(42)).map((h) => [h.subsession, h.recorded, h.superseded])).toEqual([
      [501, '2026-04-21T00:00:00.000Z', null],
      [502, '2026-05-05T00:00:00.000Z', null],
    ]);

    const bounds = { raceBefore: '2026-05-02T00:00:00.000Z' };
    const now = await driverRatingsAsOf(db.knex, 41, { ...bounds, knownBefore: null });
    expect(now.get('road')?.license.irating).toBe(1480);
    const then = await driverRatingsAsOf(db.knex, 41, {
      ...bounds,
      knownBefore: '2026-05-10T00:00:00.000Z',
    });
    expect(then.get('road')?.license.irating).toBe(1500);
    expect(then.get('road')?.supersededAt).toBe('2026-05-10T12:00:00.000Z');
    const shownThen = await run(
      db.knex,
      driverCorrectionsAsOfStatement(41, bounds.raceBefore, now),
    );
    expect(shownThen.get('road')).toMatchObject({
      license: { irating: 1500 },
      supersededAt: '2026-05-10T12:00:00.000Z',
    });
    // Today's state is the later race: the correction does not touch it.
    const today = await driverRatingsAsOf(db.knex, 41, { raceBefore: null, knownBefore: null });
    expect((await run(db.knex, driverCorrectionsAsOfStatement(41, null, today))).size).toBe(0);
  });

  it('drops the fact of a driver the correction removes, and folds a batch like single events', async () => {
    const s = race(601, '2026-06-01T18:00:00Z', [
      [51, 1000],
      [52, 1100],
    ]);
    const without52 = race(601, '2026-06-01T18:00:00Z', [[51, 1000]]);
    const again = race(601, '2026-06-01T18:00:00Z', [
      [51, 1010],
      [52, 1100],
    ]);
    // One batch: recorded, corrected twice.
    await applyRacingEvents(db.knex, [
      recorded({ type: 'SubsessionResultsRecorded', data: s }, '2026-06-02T00:00:00Z'),
      recorded({ type: 'SubsessionResultsCorrected', data: without52 }, '2026-06-03T00:00:00Z'),
      recorded({ type: 'SubsessionResultsCorrected', data: again }, '2026-06-04T00:00:00Z'),
    ]);
    expect(await historyOf(52)).toEqual([
      expect.objectContaining({
        irating: 1100,
        recorded: '2026-06-02T00:00:00.000Z',
        superseded: '2026-06-03T00:00:00.000Z',
      }),
      expect.objectContaining({
        irating: 1100,
        recorded: '2026-06-04T00:00:00.000Z',
        superseded: null,
      }),
    ]);
    expect((await historyOf(51)).map((h) => [h.irating, h.superseded])).toEqual([
      [1000, '2026-06-04T00:00:00.000Z'],
      [1010, null],
    ]);
  });

  it('serves an as-of lookup from the as-of index', async () => {
    const plan = await db.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        `EXPLAIN SELECT irating FROM ${DRIVER_HISTORY_TABLE} h
          WHERE h.cust_id = 41 AND h.category = 'road' AND h.valid_from < '2026-05-02'
            AND h.superseded_at IS NULL
          ORDER BY h.valid_from DESC, h.recorded_at DESC LIMIT 1`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/racing_driver_history_as_of/);
  });
});
