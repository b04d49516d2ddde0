import { describe, expect, it } from 'vitest';
import {
  applyRacingEvents,
  buildSubsession,
  raceRow,
  rowOf,
  subsessionFromFixture,
  useRacingDatabase,
} from '../racing/testing.ts';
import { RESULTS_TABLE, SESSIONS_TABLE, SUBSESSIONS_TABLE } from './tables.ts';

const db = useRacingDatabase();

describe('subsessions read model', () => {
  it('records a multiclass fixture: subsession header, winner and one row per driver per simsession', async () => {
    const data = subsessionFromFixture('GetSubSessionResultSuccessfulAsync');
    await applyRacingEvents(db.knex, [{ type: 'SubsessionResultsRecorded', data }]);

    const sub = await rowOf(db.knex, SUBSESSIONS_TABLE, { subsession_id: 45243121 });
    expect(sub).toMatchObject({
      session_id: 174387186,
      season_id: 3620,
      race_week_num: 2,
      time_slot: '01:30',
      track_name: 'Nürburgring Nordschleife',
      config_name: 'Industriefahrten',
      category: 'road',
      event_sof: 1683,
      num_drivers: 19,
      winner_cust_id: 147876,
      winner_name: 'Driver 147876',
    });
    expect(sub?.simsessions).toEqual([
      { simsessionNumber: -1, type: 'practice', name: 'PRACTICE', entries: 19 },
      { simsessionNumber: 0, type: 'race', name: 'RACE', entries: 19 },
    ]);

    const counts = await db
      .knex(RESULTS_TABLE)
      .where({ subsession_id: 45243121 })
      .select('simsession_type', 'is_primary')
      .count<{ simsession_type: string; is_primary: boolean; count: number }[]>('* as count')
      .groupBy('simsession_type', 'is_primary')
      .orderBy('simsession_type');
    expect(counts).toEqual([
      { simsession_type: 'practice', is_primary: false, count: 19 },
      { simsession_type: 'race', is_primary: true, count: 19 },
    ]);

    // The API's 0-based finish_position 1 is P2; its -1 best lap is "no lap".
    const second = await rowOf(db.knex, RESULTS_TABLE, {
      subsession_id: 45243121,
      cust_id: 564678,
      simsession_number: 0,
    });
    expect(second).toMatchObject({
      finish_position: 3,
      starting_position: 2,
      best_lap_time: null,
      average_lap: 4131134,
      old_irating: 2846,
      new_irating: 2885,
      new_sub_level: 347,
      // The subsession's, on every row (the rating histories read a driver's races by it).
      category: 'road',
    });

    const session = await rowOf(db.knex, SESSIONS_TABLE, { session_id: 174387186 });
    expect(session).toMatchObject({
      num_subsessions: 1,
      num_drivers: 19,
      max_sof: 1683,
      min_sof: 1683,
    });
  });

  it('keeps team events per driver with the team name and the team positions', async () => {
    const data = subsessionFromFixture('GetSubSessionResultForTeamSuccessfulAsync');
    await applyRacingEvents(db.knex, [{ type: 'SubsessionResultsRecorded', data }]);
    const row = await rowOf(db.knex, RESULTS_TABLE, {
      subsession_id: 46219719,
      cust_id: 310378,
      simsession_type: 'race',
    });
    expect(row).toMatchObject({
      team_id: -206771,
      team_name: 'Driver -206771',
      finish_position: 1,
      starting_position: 4,
      laps_complete: 16,
      new_irating: 3049,
    });
    const sub = await rowOf(db.knex, SUBSESSIONS_TABLE, { subsession_id: 46219719 });
    expect(sub).toMatchObject({ team_event: true, winner_team_name: 'Driver -206771' });
  });

  it('groups the splits of a session and recounts them when a correction moves drivers', async () => {
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 501,
          sessionId: 50,
          eventStrengthOfField: 2500,
          race: [raceRow(1, 1), raceRow(2, 2)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 502,
          sessionId: 50,
          eventStrengthOfField: 1500,
          race: [raceRow(3, 1)],
        }),
      },
    ]);
    expect(await rowOf(db.knex, SESSIONS_TABLE, { session_id: 50 })).toMatchObject({
      num_subsessions: 2,
      num_drivers: 3,
      max_sof: 2500,
      min_sof: 1500,
    });

    // The correction disqualifies driver 2 (removed) and swaps nothing else.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          subsessionId: 501,
          sessionId: 50,
          eventStrengthOfField: 2400,
          race: [raceRow(1, 1)],
        }),
      },
    ]);
    const rows = await db
      .knex(RESULTS_TABLE)
      .where({ subsession_id: 501 })
      .pluck<number[]>('cust_id');
    expect(rows).toEqual([1]);
    expect(await rowOf(db.knex, SESSIONS_TABLE, { session_id: 50 })).toMatchObject({
      num_subsessions: 2,
      num_drivers: 2,
      max_sof: 2400,
    });
  });

  it('collapses a recording and its correction in one batch to the correction', async () => {
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 601,
          sessionId: 60,
          race: [raceRow(1, 1), raceRow(2, 2)],
        }),
      },
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          subsessionId: 601,
          sessionId: 60,
          race: [raceRow(2, 1), raceRow(1, 2)],
        }),
      },
    ]);
    const rows = await db
      .knex(RESULTS_TABLE)
      .where({ subsession_id: 601 })
      .orderBy('finish_position')
      .pluck<number[]>('cust_id');
    expect(rows).toEqual([2, 1]);
    expect(await rowOf(db.knex, SUBSESSIONS_TABLE, { subsession_id: 601 })).toMatchObject({
      winner_cust_id: 2,
    });
  });
});
