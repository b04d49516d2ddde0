import { describe, expect, it } from 'vitest';
import {
  SubsessionResult,
  isTeamResultRow,
  type DriverResultRow,
} from '../../../ingest/schemas/index.ts';
import { mapSubsessionResult } from '../../../ingest/pipeline/map-results.ts';
import { buildSubsessionResult } from './results-get.ts';
import { TEAM_ID_BASE, lapShares } from './teams.ts';
import { smallWorld, wire } from '../small-world.test-support.ts';

const IMSA = 447; // the team series of the catalogue (teamDrivers 2)

describe('team events of the demo world', () => {
  const world = smallWorld({ weeksRunInLastSeason: 1 });
  world.simulation.advanceAll();
  const records = world.simulation.allRecords();
  const team = records.find((r) => r.session.seriesSeason.series.seriesId === IMSA);
  const solo = records.find((r) => r.session.seriesSeason.series.seriesId !== IMSA);

  it('lists teams of two drivers of one class, each driver once, in the recorded shape', () => {
    if (!team) throw new Error('no IMSA race in the small world');
    const payload = SubsessionResult.parse(wire(buildSubsessionResult(world, team)));
    expect(payload.max_team_drivers).toBe(2);
    const race = payload.session_results.find((s) => s.simsession_number === 0)!;
    expect(race.results.every(isTeamResultRow)).toBe(true);
    const custIds = race.results.flatMap((r) =>
      isTeamResultRow(r) ? r.driver_results.map((d) => d.cust_id) : [],
    );
    expect(custIds).toHaveLength(team.entrants.length);
    expect(new Set(custIds).size).toBe(custIds.length);
    race.results.forEach((r, position) => {
      if (!isTeamResultRow(r)) return;
      expect(r.finish_position).toBe(position);
      expect(r.team_id).toBeGreaterThan(TEAM_ID_BASE);
      expect(r.driver_results.length).toBeLessThanOrEqual(2);
      expect(new Set(r.driver_results.map((d) => d.car_class_id))).toEqual(
        new Set([r.car_class_id]),
      );
      expect(r.oldi_rating).toBe(-1);
    });

    const mapped = mapSubsessionResult(payload);
    expect(mapped.teamEvent).toBe(true);
    const rows = mapped.simsessions.find((s) => s.type === 'race')!.results;
    expect(rows).toHaveLength(team.entrants.length);
    expect(rows.every((r) => r.teamId !== null && r.teamName !== null)).toBe(true);
    expect(rows.every((r) => r.oldIrating !== null && r.oldIrating > 0)).toBe(true);
  });

  it("shares the car's laps out over its drivers: their laps add up to the team's", () => {
    if (!team) throw new Error('no IMSA race in the small world');
    const payload = SubsessionResult.parse(wire(buildSubsessionResult(world, team)));
    const race = payload.session_results.find((s) => s.simsession_number === 0)!;
    // A car of two drivers that ran more than a lap: no driver alone has every lap of it.
    const crewed = race.results.find(
      (r) => isTeamResultRow(r) && r.driver_results.length === 2 && r.laps_complete > 1,
    );
    if (!crewed || !isTeamResultRow(crewed)) throw new Error('no two-driver car in the race');
    for (const d of crewed.driver_results) {
      expect(d.laps_complete).toBeLessThan(crewed.laps_complete);
    }
    for (const s of payload.session_results) {
      for (const r of s.results) {
        if (!isTeamResultRow(r)) continue;
        const sum = (pick: (d: DriverResultRow) => number) =>
          r.driver_results.reduce((n, d) => n + pick(d), 0);
        expect(sum((d) => d.laps_complete)).toBe(r.laps_complete);
        expect(sum((d) => d.laps_lead)).toBe(r.laps_lead);
        for (const d of r.driver_results) expect(d.laps_lead).toBeLessThanOrEqual(d.laps_complete);
      }
    }
  });

  it('splits laps into equal shares, the remainder to the first drivers', () => {
    expect(lapShares(25, 2)).toEqual([13, 12]);
    expect(lapShares(24, 2)).toEqual([12, 12]);
    expect(lapShares(0, 2)).toEqual([0, 0]);
    expect(lapShares(7, 3)).toEqual([3, 2, 2]);
    expect(lapShares(5, 1)).toEqual([5]);
  });

  it('keeps single-driver series as driver rows', () => {
    if (!solo) throw new Error('no single-driver race in the small world');
    const payload = SubsessionResult.parse(wire(buildSubsessionResult(world, solo)));
    expect(payload.max_team_drivers).toBe(1);
    expect(payload.session_results.every((s) => s.results.every((r) => !isTeamResultRow(r)))).toBe(
      true,
    );
  });
});
