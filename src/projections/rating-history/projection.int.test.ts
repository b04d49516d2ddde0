import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.ts';
import { applyRacingEvents, createRacingTables, readFixture, rowsOf } from '../racing/testing.ts';
import { CARS_TABLE, TRACKS_TABLE } from '../catalog/tables.ts';
import { RATING_HISTORY_TABLE } from './tables.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await createRacingTables(db.knex);
});

afterAll(async () => {
  await db.drop();
});

describe('rating history read model', () => {
  it('stores a member/chart_data iRating chart and replaces it with a newer fetch', async () => {
    const chart = readFixture('GetMemberChartDataSuccessfulAsync', '2.json') as {
      data: { when: string; value: number }[];
    };
    const points = chart.data.map((p) => ({ date: p.when, value: p.value }));
    await applyRacingEvents(db.knex, [
      {
        type: 'DriverRatingHistoryRecorded',
        data: { custId: 341554, category: 'road', chart: 'irating', points },
      },
    ]);
    const rows = await rowsOf(db.knex, RATING_HISTORY_TABLE, { cust_id: 341554 }, ['recorded_on']);
    expect(rows).toHaveLength(points.length);
    expect(rows[0]).toMatchObject({ category: 'road', chart: 'irating', value: 1350 });

    await applyRacingEvents(db.knex, [
      {
        type: 'DriverRatingHistoryRecorded',
        data: {
          custId: 341554,
          category: 'road',
          chart: 'irating',
          points: [{ date: '2025-01-01', value: 2500 }],
        },
      },
    ]);
    expect(
      (await rowsOf(db.knex, RATING_HISTORY_TABLE, { cust_id: 341554 })).map((r) => r.value),
    ).toEqual([2500]);
  });
});

describe('catalog read model', () => {
  it('keeps the latest description of each car and track layout', async () => {
    await applyRacingEvents(db.knex, [
      {
        type: 'CarCatalogued',
        data: {
          carId: 132,
          carName: 'BMW M4 GT3',
          carShortName: null,
          carTypes: ['gt3'],
          categories: ['road'],
        },
      },
      {
        type: 'CarCatalogued',
        data: {
          carId: 132,
          carName: 'BMW M4 GT3 EVO',
          carShortName: 'M4 GT3',
          carTypes: ['gt3'],
          categories: ['sports_car'],
        },
      },
      {
        type: 'TrackCatalogued',
        data: {
          trackId: 249,
          trackName: 'Nürburgring Nordschleife',
          configName: 'Industriefahrten',
          category: 'road',
          lengthKm: 20.8,
          cornersPerLap: 73,
        },
      },
    ]);
    expect(await rowsOf(db.knex, CARS_TABLE, {})).toEqual([
      {
        car_id: 132,
        car_name: 'BMW M4 GT3 EVO',
        short_name: 'M4 GT3',
        car_types: ['gt3'],
        categories: ['sports_car'],
      },
    ]);
    expect(await rowsOf(db.knex, TRACKS_TABLE, {})).toEqual([
      {
        track_id: 249,
        track_name: 'Nürburgring Nordschleife',
        config_name: 'Industriefahrten',
        category: 'road',
        length_km: 20.8,
        corners_per_lap: 73,
      },
    ]);
  });
});
