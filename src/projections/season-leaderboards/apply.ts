import type { Knex } from 'knex';
import { col, insertRows, type Column } from '../racing/bulk.ts';
import { countsAsStart } from '../racing/contributions.ts';
import type { PartContext, SubsessionContribution } from '../racing/part.ts';
import { SEASON_DRIVER_STATS_TABLE, SEASON_WEEK_DRIVER_STATS_TABLE } from './tables.ts';

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

const COUNTERS = ['races', 'wins', 'poles', 'top_fives', 'laps', 'laps_led', 'incidents'];

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

const weekColumns: Column<WeekDelta>[] = [
  col('season_id', 'int4', (d) => d.seasonId),
  col('race_week_num', 'int2', (d) => d.raceWeekNum),
  col('cust_id', 'int4', (d) => d.custId),
  col('races', 'int4', (d) => d.races),
  col('wins', 'int4', (d) => d.wins),
  col('poles', 'int4', (d) => d.poles),
  col('top_fives', 'int4', (d) => d.topFives),
  col('laps', 'int4', (d) => d.laps),
  col('laps_led', 'int4', (d) => d.lapsLed),
  col('incidents', 'int4', (d) => d.incidents),
];

/** The weekly rows move by the same deltas; a week left with no race is deleted. */
async function applyWeekStats(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const deltas = weekDeltas(ctx);
  if (deltas.length === 0) return;
  const t = SEASON_WEEK_DRIVER_STATS_TABLE;
  await insertRows(
    trx,
    t,
    weekColumns,
    deltas,
    `ON CONFLICT (season_id, race_week_num, cust_id) DO UPDATE SET
       ${COUNTERS.map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ')}`,
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

const columns: Column<StatsDelta>[] = [
  col('season_id', 'int4', (d) => d.seasonId),
  col('cust_id', 'int4', (d) => d.custId),
  col('display_name', 'text', (d) => d.displayName ?? ''),
  col('country_code', 'text', (d) => d.countryCode),
  col('category', 'text', (d) => d.category),
  col('races', 'int4', (d) => d.races),
  col('wins', 'int4', (d) => d.wins),
  col('poles', 'int4', (d) => d.poles),
  col('top_fives', 'int4', (d) => d.topFives),
  col('laps', 'int4', (d) => d.laps),
  col('laps_led', 'int4', (d) => d.lapsLed),
  col('incidents', 'int4', (d) => d.incidents),
];

/**
 * Name, category and country follow the latest start (by log order of the subsessions' last
 * events) that states them; ./rebuild.ts computes the same from the final rows.
 *
 * Adds the batch's contributions and subtracts what corrected subsessions contributed before, in
 * one multi-row upsert; rows left with no race are deleted (a driver removed by a correction).
 * The weekly rows (SEASON_WEEK_DRIVER_STATS_TABLE) move the same way.
 */
export async function applySeasonLeaderboards(
  trx: Knex.Transaction,
  ctx: PartContext,
): Promise<void> {
  await applyWeekStats(trx, ctx);
  const deltas = statsDeltas(ctx);
  if (deltas.length === 0) return;
  const t = SEASON_DRIVER_STATS_TABLE;
  const counters = COUNTERS;
  await insertRows(
    trx,
    t,
    columns,
    deltas,
    `ON CONFLICT (cust_id, season_id) DO UPDATE SET
       ${counters.map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ')},
       display_name = CASE WHEN excluded.display_name = '' THEN ${t}.display_name ELSE excluded.display_name END,
       category = CASE WHEN excluded.display_name = '' THEN ${t}.category ELSE excluded.category END,
       country_code = COALESCE(excluded.country_code, ${t}.country_code)`,
  );
  const shrunk = deltas.filter((d) => d.races < 0);
  if (shrunk.length > 0) {
    await trx.raw(
      `DELETE FROM ${t} WHERE races <= 0 AND (season_id, cust_id) IN (SELECT * FROM unnest(?::int4[], ?::int4[]))`,
      [shrunk.map((d) => d.seasonId), shrunk.map((d) => d.custId)],
    );
  }
}
