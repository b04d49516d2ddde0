import type { Knex } from 'knex';
import { col, columnList, insertRows, rowsSource, type Column } from '../racing/bulk.ts';
import { countsAsStart } from '../racing/contributions.ts';
import type { PartContext, SubsessionContribution } from '../racing/part.ts';
import { COUNTS_AS_START_SQL } from '../racing/rebuild-sql.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import {
  SEASON_COUNTERS,
  SEASON_DRIVER_COUNTS_TABLE,
  SEASON_DRIVER_STATS_TABLE,
  SEASON_STANDINGS_TABLE,
  SEASON_START_STANDINGS_TABLE,
  SEASON_WEEK_DRIVER_STATS_TABLE,
  START_COUNTERS_SQL,
} from './tables.ts';

/** What one start adds to a driver's season or week row. */
interface StartCounters {
  races: number;
  wins: number;
  poles: number;
  topFives: number;
  laps: number;
  lapsLed: number;
  incidents: number;
}

const noStarts = (): StartCounters => ({
  races: 0,
  wins: 0,
  poles: 0,
  topFives: 0,
  laps: 0,
  lapsLed: 0,
  incidents: 0,
});

/**
 * Adds (sign 1) or takes back (sign −1) one start. Wins, poles and top fives are by class (a
 * class win of a multiclass race is a win; pole = starting position 1 in class).
 */
function countStart(
  d: StartCounters,
  e: SubsessionContribution['entries'][number],
  sign: 1 | -1,
): void {
  d.races += sign;
  if (e.finishPositionInClass === 1) d.wins += sign;
  if (e.startingPositionInClass === 1) d.poles += sign;
  if (e.finishPositionInClass <= 5) d.topFives += sign;
  d.laps += sign * e.lapsComplete;
  d.lapsLed += sign * e.lapsLed;
  d.incidents += sign * e.incidents;
}

const hasStarts = (d: StartCounters): boolean =>
  d.races !== 0 ||
  d.wins !== 0 ||
  d.poles !== 0 ||
  d.topFives !== 0 ||
  d.laps !== 0 ||
  d.lapsLed !== 0 ||
  d.incidents !== 0;

interface StatsDelta extends StartCounters {
  seasonId: number;
  custId: number;
  displayName: string | null;
  countryCode: string | null;
  category: string;
}

/**
 * Per (season, driver) deltas: + for the batch's subsessions, − for what corrected ones
 * contributed before (countStart).
 */
export function statsDeltas(ctx: PartContext): StatsDelta[] {
  const byKey = new Map<string, StatsDelta>();
  const add = (c: SubsessionContribution, sign: 1 | -1) => {
    for (const e of c.entries) {
      if (!countsAsStart(c, e)) continue;
      const key = `${c.seasonId}:${e.custId}`;
      let d = byKey.get(key);
      if (!d) {
        d = {
          seasonId: c.seasonId,
          custId: e.custId,
          displayName: null,
          countryCode: null,
          category: c.category,
          ...noStarts(),
        };
        byKey.set(key, d);
      }
      if (sign === 1) {
        // The latest start names the row; the country is the latest one known (a start without
        // one does not erase it), whatever the batch boundaries.
        d.displayName = e.displayName;
        d.countryCode = e.countryCode ?? d.countryCode;
        d.category = c.category;
      }
      countStart(d, e, sign);
    }
  };
  for (const p of ctx.previous) add(p, -1);
  for (const c of ctx.current) add(c, 1);
  return [...byKey.values()].filter((d) => hasStarts(d) || d.displayName !== null);
}

interface WeekDelta extends StartCounters {
  seasonId: number;
  raceWeekNum: number;
  custId: number;
}

