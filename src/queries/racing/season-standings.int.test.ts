import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../db/batch.ts';
import { preparedRows } from '../../db/prepared.ts';
import type { SubsessionResultsData } from '../../events/racing/results.ts';
import {
  applyRacingEvents,
  buildSubsession,
  raceRow,
  useRacingDatabase,
} from '../../projections/racing/testing.ts';
import { LEADERBOARDS, seasonLeaderboard, seasonLeaderboardsAtStatement } from './leaderboards.ts';
import { seasonFastestLaps } from './seasons.ts';
import {
  seasonCarTimesAt,
  seasonDriverTotalsAt,
  seasonTopAt,
  type DriverTotalsRow,
  type StandingsColumn,
} from './season-as-of.ts';

/**
 * A season's leaderboards as of an instant, read from the standings per week (seasonTopAt) and
 * from the sum of the season (seasonDriverTotalsAt), against the same counts made here from the
 * races themselves. The season: 60 drivers, four weeks of three race days with two time slots of
 * one or two splits, random fields and orders (a fixed seed), recorded day by day, one day of
 * week 1 recorded late (after week 2) and one race corrected.
 */
const db = useRacingDatabase();
const SEASON = 7000;
const DAY_MS = 86_400_000;
const SEASON_START = Date.parse('2025-03-03T00:00:00Z');

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The season's races by day (the final version of each), in the order they are recorded. */
function season(): SubsessionResultsData[][] {
  const next = random(42);
  const drivers = Array.from({ length: 60 }, (_, i) => i + 1);
  const days: SubsessionResultsData[][] = [];
  let id = 70_000;
  for (let week = 0; week < 4; week++) {
    // A third of the drivers sit each week out.
    const racing = drivers.filter(() => next() > 0.33);
    for (const day of [0, 2, 4]) {
      const races: SubsessionResultsData[] = [];
      for (const hour of [18, 20]) {
        const field = shuffled(racing, next).slice(0, 10 + Math.floor(next() * 14));
        const splits = field.length > 16 ? [field.slice(0, 12), field.slice(12)] : [field];
        const sessionId = id;
        for (const split of splits) {
          const grid = shuffled(split, next);
          races.push(
            buildSubsession({
              subsessionId: ++id,
              sessionId,
              seasonId: SEASON,
              raceWeekNum: week,
              startTime: new Date(
                SEASON_START + (week * 7 + day) * DAY_MS + hour * 3_600_000,
              ).toISOString(),
              race: split.map((custId, i) =>
                raceRow(custId, i + 1, {
                  startingPosition: grid.indexOf(custId) + 1,
                  startingPositionInClass: grid.indexOf(custId) + 1,
                  lapsLed: Math.floor(next() * 5),
                  incidents: Math.floor(next() * 9),
                  // Two cars; lap times on a coarse grid, so drivers tie on their best lap.
                  ...(custId % 3 === 0 ? { carId: 133, carName: 'Audi R8 LMS GT3' } : {}),
                  bestLapTime: next() < 0.1 ? null : 1_000_000 + Math.floor(next() * 20) * 1_000,
                  averageLap: next() < 0.1 ? null : 1_030_000 + Math.floor(next() * 40) * 1_000,
                }),
              ),
            }),
          );
        }
        id++;
      }
      days.push(races);
    }
  }
  return days;
}

const DAYS = season();
/** Week 1's second race day, recorded after week 2's races. */
const LATE = 4;
/** A race of week 2 whose first two drivers swap places in a correction. */
const CORRECTED = DAYS[7]![0]!;
const CORRECTION: SubsessionResultsData = {
  ...CORRECTED,
  simsessions: CORRECTED.simsessions.map((s) => ({
    ...s,
    results: s.results.map((r) =>
      r.finishPositionInClass <= 2
        ? {
            ...r,
            finishPosition: 3 - r.finishPosition,
            finishPositionInClass: 3 - r.finishPositionInClass,
          }
        : r,
    ),
  })),
};
const FINAL = DAYS.flat().map((r) => (r.subsessionId === CORRECTED.subsessionId ? CORRECTION : r));

