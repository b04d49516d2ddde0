import { describe, expect, it } from 'vitest';
import {
  applyRacingEvents,
  buildSubsession,
  raceRow,
  rowOf,
  rowsOf,
  subsessionFromFixture,
  useRacingDatabase,
} from '../racing/testing.ts';
import { CAR_TIMES_TABLE, FASTEST_LAPS_TABLE, WORLD_RECORDS_TABLE } from './tables.ts';

const db = useRacingDatabase();

describe('lap times read model', () => {
  it('keeps each driver’s best race lap and the car’s best of a fixture week', async () => {
    const data = subsessionFromFixture('GetSubSessionResultSuccessfulAsync');
    await applyRacingEvents(db.knex, [{ type: 'SubsessionResultsRecorded', data }]);
    const cadillac = await rowOf(db.knex, CAR_TIMES_TABLE, {
      season_id: 3620,
      race_week_num: 2,
      car_id: 41,
    });
    expect(cadillac).toMatchObject({
      track_id: 249,
      car_name: 'Cadillac CTS-V Racecar',
      entries: 11,
      best_lap_time: 4082271,
      best_cust_id: 147876,
    });
    // Drivers without a valid lap count as entries but not as lap times.
    const withLap = data.simsessions[1]!.results.filter(
      (r) => r.carId === 41 && r.bestLapTime !== null,
    );
    expect(cadillac?.drivers).toBe(withLap.length);
    expect(cadillac?.n_best_lap).toBe(withLap.length);
    expect(Number(cadillac?.sum_best_lap)).toBe(withLap.reduce((s, r) => s + r.bestLapTime!, 0));
    expect(await rowOf(db.knex, WORLD_RECORDS_TABLE, { track_id: 249, car_id: 41 })).toMatchObject({
      best_lap_time: 4082271,
      cust_id: 147876,
      subsession_id: 45243121,
    });
  });

  it('merges faster laps, ignores slower ones, and recomputes after a correction', async () => {
    const base = {
      seasonId: 7001,
      raceWeekNum: 0,
      track: { trackId: 1, trackName: 'Okayama', configName: 'Full Course' },
    };
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...base,
          subsessionId: 31,
          startTime: '2024-01-01T10:00:00Z',
          race: [raceRow(1, 1, { bestLapTime: 900_000 }), raceRow(2, 2, { bestLapTime: 905_000 })],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...base,
          subsessionId: 32,
          startTime: '2024-01-01T12:00:00Z',
          race: [raceRow(1, 1, { bestLapTime: 910_000 }), raceRow(3, 2, { bestLapTime: 899_000 })],
        }),
      },
    ]);
    const laps = async () =>
      (await rowsOf(db.knex, FASTEST_LAPS_TABLE, { season_id: 7001 }, ['best_lap_time'])).map(
        (r) => [r.cust_id, r.best_lap_time, r.subsession_id],
      );
    expect(await laps()).toEqual([
      [3, 899_000, 32],
      [1, 900_000, 31],
      [2, 905_000, 31],
    ]);
    expect(
      await rowOf(db.knex, CAR_TIMES_TABLE, { season_id: 7001, race_week_num: 0, car_id: 132 }),
    ).toMatchObject({
      drivers: 3,
      entries: 4,
      best_lap_time: 899_000,
      best_cust_id: 3,
      n_best_lap: 4,
    });
    expect(await rowOf(db.knex, WORLD_RECORDS_TABLE, { track_id: 1, car_id: 132 })).toMatchObject({
      best_lap_time: 899_000,
      cust_id: 3,
    });

    // Subsession 32 is corrected: driver 3's lap was invalid.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          ...base,
          subsessionId: 32,
          startTime: '2024-01-01T12:00:00Z',
          race: [raceRow(1, 1, { bestLapTime: 910_000 }), raceRow(3, 2, { bestLapTime: null })],
        }),
      },
    ]);
    expect(await laps()).toEqual([
      [1, 900_000, 31],
      [2, 905_000, 31],
    ]);
    expect(
      await rowOf(db.knex, CAR_TIMES_TABLE, { season_id: 7001, race_week_num: 0, car_id: 132 }),
    ).toMatchObject({
      drivers: 2,
      entries: 4,
      best_lap_time: 900_000,
      best_cust_id: 1,
      n_best_lap: 3,
      sum_best_lap: 900_000 + 905_000 + 910_000,
    });
    expect(await rowOf(db.knex, WORLD_RECORDS_TABLE, { track_id: 1, car_id: 132 })).toMatchObject({
      best_lap_time: 900_000,
      cust_id: 1,
    });
  });
});