/** Per (season, week, driver) deltas, counted as statsDeltas counts them. */
export function weekDeltas(ctx: PartContext): WeekDelta[] {
  const byKey = new Map<string, WeekDelta>();
  const add = (c: SubsessionContribution, sign: 1 | -1) => {
    for (const e of c.entries) {
      if (!countsAsStart(c, e)) continue;
      const key = `${c.seasonId}:${c.raceWeekNum}:${e.custId}`;
      let d = byKey.get(key);
      if (!d) {
        d = {
          seasonId: c.seasonId,
          raceWeekNum: c.raceWeekNum,
          custId: e.custId,
          ...noStarts(),
        };
        byKey.set(key, d);
      }
      countStart(d, e, sign);
    }
  };
  for (const p of ctx.previous) add(p, -1);
  for (const c of ctx.current) add(c, 1);
  return [...byKey.values()].filter(hasStarts);
}

/** The counters' columns (in SEASON_COUNTERS order) of a row that carries them. */
const counterColumns = <T extends StartCounters>(): Column<T>[] => [
  col('races', 'int4', (d) => d.races),
  col('wins', 'int4', (d) => d.wins),
  col('poles', 'int4', (d) => d.poles),
  col('top_fives', 'int4', (d) => d.topFives),
  col('laps', 'int4', (d) => d.laps),
  col('laps_led', 'int4', (d) => d.lapsLed),
  col('incidents', 'int4', (d) => d.incidents),
];

const weekColumns: Column<WeekDelta>[] = [
  col('season_id', 'int4', (d) => d.seasonId),
  col('race_week_num', 'int2', (d) => d.raceWeekNum),
  col('cust_id', 'int4', (d) => d.custId),
  ...counterColumns<WeekDelta>(),
];

/** The weekly rows move by the same deltas; a week left with no race is deleted. */
async function applyWeekStats(trx: Knex.Transaction, deltas: WeekDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const t = SEASON_WEEK_DRIVER_STATS_TABLE;
  await insertRows(
    trx,
    t,
    weekColumns,
    deltas,
    `ON CONFLICT (season_id, race_week_num, cust_id) DO UPDATE SET
       ${SEASON_COUNTERS.map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ')}`,
  );
  const shrunk = deltas.filter((d) => d.races < 0);
  if (shrunk.length > 0) {
    await trx.raw(
      `DELETE FROM ${t} WHERE races <= 0 AND (season_id, race_week_num, cust_id) IN
         (SELECT * FROM unnest(?::int4[], ?::int2[], ?::int4[]))`,
      [
        shrunk.map((d) => d.seasonId),
        shrunk.map((d) => d.raceWeekNum),
        shrunk.map((d) => d.custId),
      ],
    );
  }
}

/**
 * The cumulative standings (SEASON_STANDINGS_TABLE) follow the weekly rows, already moved by the
 * batch (`weekRows`): a driver has a row for every week from his first start of the season to
 * the season's last raced week L. In order:
 *  1. the season's L is read from the weekly rows; weeks the standings hold beyond it are
 *     dropped (a correction took the last week's races away), and a season that reached a new
 *     week gets every driver's row of the old L carried forward to each new week;
 *  2. each delta (season, week w, driver) moves the driver's rows of weeks w and later;
 *  3. a driver without rows from w on (a new driver, or a start in a week before his first)
 *     gets the missing weeks, summed from the weekly rows (he had no start before them);
 *  4. rows left without a start (a driver taken out by a correction) are deleted.
 */
