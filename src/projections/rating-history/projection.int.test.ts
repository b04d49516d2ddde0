import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
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

/** The stored charts of a driver, dates as ISO text. */
async function chartsOfDriver(custId: number) {
  const { rows } = await db.knex.raw<{
    rows: { category: string; chart: string; dates: string[]; values: number[] }[];
  }>(
    `SELECT category, chart, array_to_json(recorded_on) AS dates, value AS values
       FROM ${RATING_HISTORY_TABLE} WHERE cust_id = ? ORDER BY category, chart`,
    [custId],
  );
  return rows;
}

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
    const [stored, ...others] = await chartsOfDriver(341554);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({ category: 'road', chart: 'irating' });
    expect(stored!.dates).toHaveLength(new Set(points.map((p) => p.date)).size);
    expect(stored!.dates).toEqual([...stored!.dates].sort());
    expect(stored!.values[0]).toBe(1350);

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
    expect(await chartsOfDriver(341554)).toEqual([
      { category: 'road', chart: 'irating', dates: ['2025-01-01'], values: [2500] },
    ]);
  });

  it('keeps charts apart by category and chart; an empty fetch removes the stored chart', async () => {
    const data = (
      category: 'oval' | 'road',
      chart: 'irating' | 'license',
      value: number | null,
    ) => ({
      type: 'DriverRatingHistoryRecorded' as const,
      data: {
        custId: 77,
        category,
        chart,
        points: value === null ? [] : [{ date: '2025-02-01', value }],
      },
    });
    await applyRacingEvents(db.knex, [
      data('oval', 'irating', 1400),
      data('road', 'irating', 2000),
      data('road', 'license', 412),
    ]);
    expect((await chartsOfDriver(77)).map((c) => [c.category, c.chart, c.values])).toEqual([
      ['oval', 'irating', [1400]],
      ['road', 'irating', [2000]],
      ['road', 'license', [412]],
    ]);
    await applyRacingEvents(db.knex, [data('road', 'irating', null)]);
    expect((await chartsOfDriver(77)).map((c) => [c.category, c.chart])).toEqual([
      ['oval', 'irating'],
      ['road', 'license'],
    ]);
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
