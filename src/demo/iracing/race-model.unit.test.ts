import { beforeAll, describe, expect, it } from 'vitest';
import { iratingChanges, strengthOfField } from '../../domain/index.ts';
import { buildSubsessionResult, type DemoWorld } from './index.ts';
import {
  isTeamResultRow,
  type DriverResultRow,
  type SessionResultRow,
  type SubsessionResult,
} from '../../ingest/schemas/index.ts';
import { median, rankCorrelation, smallWorld } from './small-world.test-support.ts';

/** The drivers' rows of a simsession (a team event's inside its team rows). */
function driverRows(rows: readonly SessionResultRow[]): DriverResultRow[] {
  return rows.flatMap((r) => (isTeamResultRow(r) ? r.driver_results : [r]));
}

function raceRows(result: SubsessionResult): DriverResultRow[] {
  const race = result.session_results.find((s) => s.simsession_number === 0);
  if (!race) throw new Error(`subsession ${result.subsession_id} has no race`);
  return driverRows(race.results).sort((a, b) => a.finish_position - b.finish_position);
}

/** The race's classified rows, by position: a team event's team rows (one per car). */
function carRows(result: SubsessionResult): SessionResultRow[] {
  const race = result.session_results.find((s) => s.simsession_number === 0);
  if (!race) throw new Error(`subsession ${result.subsession_id} has no race`);
  return [...race.results].sort((a, b) => a.finish_position - b.finish_position);
}

