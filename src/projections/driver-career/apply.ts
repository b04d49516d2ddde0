import type { Knex } from 'knex';
import { bind, col, insertRows, type Column } from '../racing/bulk.ts';
import { countsAsStart } from '../racing/contributions.ts';
import type { ContributionEntry, PartContext, SubsessionContribution } from '../racing/part.ts';
import {
  CAREER_COUNTERS,
  DRIVER_TOTALS_TABLE,
  DRIVER_USAGE_TABLE,
  DRIVER_YEARS_TABLE,
  type UsageKind,
} from './tables.ts';

/** The counters of one key, as deltas. */
export interface Counters {
  starts: number;
  wins: number;
  poles: number;
  top_fives: number;
  laps: number;
  laps_led: number;
  incidents: number;
  sum_finish: number;
  sum_start: number;
  n_start: number;
}

const zero = (): Counters => ({
  starts: 0,
  wins: 0,
  poles: 0,
  top_fives: 0,
  laps: 0,
  laps_led: 0,
  incidents: 0,
  sum_finish: 0,
  sum_start: 0,
  n_start: 0,
});

function count(c: Counters, e: ContributionEntry, sign: 1 | -1): void {
  c.starts += sign;
  if (e.finishPositionInClass === 1) c.wins += sign;
  if (e.startingPositionInClass === 1) c.poles += sign;
  if (e.finishPositionInClass <= 5) c.top_fives += sign;
  c.laps += sign * e.lapsComplete;
  c.laps_led += sign * e.lapsLed;
  c.incidents += sign * e.incidents;
  c.sum_finish += sign * e.finishPositionInClass;
  if (e.startingPositionInClass !== null) {
    c.sum_start += sign * e.startingPositionInClass;
    c.n_start += sign;
  }
}

const changed = (c: Counters) => CAREER_COUNTERS.some((k) => c[k] !== 0);

export interface YearDelta extends Counters {
  custId: number;
  category: string;
  seasonYear: number;
}
export interface TotalDelta extends Counters {
  custId: number;
  category: string;
}
export interface UsageDelta extends Counters {
  custId: number;
  kind: UsageKind;
  refId: number;
  /** '' when no start of this batch names it (only subtractions): the stored name stays. */
  name: string;
  detail: string | null;
  category: string;
}

/**
 * Per key deltas: + for the batch's subsessions, − for what corrected ones contributed before.
 * Names (series, car, track) follow the batch's latest start that adds to the key.
 */
export function careerDeltas(ctx: PartContext): {
  years: YearDelta[];
  totals: TotalDelta[];
  usage: UsageDelta[];
} {
  const years = new Map<string, YearDelta>();
  const totals = new Map<string, TotalDelta>();
  const usage = new Map<string, UsageDelta>();
  const add = (c: SubsessionContribution, sign: 1 | -1) => {
    for (const e of c.entries) {
      if (!countsAsStart(c, e)) continue;
      const yk = `${e.custId}:${c.category}:${c.seasonYear}`;
      let y = years.get(yk);
      if (!y) {
        y = { custId: e.custId, category: c.category, seasonYear: c.seasonYear, ...zero() };
        years.set(yk, y);
      }
      count(y, e, sign);
      const tk = `${e.custId}:${c.category}`;
      let t = totals.get(tk);
      if (!t) {
        t = { custId: e.custId, category: c.category, ...zero() };
        totals.set(tk, t);
      }
      count(t, e, sign);
      const refs: [UsageKind, number, string, string | null][] = [
        ['series', c.seriesId, c.seriesName, null],
        ['car', e.carId, e.carName, null],
        ['track', c.trackId, c.trackName, c.configName],
      ];
      for (const [kind, refId, name, detail] of refs) {
        const uk = `${e.custId}:${kind}:${refId}`;
        let u = usage.get(uk);
        if (!u) {
          u = {
            custId: e.custId,
            kind,
            refId,
            name: '',
            detail: null,
            category: c.category,
            ...zero(),
          };
          usage.set(uk, u);
        }
        if (sign === 1) {
          u.name = name;
          u.detail = detail;
          u.category = c.category;
        }
        count(u, e, sign);
      }
    }
  };
  for (const p of ctx.previous) add(p, -1);
  for (const c of ctx.current) add(c, 1);
  return {
    years: [...years.values()].filter(changed),
    totals: [...totals.values()].filter(changed),
    usage: [...usage.values()].filter((u) => changed(u) || u.name !== ''),
  };
}

