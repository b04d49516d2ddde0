import { describe, expect, it } from 'vitest';
import {
  applyRacingEvents,
  buildSubsession,
  raceRow,
  rowsOf,
  useRacingDatabase,
} from '../racing/testing.ts';
import { PACE_TABLE } from './tables.ts';

const db = useRacingDatabase();

const paceRows = async () =>
  (await rowsOf(db.knex, PACE_TABLE, { season_id: 9100 }, ['car_id', 'irating_band'])).map((r) => ({
    car: r.car_id,
    band: r.irating_band,
    entries: r.entries,
    best: Number(r.sum_best_lap) / Number(r.n_best_lap),
    average:
      Number(r.n_average_lap) === 0 ? null : Number(r.sum_average_lap) / Number(r.n_average_lap),
  }));

describe('pace read model', () => {
  it('averages laps per car and iRating band of the rating drivers brought into the race', async () => {
    const base = { seasonId: 9100, raceWeekNum: 4, sessionId: 910 };
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          ...base,
          subsessionId: 91,
          race: [
            raceRow(1, 1, { oldIrating: 2480, bestLapTime: 900_000, averageLap: 910_000 }),
            raceRow(2, 2, { oldIrating: 2250, bestLapTime: 902_000, averageLap: null }),
            raceRow(3, 3, { oldIrating: 1999, bestLapTime: 905_000, averageLap: 915_000 }),
            // Unrated and team drivers without a lap are left out.
            raceRow(4, 4, { oldIrating: null, bestLapTime: 950_000 }),
            raceRow(5, 5, { teamId: 3, teamName: 'T', lapsComplete: 0, oldIrating: 2300 }),
            raceRow(6, 6, { carId: 200, carName: 'Other', oldIrating: 2260, bestLapTime: 920_000 }),
          ],
        }),
      },
    ]);
    expect(await paceRows()).toEqual([
      { car: 132, band: 1750, entries: 1, best: 905_000, average: 915_000 },
      { car: 132, band: 2250, entries: 2, best: 901_000, average: 910_000 },
      { car: 200, band: 2250, entries: 1, best: 920_000, average: 1_010_000 },
    ]);

    // A correction: driver 1 is disqualified, driver 3 lost a lap time.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          ...base,
          subsessionId: 91,
          race: [
            raceRow(2, 1, { oldIrating: 2250, bestLapTime: 902_000, averageLap: null }),
            raceRow(3, 2, { oldIrating: 1999, bestLapTime: 907_000, averageLap: 915_000 }),
          ],
        }),
      },
    ]);
    expect(await paceRows()).toEqual([
      { car: 132, band: 1750, entries: 1, best: 907_000, average: 915_000 },
      { car: 132, band: 2250, entries: 1, best: 902_000, average: null },
    ]);
  });
});
