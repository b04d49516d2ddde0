import type { SeriesDefinition } from '../catalog/series.ts';
import type { SubsessionRecord } from '../sim/records.ts';
import type { DemoWorld } from '../world/world.ts';

/**
 * Team events of the demo world. A series with `teamDrivers` > 1 races as teams: the entrants of
 * a subsession team up within their class in race finishing order (the two best of a class form
 * its winning team, and so on), so the simulated drivers, laps and ratings stay exactly those of
 * the race. A team is its most senior driver's (lowest cust id): the same team id and name come
 * back in every race that driver leads a team, so a team has a results history. Ratings stay
 * per driver (iRacing's formula for team events is not public: see docs/iracing-api.md).
 */

/** Team ids are the lead driver's cust id above this base (no clash with cust ids). */
export const TEAM_ID_BASE = 2_000_000;

const SUFFIXES = ['Motorsport', 'Racing', 'Racing Team', 'Competition', 'Sim Racing', 'Esports'];

export interface DemoTeam {
  teamId: number;
  name: string;
  /** Entrant indices of the subsession, race order. */
  members: number[];
}

export interface TeamLineup {
  teams: DemoTeam[];
  /** Entrant index → index in `teams`. */
  teamOf: Int32Array;
}

export function teamName(surnameOf: string, custId: number): string {
  const parts = surnameOf.trim().split(/\s+/);
  const surname = parts.length > 1 ? parts.slice(1).join(' ') : (parts[0] ?? 'Team');
  return `${surname} ${SUFFIXES[custId % SUFFIXES.length]}`;
}

/** The teams of a subsession of a team series (null for a single-driver series). */
export function teamLineup(
  world: DemoWorld,
  series: SeriesDefinition,
  record: SubsessionRecord,
  raceOrder: ArrayLike<number>,
): TeamLineup | null {
  if (series.teamDrivers < 2) return null;
  const byClass = new Map<number, number[]>();
  for (let k = 0; k < raceOrder.length; k++) {
    const entrant = raceOrder[k] as number;
    const cls = record.classIndex[entrant] as number;
    const list = byClass.get(cls) ?? [];
    list.push(entrant);
    byClass.set(cls, list);
  }
  const teams: DemoTeam[] = [];
  const teamOf = new Int32Array(record.entrants.length).fill(-1);
  for (const [, entrants] of [...byClass].sort((a, b) => a[0] - b[0])) {
    for (let i = 0; i < entrants.length; i += series.teamDrivers) {
      const members = entrants.slice(i, i + series.teamDrivers);
      const custIdOf = (e: number) => world.drivers.custId[record.entrants[e] as number] as number;
      const lead = members.reduce((a, b) => (custIdOf(b) < custIdOf(a) ? b : a));
      const custId = custIdOf(lead);
      const name = teamName(
        world.drivers.displayName[record.entrants[lead] as number] as string,
        custId,
      );
      for (const m of members) teamOf[m] = teams.length;
      teams.push({ teamId: TEAM_ID_BASE + custId, name, members });
    }
  }
  return { teams, teamOf };
}

interface Row {
  cust_id: number;
  display_name: string;
  car_class_id: number;
  finish_position: number;
  laps_complete: number;
  laps_lead: number;
  incidents: number;
  best_lap_time: number;
  best_lap_num: number;
  car_id: number;
  car_name: string;
}

/**
 * `total` laps shared out over `drivers` stints: equal shares, the remainder one lap each to the
 * first drivers (race order), so the shares add up to `total` and a smaller total never gives a
 * driver more than a larger one does.
 */
export function lapShares(total: number, drivers: number): number[] {
  const base = Math.floor(total / drivers);
  const rest = total - base * drivers;
  return Array.from({ length: drivers }, (_, i) => base + (i < rest ? 1 : 0));
}

/**
 * A simsession's driver rows (in position order, `entrants[k]` the entrant of `rows[k]`) as team
 * rows in the recorded shape: the team placed by its best driver, the car's laps those of its
 * best driver's simulation (the most any member did), laps led and incidents summed, the best
 * lap the fastest, ratings −1. Each driver's own row in `driver_results` (in the team's car)
 * carries that driver's stint: the car's laps and laps led shared out by `lapShares`, so the
 * drivers' laps add up to the team's, as in a recorded team event.
 */
export function teamRows<R extends Row>(
  rows: readonly R[],
  entrants: ArrayLike<number>,
  lineup: TeamLineup,
) {
  const byTeam = new Map<number, R[]>();
  rows.forEach((row, k) => {
    const team = lineup.teamOf[entrants[k] as number] as number;
    const list = byTeam.get(team) ?? [];
    list.push(row);
    byTeam.set(team, list);
  });
  const inClass = new Map<number, number>();
  return [...byTeam].map(([index, members], position) => {
    const team = lineup.teams[index] as DemoTeam;
    const lead = members[0] as R;
    const classRank = inClass.get(lead.car_class_id) ?? 0;
    inClass.set(lead.car_class_id, classRank + 1);
    const timed = members.filter((m) => m.best_lap_time > 0);
    const fastest = timed.reduce<R | null>(
      (a, b) => (a && a.best_lap_time <= b.best_lap_time ? a : b),
      null,
    );
    const laps = Math.max(...members.map((m) => m.laps_complete));
    const lapsLed = members.reduce((n, m) => n + m.laps_lead, 0);
    const lapShare = lapShares(laps, members.length);
    const ledShare = lapShares(lapsLed, members.length);
    const { cust_id: _custId, display_name: _name, ...shared } = lead;
    return {
      team_id: team.teamId,
      display_name: team.name,
      ...shared,
      best_lap_num: fastest?.best_lap_num ?? -1,
      best_lap_time: fastest?.best_lap_time ?? -1,
      club_id: -1,
      country_code: 'ZZ',
      division: -1,
      finish_position: position,
      finish_position_in_class: classRank,
      incidents: members.reduce((n, m) => n + m.incidents, 0),
      laps_complete: laps,
      laps_lead: lapsLed,
      new_cpi: -1,
      new_license_level: -1,
      new_sub_level: -1,
      new_ttrating: -1,
      newi_rating: -1,
      old_cpi: -1,
      old_license_level: -1,
      old_sub_level: -1,
      old_ttrating: -1,
      oldi_rating: -1,
      position,
      driver_results: members.map((m, i) => ({
        team_id: team.teamId,
        ...m,
        laps_complete: lapShare[i] as number,
        laps_lead: ledShare[i] as number,
        car_id: lead.car_id,
        car_name: lead.car_name,
      })),
    };
  });
}
