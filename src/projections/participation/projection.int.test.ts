import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.ts';
import {
  applyRacingEvents,
  buildSubsession,
  createRacingTables,
  raceRow,
  rowsOf,
} from '../racing/testing.ts';
import { PARTICIPATION_TABLE } from './tables.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await createRacingTables(db.knex);
});

afterAll(async () => {
  await db.drop();
});

describe('participation read model', () => {
  it('counts sessions, splits, drivers and strength of field per week and time slot', async () => {
    const s = { seasonId: 8001, raceWeekNum: 3 };
    await applyRacingEvents(db.knex, [
      // 18:00 on two days: one session with two splits, one with one split.
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...s,
          subsessionId: 41,
          sessionId: 400,
          startTime: '2024-03-01T18:00:00Z',
          eventStrengthOfField: 3000,
          race: [raceRow(1, 1), raceRow(2, 2)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...s,
          subsessionId: 42,
          sessionId: 400,
          startTime: '2024-03-01T18:00:00Z',
          eventStrengthOfField: 1000,
          race: [raceRow(3, 1)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...s,
          subsessionId: 43,
          sessionId: 401,
          startTime: '2024-03-02T18:00:00Z',
          eventStrengthOfField: 2000,
          race: [raceRow(1, 1)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...s,
          subsessionId: 44,
          sessionId: 402,
          startTime: '2024-03-02T20:15:00Z',
          eventStrengthOfField: 1500,
          race: [raceRow(4, 1)],
        }),
      },
    ]);
    const rows = async () =>
      (await rowsOf(db.knex, PARTICIPATION_TABLE, { season_id: 8001 }, ['time_slot'])).map((r) => ({
        slot: r.time_slot,
        sessions: r.sessions,
        splits: r.subsessions,
        drivers: r.drivers,
        avg: Number(r.sof_sum) / Number(r.sof_count),
        max: r.max_sof,
      }));
    expect(await rows()).toEqual([
      { slot: '18:00', sessions: 2, splits: 3, drivers: 4, avg: 2000, max: 3000 },
      { slot: '20:15', sessions: 1, splits: 1, drivers: 1, avg: 1500, max: 1500 },
    ]);
    // A correction lowers the top split's SOF and removes a driver.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          ...s,
          subsessionId: 41,
          sessionId: 400,
          startTime: '2024-03-01T18:00:00Z',
          eventStrengthOfField: 2600,
          race: [raceRow(1, 1)],
        }),
      },
    ]);
    expect((await rows())[0]).toEqual({
      slot: '18:00',
      sessions: 2,
      splits: 3,
      drivers: 3,
      avg: 5600 / 3,
      max: 2600,
    });
  });
});