describe('demo race model', () => {
  let world: DemoWorld;
  let results: SubsessionResult[];
  beforeAll(() => {
    world = smallWorld({ drivers: 2500, weeksRunInLastSeason: 2 });
    world.simulation.advanceAll();
    results = world.simulation.allRecords().map((record) => buildSubsessionResult(world, record));
  });

  it('states the strength of field the standard formula gives, for the event and each class', () => {
    expect(results.length).toBeGreaterThan(100);
    for (const result of results) {
      const rows = raceRows(result);
      expect(result.event_strength_of_field).toBe(
        Math.round(strengthOfField(rows.map((r) => r.oldi_rating))),
      );
      for (const cls of result.car_classes) {
        const own = rows
          .filter((r) => r.car_class_id === cls.car_class_id)
          .map((r) => r.oldi_rating);
        expect(cls.strength_of_field).toBe(Math.round(strengthOfField(own)));
        expect(cls.num_entries).toBe(own.length);
      }
      const split = result.session_splits?.find((s) => s.subsession_id === result.subsession_id);
      expect(split?.event_strength_of_field).toBe(result.event_strength_of_field);
    }
  });

  it('changes iRating by the community formula, per class, summing to about zero', () => {
    const classSums: number[] = [];
    for (const result of results) {
      const rows = raceRows(result);
      const deltas = iratingChanges(
        rows.map((r) => ({
          custId: r.cust_id,
          oldIrating: r.oldi_rating,
          finishPosition: r.finish_position,
          lapsComplete: r.laps_complete,
          carClassId: r.car_class_id,
        })),
      );
      for (const r of rows)
        expect(r.newi_rating).toBe(
          Math.max(1, Math.round(r.oldi_rating + (deltas.get(r.cust_id) ?? 0))),
        );
      for (const cls of result.car_classes) {
        const own = rows.filter((r) => r.car_class_id === cls.car_class_id);
        const sum = own.reduce((s, r) => s + r.newi_rating - r.oldi_rating, 0);
        // The formula's fudge factor adds +1 per class; rounding moves each driver by ≤ 0.5.
        expect(Math.abs(sum - 1)).toBeLessThanOrEqual(own.length / 2 + 0.5);
        classSums.push(sum);
      }
    }
    expect(Math.abs(classSums.reduce((s, x) => s + x, 0) / classSums.length)).toBeLessThan(2);
  });

  it('ranks faster drivers higher: best laps fall as iRating rises', () => {
    const correlations: number[] = [];
    for (const result of results) {
      for (const cls of result.car_classes) {
        const rows = raceRows(result).filter(
          (r) => r.car_class_id === cls.car_class_id && r.best_lap_time > 0,
        );
        if (rows.length < 8) continue;
        correlations.push(
          rankCorrelation(
            rows.map((r) => r.oldi_rating),
            rows.map((r) => r.best_lap_time),
          ),
        );
      }
    }
    expect(correlations.length).toBeGreaterThan(50);
    expect(median(correlations)).toBeLessThan(-0.3);
  });

  it('classifies by laps then time: the winner ran the event distance, intervals grow, DNFs and 0-lap entrants exist', () => {
    let dnf = 0;
    let zeroLap = 0;
    let incidents = 0;
    let finishers = 0;
    let bestBelowAverage = 0;
    for (const result of results) {
      const rows = carRows(result);
      expect(rows.map((r) => r.finish_position)).toEqual(rows.map((_, i) => i));
      const winner = rows[0] as SessionResultRow;
      expect(winner.laps_complete).toBe(result.event_laps_complete);
      expect(winner.interval).toBe(0);
      for (let i = 1; i < rows.length; i++) {
        const a = rows[i - 1] as SessionResultRow;
        const b = rows[i] as SessionResultRow;
        expect(b.laps_complete).toBeLessThanOrEqual(a.laps_complete);
        if (a.interval > 0 && b.interval > 0) expect(b.interval).toBeGreaterThanOrEqual(a.interval);
      }
      for (const r of rows) {
        if (r.reason_out_id !== 0) dnf++;
        if (r.laps_complete === 0) zeroLap++;
        incidents += r.incidents;
        expect(r.reason_out).toBe(r.reason_out_id === 0 ? 'Running' : 'Disconnected');
        if (r.best_lap_time > 0) expect(r.best_lap_time).toBeGreaterThan(r.average_lap * 0.5);
        if (r.reason_out_id === 0 && r.laps_complete >= 5) {
          finishers++;
          if (r.best_lap_time > 0 && r.best_lap_time <= r.average_lap) bestBelowAverage++;
        }
      }
    }
    // Only a lap without incident or caution counts as best; the average counts every lap.
    expect(bestBelowAverage / finishers).toBeGreaterThan(0.95);
    const rows = results.reduce((n, r) => n + carRows(r).length, 0);
    expect(dnf / rows).toBeGreaterThan(0.02);
    expect(dnf / rows).toBeLessThan(0.2);
    expect(zeroLap).toBeGreaterThan(0);
    expect(incidents / rows).toBeGreaterThan(1);
  });

  it('grids from qualifying: pole is the fastest qualifier of the first class', () => {
    let checked = 0;
    for (const result of results) {
      const qualify = result.session_results.find((s) => s.simsession_type === 4);
      if (!qualify) continue;
      const fastest = driverRows(qualify.results).find(
        (r) => r.best_lap_time > 0 && r.car_class_id === result.car_classes[0]?.car_class_id,
      );
      if (!fastest) continue;
      const pole = raceRows(result).find((r) => r.starting_position === 0);
      expect(pole?.cust_id).toBe(fastest.cust_id);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('moves safety rating with incidents and encodes licences as level/sub-level', () => {
    for (const result of results) {
      for (const r of raceRows(result)) {
        expect(r.new_license_level).toBeGreaterThanOrEqual(1);
        expect(r.new_license_level).toBeLessThanOrEqual(28);
        const step = ((r.new_license_level - 1) % 4) + 1;
        expect(step).toBe(Math.min(4, Math.max(1, Math.floor(r.new_sub_level / 100))));
      }
    }
    const clean = results.flatMap(raceRows).filter((r) => r.incidents === 0 && r.laps_complete > 5);
    const messy = results.flatMap(raceRows).filter((r) => r.incidents >= 12);
    expect(clean.length).toBeGreaterThan(0);
    expect(messy.length).toBeGreaterThan(0);
    expect(
      clean.every(
        (r) => r.new_sub_level >= r.old_sub_level || r.new_license_level > r.old_license_level,
      ),
    ).toBe(true);
    expect(median(messy.map((r) => r.new_sub_level - r.old_sub_level))).toBeLessThan(0);
  });
});