async function applyStandings(trx: Knex.Transaction, deltas: WeekDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const t = SEASON_STANDINGS_TABLE;
  const w = SEASON_WEEK_DRIVER_STATS_TABLE;
  const seasons = [...new Set(deltas.map((d) => d.seasonId))];
  const { rows: spans } = await trx.raw<{
    rows: { season_id: number; last: number | null; held: number | null }[];
  }>(
    `SELECT x.season_id,
            (SELECT max(race_week_num) FROM ${w} WHERE season_id = x.season_id) AS last,
            (SELECT race_week_num FROM ${t} WHERE season_id = x.season_id
              ORDER BY race_week_num DESC LIMIT 1) AS held
       FROM unnest(?::int4[]) AS x(season_id)`,
    [seasons],
  );
  for (const { season_id: season, last, held } of spans) {
    if (held === null) continue;
    if (last === null || last < held) {
      await trx.raw(`DELETE FROM ${t} WHERE season_id = ? AND race_week_num > ?`, [
        season,
        last ?? -1,
      ]);
    } else if (last > held) {
      await trx.raw(
        `INSERT INTO ${t} (season_id, cust_id, race_week_num, ${SEASON_COUNTERS.join(', ')})
         SELECT season_id, cust_id, g.week, ${SEASON_COUNTERS.join(', ')}
           FROM ${t}, generate_series(?::int + 1, ?::int) AS g(week)
          WHERE season_id = ? AND race_week_num = ?`,
        [held, last, season, held],
      );
    }
  }
  const source = rowsSource(weekColumns, deltas, 'd');
  await trx.raw(
    `WITH d AS (SELECT * FROM ${source.sql}),
     moved AS (
       SELECT t.season_id, t.cust_id, t.race_week_num,
              ${SEASON_COUNTERS.map((c) => `sum(d.${c})::int AS ${c}`).join(', ')}
         FROM d JOIN ${t} t ON t.season_id = d.season_id AND t.cust_id = d.cust_id
                           AND t.race_week_num >= d.race_week_num
        GROUP BY t.season_id, t.cust_id, t.race_week_num)
     UPDATE ${t} t SET ${SEASON_COUNTERS.map((c) => `${c} = t.${c} + moved.${c}`).join(', ')}
       FROM moved
      WHERE t.season_id = moved.season_id AND t.cust_id = moved.cust_id
        AND t.race_week_num = moved.race_week_num`,
    source.bindings,
  );
  const again = rowsSource(weekColumns, deltas, 'd');
  await trx.raw(
    `WITH d AS (SELECT season_id, cust_id, min(race_week_num) AS first
                  FROM ${again.sql} GROUP BY season_id, cust_id),
     gaps AS (
       SELECT d.season_id, d.cust_id, g.week
         FROM d
         CROSS JOIN LATERAL (SELECT min(race_week_num) AS held FROM ${t}
                              WHERE season_id = d.season_id AND cust_id = d.cust_id) h
         CROSS JOIN LATERAL (SELECT max(race_week_num) AS last FROM ${w}
                              WHERE season_id = d.season_id) l
         CROSS JOIN LATERAL generate_series(d.first::int, coalesce(h.held - 1, l.last)::int) AS g(week)),
     sums AS (
       SELECT gaps.season_id, gaps.cust_id, gaps.week,
              ${SEASON_COUNTERS.map((c) => `sum(coalesce(w.${c}, 0)) OVER k AS ${c}`).join(', ')}
         FROM gaps LEFT JOIN ${w} w ON w.season_id = gaps.season_id
                                   AND w.race_week_num = gaps.week AND w.cust_id = gaps.cust_id
       WINDOW k AS (PARTITION BY gaps.season_id, gaps.cust_id ORDER BY gaps.week))
     INSERT INTO ${t} (season_id, cust_id, race_week_num, ${SEASON_COUNTERS.join(', ')})
     SELECT season_id, cust_id, week, ${SEASON_COUNTERS.join(', ')} FROM sums WHERE races > 0`,
    again.bindings,
  );
  const shrunk = deltas.filter((d) => d.races < 0);
  if (shrunk.length > 0) {
    await trx.raw(
      `DELETE FROM ${t} WHERE races <= 0 AND (season_id, cust_id) IN
         (SELECT * FROM unnest(?::int4[], ?::int4[]))`,
      [shrunk.map((d) => d.seasonId), shrunk.map((d) => d.custId)],
    );
  }
}

