import { describe, expect, it } from 'vitest';
import {
  applyRacingEvents,
  buildSubsession,
  raceRow,
  rowsOf,
  useRacingDatabase,
} from '../racing/testing.ts';
import { DRIVER_TOTALS_TABLE, DRIVER_USAGE_TABLE, DRIVER_YEARS_TABLE } from './tables.ts';

const db = useRacingDatabase();

const years = (custId: number) =>
  rowsOf(db.knex, DRIVER_YEARS_TABLE, { cust_id: custId }, ['season_year']).then((rows) =>
    rows.map((r) => ({
      year: r.season_year,
      starts: r.starts,
      wins: r.wins,
      sumFinish: r.sum_finish,
      sumStart: r.sum_start,
    })),
  );
const usage = (custId: number, kind: string) =>
  rowsOf(db.knex, DRIVER_USAGE_TABLE, { cust_id: custId, kind }, ['ref_id']).then((rows) =>
    rows.map((r) => ({ ref: r.ref_id, name: r.name, starts: r.starts, wins: r.wins })),
  );

describe('driver career read model', () => {
  it('counts starts per season year, per category and per series, car and track', async () => {
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 101,
          seasonYear: 2025,
          race: [raceRow(1, 1, { carId: 7, carName: 'Mazda MX-5' }), raceRow(2, 2)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 102,
          seasonYear: 2026,
          seriesId: 300,
          seriesName: 'Formula Vee',
          track: { trackId: 5, trackName: 'Spa', configName: 'GP' },
          race: [raceRow(2, 1), raceRow(1, 4, { carId: 7, carName: 'Mazda MX-5' })],
        }),
      },
    ]);
    expect(await years(1)).toEqual([
      { year: 2025, starts: 1, wins: 1, sumFinish: 1, sumStart: 1 },
      { year: 2026, starts: 1, wins: 0, sumFinish: 4, sumStart: 4 },
    ]);
    const totals = await rowsOf(db.knex, DRIVER_TOTALS_TABLE, { cust_id: 1 });
    expect(totals).toMatchObject([{ category: 'road', starts: 2, wins: 1, top_fives: 2 }]);
    expect(await usage(1, 'series')).toEqual([
      { ref: 210, name: 'Global Fanatec Challenge', starts: 1, wins: 1 },
      { ref: 300, name: 'Formula Vee', starts: 1, wins: 0 },
    ]);
    expect(await usage(1, 'car')).toEqual([{ ref: 7, name: 'Mazda MX-5', starts: 2, wins: 1 }]);
    expect((await usage(1, 'track')).map((t) => t.name)).toEqual([
      'Spa',
      'Nürburgring Nordschleife',
    ]);
  });

  it('replaces a corrected race and drops keys left without starts', async () => {
    // Race 102 is corrected: driver 1 is removed, driver 3 takes the place.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          subsessionId: 102,
          seasonYear: 2026,
          seriesId: 300,
          seriesName: 'Formula Vee',
          track: { trackId: 5, trackName: 'Spa', configName: 'GP' },
          race: [raceRow(2, 1), raceRow(3, 2)],
        }),
      },
    ]);
    expect(await years(1)).toEqual([{ year: 2025, starts: 1, wins: 1, sumFinish: 1, sumStart: 1 }]);
    expect(await usage(1, 'series')).toEqual([
      { ref: 210, name: 'Global Fanatec Challenge', starts: 1, wins: 1 },
    ]);
    expect(await usage(3, 'series')).toEqual([
      { ref: 300, name: 'Formula Vee', starts: 1, wins: 0 },
    ]);
    expect(await years(2)).toEqual([
      { year: 2025, starts: 1, wins: 0, sumFinish: 2, sumStart: 2 },
      { year: 2026, starts: 1, wins: 1, sumFinish: 1, sumStart: 1 },
    ]);
  });
});