const counterColumns = <R extends Counters>(): Column<R>[] =>
  CAREER_COUNTERS.map((k) => col<R>(k, 'int4', (d) => d[k]));

const yearColumns: Column<YearDelta>[] = [
  col('cust_id', 'int4', (d) => d.custId),
  col('category', 'text', (d) => d.category),
  col('season_year', 'int2', (d) => d.seasonYear),
  ...counterColumns<YearDelta>(),
];
const totalColumns: Column<TotalDelta>[] = [
  col('cust_id', 'int4', (d) => d.custId),
  col('category', 'text', (d) => d.category),
  ...counterColumns<TotalDelta>(),
];
const usageColumns: Column<UsageDelta>[] = [
  col('cust_id', 'int4', (d) => d.custId),
  col('kind', 'text', (d) => d.kind),
  col('ref_id', 'int4', (d) => d.refId),
  col('name', 'text', (d) => d.name),
  col('detail', 'text', (d) => d.detail),
  col('category', 'text', (d) => d.category),
  ...counterColumns<UsageDelta>(),
];

const addCounters = (t: string) =>
  CAREER_COUNTERS.map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ');

/**
 * One multi-row upsert per table adds the batch's deltas; rows left without a start are deleted
 * (a driver removed from a race by a correction).
 */
export async function applyDriverCareer(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const { years, totals, usage } = careerDeltas(ctx);
  if (years.length > 0) {
    const t = DRIVER_YEARS_TABLE;
    await insertRows(
      trx,
      t,
      yearColumns,
      years,
      `ON CONFLICT (cust_id, category, season_year) DO UPDATE SET ${addCounters(t)}`,
    );
  }
  if (totals.length > 0) {
    const t = DRIVER_TOTALS_TABLE;
    await insertRows(
      trx,
      t,
      totalColumns,
      totals,
      `ON CONFLICT (cust_id, category) DO UPDATE SET ${addCounters(t)}`,
    );
  }
  if (usage.length > 0) {
    const t = DRIVER_USAGE_TABLE;
    await insertRows(
      trx,
      t,
      usageColumns,
      usage,
      `ON CONFLICT (cust_id, kind, ref_id) DO UPDATE SET ${addCounters(t)},
         name = CASE WHEN excluded.name = '' THEN ${t}.name ELSE excluded.name END,
         detail = CASE WHEN excluded.name = '' THEN ${t}.detail ELSE excluded.detail END,
         category = CASE WHEN excluded.name = '' THEN ${t}.category ELSE excluded.category END`,
    );
  }
  // Keys whose starts went down may be left with none: delete those (by key, not by scan).
  const shrunkYears = years.filter((d) => d.starts < 0);
  if (shrunkYears.length > 0) {
    await trx.raw(
      `DELETE FROM ${DRIVER_YEARS_TABLE} WHERE starts <= 0 AND (cust_id, category, season_year)
         IN (SELECT * FROM unnest(?::int4[], ?::text[], ?::int2[]))`,
      bind([
        shrunkYears.map((d) => d.custId),
        shrunkYears.map((d) => d.category),
        shrunkYears.map((d) => d.seasonYear),
      ]),
    );
  }
  const shrunkTotals = totals.filter((d) => d.starts < 0);
  if (shrunkTotals.length > 0) {
    await trx.raw(
      `DELETE FROM ${DRIVER_TOTALS_TABLE} WHERE starts <= 0 AND (cust_id, category)
         IN (SELECT * FROM unnest(?::int4[], ?::text[]))`,
      bind([shrunkTotals.map((d) => d.custId), shrunkTotals.map((d) => d.category)]),
    );
  }
  const shrunkUsage = usage.filter((d) => d.starts < 0);
  if (shrunkUsage.length > 0) {
    await trx.raw(
      `DELETE FROM ${DRIVER_USAGE_TABLE} WHERE starts <= 0 AND (cust_id, kind, ref_id)
         IN (SELECT * FROM unnest(?::int4[], ?::text[], ?::int4[]))`,
      bind([
        shrunkUsage.map((d) => d.custId),
        shrunkUsage.map((d) => d.kind),
        shrunkUsage.map((d) => d.refId),
      ]),
    );
  }
}