/**
 * The standings per start (SEASON_START_STANDINGS_TABLE) of every driver the batch touches are
 * recounted from his first touched start of the season on: his rows from that start are deleted
 * and written again from his starts in racing_results (already holding the batch; the
 * subsessions part writes first), each the totals of his latest row before that start plus the
 * running sum. A start the batch adds at the end of a season (the usual case) rewrites one row.
 */
async function applyStartStandings(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const first = new Map<
    string,
    { seasonId: number; custId: number; startTime: string; subsessionId: number }
  >();
  for (const c of [...ctx.previous, ...ctx.current]) {
    for (const e of c.entries) {
      if (!countsAsStart(c, e)) continue;
      const key = `${c.seasonId}:${e.custId}`;
      const seen = first.get(key);
      const t = Date.parse(c.startTime);
      if (
        !seen ||
        t < Date.parse(seen.startTime) ||
        (t === Date.parse(seen.startTime) && c.subsessionId < seen.subsessionId)
      ) {
        first.set(key, {
          seasonId: c.seasonId,
          custId: e.custId,
          startTime: c.startTime,
          subsessionId: c.subsessionId,
        });
      }
    }
  }
  if (first.size === 0) return;
  const from = [...first.values()];
  const keys = [
    from.map((f) => f.seasonId),
    from.map((f) => f.custId),
    from.map((f) => f.startTime),
    from.map((f) => f.subsessionId),
  ];
  const k = `unnest(?::int4[], ?::int4[], ?::timestamptz[], ?::int4[])
               AS k(season_id, cust_id, start_time, subsession_id)`;
  const t = SEASON_START_STANDINGS_TABLE;
  await trx.raw(
    `DELETE FROM ${t} x USING ${k}
      WHERE x.season_id = k.season_id AND x.cust_id = k.cust_id
        AND (x.start_time, x.subsession_id) >= (k.start_time, k.subsession_id)`,
    keys,
  );
  await trx.raw(
    `INSERT INTO ${t} (season_id, cust_id, start_time, subsession_id, race_week_num, ${SEASON_COUNTERS.join(', ')})
     SELECT k.season_id, k.cust_id, x.start_time, x.subsession_id, x.race_week_num,
            ${SEASON_COUNTERS.map((c) => `coalesce(b.${c}, 0) + sum(x.${c}) OVER w`).join(', ')}
       FROM ${k}
       LEFT JOIN LATERAL (
         SELECT ${SEASON_COUNTERS.join(', ')} FROM ${t}
          WHERE season_id = k.season_id AND cust_id = k.cust_id
          ORDER BY start_time DESC, subsession_id DESC LIMIT 1) b ON true
       CROSS JOIN LATERAL (
         SELECT s.start_time, r.subsession_id, s.race_week_num, ${START_COUNTERS_SQL}
           FROM ${RESULTS_TABLE} r JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
          WHERE r.cust_id = k.cust_id AND r.is_primary AND r.start_time >= k.start_time
            AND s.season_id = k.season_id AND ${COUNTS_AS_START_SQL}
            AND (s.start_time, r.subsession_id) >= (k.start_time, k.subsession_id)
          GROUP BY s.start_time, r.subsession_id, s.race_week_num) x
     WINDOW w AS (PARTITION BY k.season_id, k.cust_id ORDER BY x.start_time, x.subsession_id)`,
    keys,
  );
}

const columns: Column<StatsDelta>[] = [
  col('season_id', 'int4', (d) => d.seasonId),
  col('cust_id', 'int4', (d) => d.custId),
  col('display_name', 'text', (d) => d.displayName ?? ''),
  col('country_code', 'text', (d) => d.countryCode),
  col('category', 'text', (d) => d.category),
  ...counterColumns<StatsDelta>(),
];

