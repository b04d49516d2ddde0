import type { Knex } from 'knex';
import { col, insertRows, type Column } from '../racing/bulk.ts';
import { countsAsStart } from '../racing/contributions.ts';
import type { PartContext, SubsessionContribution } from '../racing/part.ts';
import { PACE_TABLE, paceBandOf } from './tables.ts';

interface PaceDelta {
  seasonId: number;
  raceWeekNum: number;
  carId: number;
  band: number;
  entries: number;
  sumBestLap: number;
  nBestLap: number;
  sumAverageLap: number;
  nAverageLap: number;
}

/** Per (season, week, car, band): + the batch's starts, − what corrected subsessions contributed before. */
export function paceDeltas(ctx: PartContext): PaceDelta[] {
  const byKey = new Map<string, PaceDelta>();
  const add = (c: SubsessionContribution, sign: 1 | -1) => {
    for (const e of c.entries) {
      if (e.oldIrating === null || !countsAsStart(c, e)) continue;
      const band = paceBandOf(e.oldIrating);
      const key = `${c.seasonId}:${c.raceWeekNum}:${e.carId}:${band}`;
      let d = byKey.get(key);
      if (!d) {
        d = {
          seasonId: c.seasonId,
          raceWeekNum: c.raceWeekNum,
          carId: e.carId,
          band,
          entries: 0,
          sumBestLap: 0,
          nBestLap: 0,
          sumAverageLap: 0,
          nAverageLap: 0,
        };
        byKey.set(key, d);
      }
      d.entries += sign;
      if (e.bestLapTime !== null) {
        d.sumBestLap += sign * e.bestLapTime;
        d.nBestLap += sign;
      }
      if (e.averageLap !== null) {
        d.sumAverageLap += sign * e.averageLap;
        d.nAverageLap += sign;
      }
    }
  };
  for (const p of ctx.previous) add(p, -1);
  for (const c of ctx.current) add(c, 1);
  return [...byKey.values()].filter(
    (d) =>
      d.entries !== 0 ||
      d.sumBestLap !== 0 ||
      d.nBestLap !== 0 ||
      d.sumAverageLap !== 0 ||
      d.nAverageLap !== 0,
  );
}

const columns: Column<PaceDelta>[] = [
  col('season_id', 'int4', (d) => d.seasonId),
  col('race_week_num', 'int2', (d) => d.raceWeekNum),
  col('car_id', 'int4', (d) => d.carId),
  col('irating_band', 'int4', (d) => d.band),
  col('entries', 'int4', (d) => d.entries),
  col('sum_best_lap', 'int8', (d) => d.sumBestLap),
  col('n_best_lap', 'int4', (d) => d.nBestLap),
  col('sum_average_lap', 'int8', (d) => d.sumAverageLap),
  col('n_average_lap', 'int4', (d) => d.nAverageLap),
];

/** One multi-row upsert of the deltas; bands left without a start are deleted. */
export async function applyPace(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const deltas = paceDeltas(ctx);
  if (deltas.length === 0) return;
  const t = PACE_TABLE;
  const sums = ['entries', 'sum_best_lap', 'n_best_lap', 'sum_average_lap', 'n_average_lap'];
  await insertRows(
    trx,
    t,
    columns,
    deltas,
    `ON CONFLICT (season_id, race_week_num, car_id, irating_band) DO UPDATE SET
       ${sums.map((c) => `${c} = ${t}.${c} + excluded.${c}`).join(', ')}`,
  );
  const shrunk = deltas.filter((d) => d.entries < 0);
  if (shrunk.length === 0) return;
  await trx.raw(
    `DELETE FROM ${t} WHERE entries <= 0 AND (season_id, race_week_num, car_id, irating_band) IN
       (SELECT * FROM unnest(?::int4[], ?::int2[], ?::int4[], ?::int4[]))`,
    [
      shrunk.map((d) => d.seasonId),
      shrunk.map((d) => d.raceWeekNum),
      shrunk.map((d) => d.carId),
      shrunk.map((d) => d.band),
    ],
  );
}
