import { describe, expect, it } from 'vitest';
import {
  applyRacingEvents,
  buildSubsession,
  raceRow,
  rowsOf,
  useRacingDatabase,
} from '../racing/testing.ts';
import { PARTICIPATION_TABLE, PARTICIPATION_WEEKS_TABLE, WEEK_DRIVERS_TABLE } from './tables.ts';

const db = useRacingDatabase();

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
        unique: r.unique_drivers,
        avg: Number(r.sof_sum) / Number(r.sof_count),
        max: r.max_sof,
      }));
    const week = async () =>
      (await rowsOf(db.knex, PARTICIPATION_WEEKS_TABLE, { season_id: 8001 })).map((r) => ({
        week: r.race_week_num,
        sessions: r.sessions,
        splits: r.subsessions,
        drivers: r.drivers,
        unique: r.unique_drivers,
        sofSum: Number(r.sof_sum),
        sofCount: r.sof_count,
        max: r.max_sof,
      }));
    expect(await rows()).toEqual([
      // Driver 1 raced 18:00 on both days: two entries, one driver.
      { slot: '18:00', sessions: 2, splits: 3, drivers: 4, unique: 3, avg: 2000, max: 3000 },
      { slot: '20:15', sessions: 1, splits: 1, drivers: 1, unique: 1, avg: 1500, max: 1500 },
    ]);
    // The week's row: the sums of its two slots, its drivers counted once.
    expect(await week()).toEqual([
      {
        week: 3,
        sessions: 3,
        splits: 4,
        drivers: 5,
        unique: 4,
        sofSum: 7500,
        sofCount: 4,
        max: 3000,
      },
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
      unique: 2,
      avg: 5600 / 3,
      max: 2600,
    });
    expect(await week()).toEqual([
      {
        week: 3,
        sessions: 3,
        splits: 4,
        drivers: 4,
        unique: 3,
        sofSum: 7100,
        sofCount: 4,
        max: 2600,
      },
    ]);
  });

  it('counts each driver once per week, however often they start, and follows corrections', async () => {
    const s = { seasonId: 8002, raceWeekNum: 0 };
    const weekDrivers = async () =>
      (
        await rowsOf(db.knex, WEEK_DRIVERS_TABLE, { season_id: 8002 }, ['race_week_num', 'cust_id'])
      ).map((r) => [r.race_week_num, r.cust_id, r.starts]);
    const unique = async () =>
      (
        await rowsOf(db.knex, PARTICIPATION_WEEKS_TABLE, { season_id: 8002 }, ['race_week_num'])
      ).map((r) => [r.race_week_num, r.unique_drivers]);
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...s,
          subsessionId: 51,
          sessionId: 500,
          startTime: '2024-03-05T18:00:00Z',
          race: [raceRow(1, 1), raceRow(2, 2)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...s,
          subsessionId: 52,
          sessionId: 501,
          startTime: '2024-03-06T20:00:00Z',
          // A team driver without a lap does not start; a practice row is not a start.
          race: [
            raceRow(1, 1),
            raceRow(3, 2, { teamId: 9, teamName: 'T', lapsComplete: 4 }),
            raceRow(4, 2, { teamId: 9, teamName: 'T', lapsComplete: 0 }),
          ],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...s,
          raceWeekNum: 1,
          subsessionId: 53,
          sessionId: 502,
          startTime: '2024-03-12T18:00:00Z',
          race: [raceRow(2, 1)],
        }),
      },
    ]);
    expect(await weekDrivers()).toEqual([
      [0, 1, 2],
      [0, 2, 1],
      [0, 3, 1],
      [1, 2, 1],
    ]);
    expect(await unique()).toEqual([
      [0, 3],
      [1, 1],
    ]);
    // Driver 2 is removed from the first race and week 1's only race loses its driver.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          ...s,
          subsessionId: 51,
          sessionId: 500,
          startTime: '2024-03-05T18:00:00Z',
          race: [raceRow(1, 1)],
        }),
      },
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          ...s,
          raceWeekNum: 1,
          subsessionId: 53,
          sessionId: 502,
          startTime: '2024-03-12T18:00:00Z',
          race: [raceRow(5, 1, { teamId: 9, teamName: 'T', lapsComplete: 0 })],
        }),
      },
    ]);
    expect(await weekDrivers()).toEqual([
      [0, 1, 2],
      [0, 3, 1],
    ]);
    // Week 1 still has its race, now without a start.
    expect(await unique()).toEqual([
      [0, 2],
      [1, 0],
    ]);
  });

  it("keeps each week's slot sums in its row and drops a week left without races", async () => {
    const s = { seasonId: 8003, raceWeekNum: 4, sessionId: 600 };
    const weeks = async () =>
      (
        await rowsOf(db.knex, PARTICIPATION_WEEKS_TABLE, { season_id: 8003 }, ['race_week_num'])
      ).map((r) => [r.race_week_num, r.sessions, r.subsessions, r.drivers, r.unique_drivers]);
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...s,
          subsessionId: 61,
          startTime: '2024-04-01T18:00:00Z',
          race: [raceRow(1, 1), raceRow(2, 2)],
        }),
      },
    ]);
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...s,
          subsessionId: 62,
          sessionId: 601,
          startTime: '2024-04-02T19:00:00Z',
          race: [raceRow(2, 1), raceRow(3, 2)],
        }),
      },
    ]);
    expect(await weeks()).toEqual([[4, 2, 2, 4, 3]]);
    // Both races corrected into week 5: week 4 has no race left.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          ...s,
          raceWeekNum: 5,
          subsessionId: 61,
          startTime: '2024-04-08T18:00:00Z',
          race: [raceRow(1, 1), raceRow(2, 2)],
        }),
      },
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          ...s,
          raceWeekNum: 5,
          subsessionId: 62,
          sessionId: 601,
          startTime: '2024-04-09T19:00:00Z',
          race: [raceRow(2, 1)],
        }),
      },
    ]);
    expect(await weeks()).toEqual([[5, 2, 2, 3, 2]]);
  });
});