/**
 * Name, category and country follow the latest start (by log order of the subsessions' last
 * events) that states them; ./rebuild.ts computes the same from the final rows.
 *
 * Adds the batch's contributions and subtracts what corrected subsessions contributed before, in
 * one multi-row upsert; rows left with no race are deleted (a driver removed by a correction),
 * and the season's number of drivers moves by the rows inserted and deleted.
 * The weekly rows (SEASON_WEEK_DRIVER_STATS_TABLE) move the same way, the cumulative
 * standings per week follow them (applyStandings), and the standings per start are recounted
 * from the results for the drivers the batch touches (applyStartStandings).
 */
export async function applySeasonLeaderboards(
  trx: Knex.Transaction,
  ctx: PartContext,
): Promise<void> {
  const weekly = weekDeltas(ctx);
  await applyWeekStats(trx, weekly);
  await applyStandings(trx, weekly);
  await applyStartStandings(trx, ctx);
  const deltas = statsDeltas(ctx);
  if (deltas.length === 0) return;
  const t = SEASON_DRIVER_STATS_TABLE;
  const { sql: source, bindings } = rowsSource(columns, deltas);
  const list = columnList(columns);
  // Drivers new to their season (inserted rows) count +1, rows left with no race −1.
  const { rows: entered } = await trx.raw<{ rows: SeasonCount[] }>(
    `WITH up AS (
       INSERT INTO ${t} (${list}) SELECT ${list} FROM ${source}
       ON CONFLICT (cust_id, season_id) DO UPDATE SET
         ${SEASON_COUNTERS.map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ')},
         display_name = CASE WHEN excluded.display_name = '' THEN ${t}.display_name ELSE excluded.display_name END,
         category = CASE WHEN excluded.display_name = '' THEN ${t}.category ELSE excluded.category END,
         country_code = COALESCE(excluded.country_code, ${t}.country_code)
       RETURNING season_id, (xmax = 0) AS inserted)
     SELECT season_id, count(*) FILTER (WHERE inserted)::int AS n FROM up GROUP BY season_id`,
    bindings,
  );
  const shrunk = deltas.filter((d) => d.races < 0);
  let left: SeasonCount[] = [];
  if (shrunk.length > 0) {
    const { rows } = await trx.raw<{ rows: SeasonCount[] }>(
      `WITH gone AS (
         DELETE FROM ${t} WHERE races <= 0 AND (season_id, cust_id) IN (SELECT * FROM unnest(?::int4[], ?::int4[]))
         RETURNING season_id)
       SELECT season_id, count(*)::int AS n FROM gone GROUP BY season_id`,
      [shrunk.map((d) => d.seasonId), shrunk.map((d) => d.custId)],
    );
    left = rows;
  }
  await applyDriverCounts(trx, entered, left);
}

interface SeasonCount {
  season_id: number;
  n: number;
}

/** Moves each season's number of drivers by those that entered and left it; 0 drops the row. */
async function applyDriverCounts(
  trx: Knex.Transaction,
  entered: readonly SeasonCount[],
  left: readonly SeasonCount[],
): Promise<void> {
  const change = new Map<number, number>();
  for (const r of entered) change.set(r.season_id, (change.get(r.season_id) ?? 0) + r.n);
  for (const r of left) change.set(r.season_id, (change.get(r.season_id) ?? 0) - r.n);
  const moved = [...change].filter(([, n]) => n !== 0);
  if (moved.length === 0) return;
  const c = SEASON_DRIVER_COUNTS_TABLE;
  await trx.raw(
    `INSERT INTO ${c} (season_id, drivers) SELECT * FROM unnest(?::int4[], ?::int4[])
     ON CONFLICT (season_id) DO UPDATE SET drivers = ${c}.drivers + excluded.drivers`,
    [moved.map(([season]) => season), moved.map(([, n]) => n)],
  );
  const shrank = moved.filter(([, n]) => n < 0).map(([season]) => season);
  if (shrank.length > 0) {
    await trx.raw(`DELETE FROM ${c} WHERE drivers <= 0 AND season_id = ANY(?::int4[])`, [shrank]);
  }
}