beforeAll(async () => {
  const record = (races: SubsessionResultsData[], type = 'SubsessionResultsRecorded' as const) =>
    applyRacingEvents(
      db.knex,
      races.map((data) => ({ type, data })),
    );
  for (const [i, day] of DAYS.entries()) {
    if (i !== LATE) await record(day);
    if (i === 8) await record(DAYS[LATE]!);
  }
  await applyRacingEvents(db.knex, [{ type: 'SubsessionResultsCorrected', data: CORRECTION }]);
  for (let day = 0; day < TIED.length; day += TIED_DRIVERS / 20) {
    await record(TIED.slice(day, day + TIED_DRIVERS / 20));
  }
}, 180_000);

/**
 * A season where everybody ties: 1,200 drivers race every race day (two weeks of three days, one
 * time slot, splits of 20 in a random order), so at any instant all of them have the same number
 * of races and hundreds the same number of wins, poles and top fives.
 */
const TIED_SEASON = 7100;
const TIED_DRIVERS = 1200;
function tiedSeason(): SubsessionResultsData[] {
  const next = random(7);
  const drivers = Array.from({ length: TIED_DRIVERS }, (_, i) => 10_000 + i);
  const races: SubsessionResultsData[] = [];
  let id = 71_000;
  for (let week = 0; week < 2; week++) {
    for (const day of [0, 2, 4]) {
      const field = shuffled(drivers, next);
      for (let split = 0; split < TIED_DRIVERS / 20; split++) {
        const cars = field.slice(split * 20, split * 20 + 20);
        const grid = shuffled(cars, next);
        races.push(
          buildSubsession({
            subsessionId: ++id,
            sessionId: 71_000 + week * 7 + day,
            seasonId: TIED_SEASON,
            raceWeekNum: week,
            startTime: new Date(
              SEASON_START + (week * 7 + day) * DAY_MS + 18 * 3_600_000,
            ).toISOString(),
            race: cars.map((custId, i) =>
              raceRow(custId, i + 1, {
                startingPosition: grid.indexOf(custId) + 1,
                startingPositionInClass: grid.indexOf(custId) + 1,
              }),
            ),
          }),
        );
      }
    }
  }
  return races;
}
const TIED = tiedSeason();

/** Every driver's totals from the races that started before `at`, counted here. */
function expectedTotals(
  at: Date,
  races: readonly SubsessionResultsData[] = FINAL,
): DriverTotalsRow[] {
  const by = new Map<number, DriverTotalsRow>();
  for (const race of races) {
    if (Date.parse(race.startTime) >= at.getTime()) continue;
    for (const r of race.simsessions.find((s) => s.type === 'race')!.results) {
      const t = by.get(r.custId) ?? {
        cust_id: r.custId,
        races: 0,
        wins: 0,
        poles: 0,
        top_fives: 0,
        laps: 0,
        laps_led: 0,
        incidents: 0,
      };
      t.races++;
      if (r.finishPositionInClass === 1) t.wins++;
      if (r.startingPositionInClass === 1) t.poles++;
      if (r.finishPositionInClass <= 5) t.top_fives++;
      t.laps += r.lapsComplete;
      t.laps_led += r.lapsLed;
      t.incidents += r.incidents;
      by.set(r.custId, t);
    }
  }
  return [...by.values()];
}

/** The columns of a week's car times that the steps per subsession carry. */
interface CarTimesRow {
  car_id: number;
  drivers: number;
  entries: number;
  best_lap_time: number | null;
  best_cust_id: number | null;
  best_subsession_id: number | null;
  sum_best_lap: number;
  n_best_lap: number;
  sum_average_lap: number;
  n_average_lap: number;
}

const COLUMNS: StandingsColumn[] = ['wins', 'poles', 'top_fives', 'races'];

