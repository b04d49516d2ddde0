import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import {
  applyRacingEvents,
  buildSubsession,
  createRacingTables,
  raceRow,
  rowsOf,
  subsessionFromFixture,
} from '../racing/testing.ts';
import { SEASON_DRIVER_STATS_TABLE, SEASON_WEEK_DRIVER_STATS_TABLE } from './tables.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await createRacingTables(db.knex);
});

afterAll(async () => {
  await db.drop();
});

const stats = (seasonId: number) =>
  rowsOf(db.knex, SEASON_DRIVER_STATS_TABLE, { season_id: seasonId }, ['cust_id']).then((rows) =>
    rows.map((r) => ({
      cust: r.cust_id,
      races: r.races,
      wins: r.wins,
      poles: r.poles,
      top5: r.top_fives,
      laps: r.laps,
      inc: r.incidents,
    })),
  );

describe('season leaderboards read model', () => {
  it('counts class wins, class poles and top fives of a multiclass fixture race', async () => {
    const data = subsessionFromFixture('GetSubSessionResultSuccessfulAsync');
    await applyRacingEvents(db.knex, [{ type: 'SubsessionResultsRecorded', data }]);
    const rows = await rowsOf(db.knex, SEASON_DRIVER_STATS_TABLE, { season_id: 3620 });
    expect(rows).toHaveLength(19);
    // One winner per class (two classes), one pole per class, five top fives per class at most.
    expect(rows.reduce((n, r) => n + Number(r.wins), 0)).toBe(2);
    expect(rows.reduce((n, r) => n + Number(r.poles), 0)).toBe(2);
    expect(rows.reduce((n, r) => n + Number(r.top_fives), 0)).toBe(10);
    expect(rows.find((r) => r.cust_id === 147876)).toMatchObject({
      races: 1,
      wins: 1,
      laps_led: 4,
      category: 'road',
    });
  });

  it('adds up races of a season and replaces a corrected race’s contribution', async () => {
    const season = 9001;
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 11,
          seasonId: season,
          race: [raceRow(1, 1), raceRow(2, 2, { incidents: 4 })],
        }),
      },
    ]);
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 12,
          seasonId: season,
          race: [
            raceRow(2, 1, { startingPositionInClass: 2 }),
            raceRow(1, 6, { startingPositionInClass: 1 }),
          ],
        }),
      },
    ]);
    expect(await stats(season)).toEqual([
      { cust: 1, races: 2, wins: 1, poles: 2, top5: 1, laps: 40, inc: 0 },
      { cust: 2, races: 2, wins: 1, poles: 0, top5: 2, laps: 40, inc: 4 },
    ]);
    // Race 11 is corrected: driver 2 is removed, driver 3 takes second place.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          subsessionId: 11,
          seasonId: season,
          race: [raceRow(1, 1), raceRow(3, 2)],
        }),
      },
    ]);
    expect(await stats(season)).toEqual([
      { cust: 1, races: 2, wins: 1, poles: 2, top5: 1, laps: 40, inc: 0 },
      { cust: 2, races: 1, wins: 1, poles: 0, top5: 1, laps: 20, inc: 0 },
      { cust: 3, races: 1, wins: 0, poles: 0, top5: 1, laps: 20, inc: 0 },
    ]);
    // A correction that removes a driver's only race removes the driver from the season.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({ subsessionId: 11, seasonId: season, race: [raceRow(1, 1)] }),
      },
    ]);
    expect((await stats(season)).map((s) => s.cust)).toEqual([1, 2]);
  });

  it('credits team drivers who drove, not those who sat out, and ignores non-race events', async () => {
    const season = 9002;
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 21,
          seasonId: season,
          teamEvent: true,
          race: [
            raceRow(5, 1, { teamId: -7, teamName: 'Team Seven', lapsComplete: 12 }),
            raceRow(6, 1, { teamId: -7, teamName: 'Team Seven', lapsComplete: 0 }),
          ],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 22,
          seasonId: season,
          eventType: 'practice',
          race: [raceRow(7, 1)],
        }),
      },
    ]);
    expect(await stats(season)).toEqual([
      { cust: 5, races: 1, wins: 1, poles: 1, top5: 1, laps: 12, inc: 0 },
    ]);
  });
});

describe('season leaderboards per week', () => {
  it('keeps a row per season, week and driver that moves with corrections', async () => {
    const season = 9003;
    const weekRows = () =>
      rowsOf(db.knex, SEASON_WEEK_DRIVER_STATS_TABLE, { season_id: season }, [
        'race_week_num',
        'cust_id',
      ]).then((rows) => rows.map((r) => [r.race_week_num, r.cust_id, r.races, r.wins]));
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 31,
          seasonId: season,
          raceWeekNum: 0,
          race: [raceRow(1, 1), raceRow(2, 2)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 32,
          seasonId: season,
          raceWeekNum: 0,
          race: [raceRow(2, 1), raceRow(1, 2)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 33,
          seasonId: season,
          raceWeekNum: 1,
          race: [raceRow(1, 1), raceRow(3, 2)],
        }),
      },
    ]);
    expect(await weekRows()).toEqual([
      [0, 1, 2, 1],
      [0, 2, 2, 1],
      [1, 1, 1, 1],
      [1, 3, 1, 0],
    ]);
    // Week 1's race loses driver 3 and is won by driver 2.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          subsessionId: 33,
          seasonId: season,
          raceWeekNum: 1,
          race: [raceRow(2, 1), raceRow(1, 2)],
        }),
      },
    ]);
    expect(await weekRows()).toEqual([
      [0, 1, 2, 1],
      [0, 2, 2, 1],
      [1, 1, 1, 0],
      [1, 2, 1, 1],
    ]);
  });
});