function expectedTop(
  at: Date,
  column: StandingsColumn,
  depth: number,
  races: readonly SubsessionResultsData[] = FINAL,
): DriverTotalsRow[] {
  return expectedTotals(at, races)
    .filter((t) => t[column] > 0)
    .sort((a, b) => b[column] - a[column] || a.cust_id - b.cust_id)
    .slice(0, depth);
}

/** Every midnight of the season and after it, and instants between a day's two time slots. */
const INSTANTS = [
  ...Array.from({ length: 29 }, (_, d) => new Date(SEASON_START + d * DAY_MS)),
  ...[0, 9, 16, 25].map((d) => new Date(SEASON_START + d * DAY_MS + 19 * 3_600_000)),
];

describe('a season as of an instant, from the standings per week', () => {
  it('finds the same first drivers of every leaderboard as the races themselves', async () => {
    let answered = 0;
    for (const at of INSTANTS) {
      for (const depth of [1, 5, 12, 60]) {
        const top = await seasonTopAt(db.knex, SEASON, at, COLUMNS, depth);
        expect(top, `${at.toISOString()} depth ${depth}`).not.toBeNull();
        answered++;
        for (const c of COLUMNS) {
          expect(top!.get(c), `${c} at ${at.toISOString()}, depth ${depth}`).toEqual(
            expectedTop(at, c, depth),
          );
        }
      }
    }
    expect(answered).toBe(INSTANTS.length * 4);
  });

  it('answers a season where everybody ties at the cut, on every day inside its weeks', async () => {
    // Every midnight of both weeks and the one after: the cut days lie inside a week.
    for (let d = 0; d <= 14; d++) {
      const at = new Date(SEASON_START + d * DAY_MS);
      for (const depth of [1, 10, 100]) {
        const top = await seasonTopAt(db.knex, TIED_SEASON, at, COLUMNS, depth);
        expect(top, `${at.toISOString()} depth ${depth}`).not.toBeNull();
        for (const c of COLUMNS) {
          expect(top!.get(c), `${c} at ${at.toISOString()}, depth ${depth}`).toEqual(
            expectedTop(at, c, depth, TIED),
          );
        }
      }
    }
    // Inside week 1 after its second race day: all 1,200 drivers level on five races.
    const at = new Date(SEASON_START + 10 * DAY_MS);
    expect(expectedTotals(at, TIED).every((t) => t.races === 5)).toBe(true);
    const boards = await (
      await run(db.knex, seasonLeaderboardsAtStatement(TIED_SEASON, at, 10))
    )(db.knex);
    expect(boards.races.map((e) => [e.custId, e.value])).toEqual(
      Array.from({ length: 10 }, (_, i) => [10_000 + i, 5]),
    );
  });

  it('answers the stats page’s four boards in one statement, also where the first ranges tie', async () => {
    const kinds = { wins: 'race-wins', poles: 'poles', top_fives: 'top-fives', races: 'races' };
    const check = async (
      season: number,
      at: Date,
      depth: number,
      races: readonly SubsessionResultsData[],
    ) => {
      const boards = await (
        await run(db.knex, seasonLeaderboardsAtStatement(season, at, depth))
      )(db.knex);
      for (const c of COLUMNS) {
        expect(
          boards[kinds[c] as keyof typeof boards].map((e) => ({
            cust_id: e.custId,
            races: e.races,
            wins: e.wins,
            poles: e.poles,
            top_fives: e.topFives,
            laps_led: e.lapsLed,
            incidents: e.incidents,
            name: e.displayName,
          })),
          `${c} of ${season} at ${at.toISOString()}, depth ${depth}`,
        ).toEqual(
          expectedTop(at, c, depth, races).map(({ laps: _laps, ...t }) => ({
            ...t,
            name: `Driver ${t.cust_id}`,
          })),
        );
      }
    };
    for (const at of INSTANTS) {
      for (const depth of [1, 5, 12, 60]) await check(SEASON, at, depth, FINAL);
    }
    for (let d = 0; d <= 14; d++) {
      for (const depth of [1, 10, 100]) {
        await check(TIED_SEASON, new Date(SEASON_START + d * DAY_MS), depth, TIED);
      }
    }
  });

  it('reads a board further when its first ranges do not settle it', async () => {
    const at = new Date(SEASON_START + 16 * DAY_MS);
    const statement = seasonLeaderboardsAtStatement(SEASON, at, 5);
    const rows = await preparedRows<{
      board: string;
      src: string | null;
      cust_id: number;
      wins: number;
    }>(db.knex, statement.sql!, statement.bindings);
    // The wins board's range of week 1 as if it had read its whole limit (3 × 5 + 20 rows) and
    // ended at the fifth driver: not settled, so the value reads the board again.
    const fifth = rows.filter((r) => r.board === 'wins' && r.src === null)[4]!;
    const unsettled = rows.map((r) =>
      r.board === 'wins' && r.src === 'a'
        ? { ...r, n: 35, last_v: fifth.wins, last_cust: fifth.cust_id }
        : r,
    );
    expect(unsettled).not.toEqual(rows);
    const boards = await statement.shape(unsettled as never[])(db.knex);
    expect(boards['race-wins'].map((e) => [e.custId, e.value, e.races, e.displayName])).toEqual(
      expectedTop(at, 'wins', 5).map((t) => [t.cust_id, t.wins, t.races, `Driver ${t.cust_id}`]),
    );
    expect(boards.races.map((e) => [e.custId, e.value])).toEqual(
      expectedTop(at, 'races', 5).map((t) => [t.cust_id, t.races]),
    );
  });

  it('answers the car times of the cut week from the steps per subsession', async () => {
    for (const at of INSTANTS) {
      const before = FINAL.filter((r) => Date.parse(r.startTime) < at.getTime());
      const last = before.sort((a, b) => a.startTime.localeCompare(b.startTime)).at(-1);
      if (!last) continue;
      const week = last.raceWeekNum;
      const byCar = new Map<number, CarTimesRow>();
      const starts = before
        .filter((r) => r.raceWeekNum === week)
        .flatMap((race) =>
          race.simsessions.find((x) => x.type === 'race')!.results.map((row) => ({ race, row })),
        )
        .sort(
          (a, b) =>
            a.race.startTime.localeCompare(b.race.startTime) ||
            a.race.subsessionId - b.race.subsessionId,
        );
      const seen = new Set<string>();
      for (const { race, row } of starts) {
        const c = byCar.get(row.carId) ?? {
          car_id: row.carId,
          drivers: 0,
          entries: 0,
          best_lap_time: null,
          best_cust_id: null,
          best_subsession_id: null,
          sum_best_lap: 0,
          n_best_lap: 0,
          sum_average_lap: 0,
          n_average_lap: 0,
        };
        c.entries++;
        if (row.bestLapTime !== null) {
          if (!seen.has(`${row.carId}:${row.custId}`)) c.drivers++;
          seen.add(`${row.carId}:${row.custId}`);
          c.sum_best_lap += row.bestLapTime;
          c.n_best_lap++;
          // Starts come in order: a lap only as fast as the best so far is later, or by a
          // higher customer id in the same race.
          const better =
            c.best_lap_time === null ||
            row.bestLapTime < c.best_lap_time ||
            (row.bestLapTime === c.best_lap_time &&
              race.subsessionId === c.best_subsession_id &&
              row.custId < c.best_cust_id!);
          if (better) {
            c.best_lap_time = row.bestLapTime;
            c.best_cust_id = row.custId;
            c.best_subsession_id = race.subsessionId;
          }
        }
        if (row.averageLap !== null) {
          c.sum_average_lap += row.averageLap;
          c.n_average_lap++;
        }
        byCar.set(row.carId, c);
      }
      const table = seasonCarTimesAt(db.knex, SEASON, at, 'c');
      const rows = await db
        .knex<CarTimesRow>(table)
        .select(Object.keys([...byCar.values()][0]!))
        .where('race_week_num', week)
        .orderBy('car_id');
      expect(rows, at.toISOString()).toEqual(
        [...byCar.values()].sort((a, b) => a.car_id - b.car_id),
      );
    }
  });

  it('answers the fastest laps of the cut week, and of an earlier week, at every instant', async () => {
    for (const at of INSTANTS) {
      const before = FINAL.filter((r) => Date.parse(r.startTime) < at.getTime()).sort(
        (a, b) => a.startTime.localeCompare(b.startTime) || a.subsessionId - b.subsessionId,
      );
      const cut = before.at(-1)?.raceWeekNum;
      if (cut === undefined) continue;
      for (const week of new Set([cut, Math.max(0, cut - 1)])) {
        const best = new Map<string, [number, number, number, number]>();
        for (const race of before.filter((r) => r.raceWeekNum === week)) {
          for (const row of race.simsessions.find((x) => x.type === 'race')!.results) {
            if (row.bestLapTime === null) continue;
            const key = `${row.carId}:${row.custId}`;
            const held = best.get(key);
            if (!held || row.bestLapTime < held[2]) {
              best.set(key, [row.custId, row.carId, row.bestLapTime, race.subsessionId]);
            }
          }
        }
        const expected = [...best.values()].sort((a, b) => a[2] - b[2] || a[0] - b[0]);
        for (const [limit, carId] of [
          [3, undefined],
          [25, undefined],
          [100, undefined],
          [4, 133],
        ] as const) {
          const page = await seasonFastestLaps(db.knex, SEASON, {
            asOf: at,
            raceWeekNum: week,
            limit,
            ...(carId === undefined ? {} : { carId }),
          });
          expect(
            page.items.map((l) => [l.driver.custId, l.car.carId, l.lapTime, l.subsessionId]),
            `week ${week} at ${at.toISOString()}, ${limit} laps of car ${carId ?? 'any'}`,
          ).toEqual(expected.filter((e) => carId === undefined || e[1] === carId).slice(0, limit));
        }
      }
    }
  });

  it('sums the season to the same totals', async () => {
    for (const at of INSTANTS) {
      const totals = await seasonDriverTotalsAt(db.knex, SEASON, at, 't');
      const { rows } = await db.knex.raw<{ rows: DriverTotalsRow[] }>(
        `SELECT t.* FROM ${totals.sql} WHERE t.races > 0 ORDER BY t.cust_id`,
        totals.bindings,
      );
      expect(rows, at.toISOString()).toEqual(
        expectedTotals(at).sort((a, b) => a.cust_id - b.cust_id),
      );
    }
  });

  it('pages a past leaderboard and answers the stats page’s four boards', async () => {
    const at = new Date(SEASON_START + 16 * DAY_MS);
    const first = await seasonLeaderboard(db.knex, SEASON, 'top-fives', { asOf: at, limit: 7 });
    const second = await seasonLeaderboard(db.knex, SEASON, 'top-fives', {
      asOf: at,
      limit: 7,
      cursor: first.nextCursor,
    });
    expect([...first.items, ...second.items].map((e) => [e.rank, e.custId, e.value])).toEqual(
      expectedTop(at, 'top_fives', 14).map((t, i) => [i + 1, t.cust_id, t.top_fives]),
    );
    const boards = await (
      await run(db.knex, seasonLeaderboardsAtStatement(SEASON, at, 10))
    )(db.knex);
    for (const kind of LEADERBOARDS) {
      const one = await seasonLeaderboard(db.knex, SEASON, kind, { asOf: at, limit: 10 });
      expect(boards[kind], kind).toEqual(one.items);
    }
    expect(boards['race-wins'].map((e) => e.displayName)).toEqual(
      expectedTop(at, 'wins', 10).map((t) => `Driver ${t.cust_id}`),
    );
  });
});
