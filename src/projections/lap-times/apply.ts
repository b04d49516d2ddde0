import type { Knex } from 'knex';
import { bind, col, insertRows, transpose, rowsSource, type Column } from '../racing/bulk.ts';
import { countsAsStart } from '../racing/contributions.ts';
import type { PartContext, SubsessionContribution } from '../racing/part.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import { recountCarTimeSteps } from './steps.ts';
import { CAR_TIMES_TABLE, FASTEST_LAPS_TABLE, WORLD_RECORDS_TABLE } from './tables.ts';

interface LapCandidate {
  seasonId: number;
  raceWeekNum: number;
  carId: number;
  custId: number;
  trackId: number;
  trackName: string;
  configName: string | null;
  category: string;
  displayName: string;
  countryCode: string | null;
  carName: string;
  bestLapTime: number;
  subsessionId: number;
  setAt: string;
}

interface CarTimeDelta {
  seasonId: number;
  raceWeekNum: number;
  carId: number;
  carName: string;
  trackId: number;
  trackName: string;
  configName: string | null;
  category: string;
  drivers: number;
  entries: number;
  best: LapCandidate | null;
  sumBestLap: number;
  nBestLap: number;
  sumAverageLap: number;
  nAverageLap: number;
}

const weekCarKey = (seasonId: number, week: number, carId: number) =>
  `${seasonId}:${week}:${carId}`;

/**
 * Faster wins; on a tie the earlier lap keeps the record, then the lap seen first in the log, and
 * within one subsession the lower customer id (./rebuild.ts orders laps the same way).
 */
const better = (a: LapCandidate, b: LapCandidate | null | undefined) =>
  !b ||
  a.bestLapTime < b.bestLapTime ||
  (a.bestLapTime === b.bestLapTime &&
    (a.setAt < b.setAt ||
      (a.setAt === b.setAt && a.subsessionId === b.subsessionId && a.custId < b.custId)));

function collect(ctx: PartContext) {
  const fastest = new Map<string, LapCandidate>();
  const carTimes = new Map<string, CarTimeDelta>();
  const records = new Map<string, LapCandidate>();
  const touch = (c: SubsessionContribution, carId: number, carName: string): CarTimeDelta => {
    const key = weekCarKey(c.seasonId, c.raceWeekNum, carId);
    let d = carTimes.get(key);
    if (!d) {
      d = {
        seasonId: c.seasonId,
        raceWeekNum: c.raceWeekNum,
        carId,
        carName,
        trackId: c.trackId,
        trackName: c.trackName,
        configName: c.configName,
        category: c.category,
        drivers: 0,
        entries: 0,
        best: null,
        sumBestLap: 0,
        nBestLap: 0,
        sumAverageLap: 0,
        nAverageLap: 0,
      };
      carTimes.set(key, d);
    }
    return d;
  };
  const add = (c: SubsessionContribution, sign: 1 | -1) => {
    for (const e of c.entries) {
      if (!countsAsStart(c, e)) continue;
      const d = touch(c, e.carId, e.carName);
      d.entries += sign;
      if (e.averageLap !== null) {
        d.sumAverageLap += sign * e.averageLap;
        d.nAverageLap += sign;
      }
      if (e.bestLapTime === null) continue;
      d.sumBestLap += sign * e.bestLapTime;
      d.nBestLap += sign;
      if (sign === -1) continue;
      const lap: LapCandidate = {
        seasonId: c.seasonId,
        raceWeekNum: c.raceWeekNum,
        carId: e.carId,
        custId: e.custId,
        trackId: c.trackId,
        trackName: c.trackName,
        configName: c.configName,
        category: c.category,
        displayName: e.displayName,
        countryCode: e.countryCode,
        carName: e.carName,
        bestLapTime: e.bestLapTime,
        subsessionId: c.subsessionId,
        setAt: c.startTime,
      };
      const fk = `${weekCarKey(c.seasonId, c.raceWeekNum, e.carId)}:${e.custId}`;
      if (better(lap, fastest.get(fk))) fastest.set(fk, lap);
      if (better(lap, d.best)) d.best = lap;
      const rk = `${c.trackId}:${e.carId}`;
      if (better(lap, records.get(rk))) records.set(rk, lap);
    }
  };
  for (const p of ctx.previous) add(p, -1);
  for (const c of ctx.current) add(c, 1);
  return { fastest: [...fastest.values()], carTimes, records: [...records.values()] };
}

const fastestColumns: Column<LapCandidate>[] = [
  col('season_id', 'int4', (l) => l.seasonId),
  col('race_week_num', 'int2', (l) => l.raceWeekNum),
  col('car_id', 'int4', (l) => l.carId),
  col('cust_id', 'int4', (l) => l.custId),
  col('track_id', 'int4', (l) => l.trackId),
  col('display_name', 'text', (l) => l.displayName),
  col('country_code', 'text', (l) => l.countryCode),
  col('car_name', 'text', (l) => l.carName),
  col('best_lap_time', 'int4', (l) => l.bestLapTime),
  col('subsession_id', 'int4', (l) => l.subsessionId),
  col('set_at', 'timestamptz', (l) => l.setAt),
];

const carTimeColumns: Column<CarTimeDelta>[] = [
  col('season_id', 'int4', (d) => d.seasonId),
  col('race_week_num', 'int2', (d) => d.raceWeekNum),
  col('car_id', 'int4', (d) => d.carId),
  col('car_name', 'text', (d) => d.carName),
  col('track_id', 'int4', (d) => d.trackId),
  col('track_name', 'text', (d) => d.trackName),
  col('config_name', 'text', (d) => d.configName),
  col('category', 'text', (d) => d.category),
  col('drivers', 'int4', (d) => d.drivers),
  col('entries', 'int4', (d) => d.entries),
  col('best_lap_time', 'int4', (d) => d.best?.bestLapTime ?? null),
  col('best_cust_id', 'int4', (d) => d.best?.custId ?? null),
  col('best_display_name', 'text', (d) => d.best?.displayName ?? null),
  col('best_subsession_id', 'int4', (d) => d.best?.subsessionId ?? null),
  col('best_set_at', 'timestamptz', (d) => d.best?.setAt ?? null),
  col('sum_best_lap', 'int8', (d) => d.sumBestLap),
  col('n_best_lap', 'int4', (d) => d.nBestLap),
  col('sum_average_lap', 'int8', (d) => d.sumAverageLap),
  col('n_average_lap', 'int4', (d) => d.nAverageLap),
];

const recordColumns: Column<LapCandidate>[] = [
  col('track_id', 'int4', (l) => l.trackId),
  col('car_id', 'int4', (l) => l.carId),
  col('track_name', 'text', (l) => l.trackName),
  col('config_name', 'text', (l) => l.configName),
  col('car_name', 'text', (l) => l.carName),
  col('category', 'text', (l) => l.category),
  col('best_lap_time', 'int4', (l) => l.bestLapTime),
  col('cust_id', 'int4', (l) => l.custId),
  col('display_name', 'text', (l) => l.displayName),
  col('subsession_id', 'int4', (l) => l.subsessionId),
  col('season_id', 'int4', (l) => l.seasonId),
  col('set_at', 'timestamptz', (l) => l.setAt),
];

const improves = (t: string) =>
  `WHERE excluded.best_lap_time < ${t}.best_lap_time
      OR (excluded.best_lap_time = ${t}.best_lap_time AND excluded.set_at < ${t}.set_at)`;

/**
 * New laps are merged with "keep the faster" upserts; counts and sums move by deltas. Minima
 * cannot be subtracted, so when a correction replaces a subsession, the keys it touched before
 * are recomputed afterwards from racing_results (fastest laps), racing_fastest_laps (car times'
 * best and drivers) and racing_car_times (world records). Runs after the subsessions part, which
 * has already replaced the result rows.
 */
export async function applyLapTimes(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const { fastest, carTimes, records } = collect(ctx);

  if (fastest.length > 0) {
    const { sql, bindings } = fastestUpsert(fastest);
    const { rows } = await trx.raw<{
      rows: { season_id: number; race_week_num: number; car_id: number; added: number }[];
    }>(sql, bindings);
    for (const r of rows) {
      const d = carTimes.get(weekCarKey(r.season_id, r.race_week_num, r.car_id));
      if (d) d.drivers += r.added;
    }
  }

  const ct = CAR_TIMES_TABLE;
  // The same order as `better` and the recompute: faster, then earlier; a tie keeps the first.
  const bestImproves = `excluded.best_lap_time IS NOT NULL AND (${ct}.best_lap_time IS NULL
      OR excluded.best_lap_time < ${ct}.best_lap_time
      OR (excluded.best_lap_time = ${ct}.best_lap_time AND excluded.best_set_at < ${ct}.best_set_at))`;
  await insertRows(
    trx,
    ct,
    carTimeColumns,
    [...carTimes.values()],
    `ON CONFLICT (season_id, race_week_num, car_id) DO UPDATE SET
       car_name = excluded.car_name, track_id = excluded.track_id, track_name = excluded.track_name,
       config_name = excluded.config_name, category = excluded.category,
       drivers = ${ct}.drivers + excluded.drivers, entries = ${ct}.entries + excluded.entries,
       sum_best_lap = ${ct}.sum_best_lap + excluded.sum_best_lap, n_best_lap = ${ct}.n_best_lap + excluded.n_best_lap,
       sum_average_lap = ${ct}.sum_average_lap + excluded.sum_average_lap,
       n_average_lap = ${ct}.n_average_lap + excluded.n_average_lap,
       best_lap_time = CASE WHEN ${bestImproves} THEN excluded.best_lap_time ELSE ${ct}.best_lap_time END,
       best_cust_id = CASE WHEN ${bestImproves} THEN excluded.best_cust_id ELSE ${ct}.best_cust_id END,
       best_display_name = CASE WHEN ${bestImproves}
         THEN excluded.best_display_name ELSE ${ct}.best_display_name END,
       best_subsession_id = CASE WHEN ${bestImproves}
         THEN excluded.best_subsession_id ELSE ${ct}.best_subsession_id END,
       best_set_at = CASE WHEN ${bestImproves} THEN excluded.best_set_at ELSE ${ct}.best_set_at END`,
  );

  const wr = WORLD_RECORDS_TABLE;
  await insertRows(
    trx,
    wr,
    recordColumns,
    records,
    `ON CONFLICT (track_id, car_id) DO UPDATE SET
       ${recordColumns
         .filter((c) => c.name !== 'track_id' && c.name !== 'car_id')
         .map((c) => `${c.name} = excluded.${c.name}`)
         .join(', ')}
     ${improves(wr)}`,
  );

  if (ctx.previous.length > 0) await recomputeAfterCorrection(trx, ctx);
  await recountCarTimeSteps(trx, startedWeekCars(ctx));
}

/** The (season, week, car) triples of the batch's starts, now and before a correction. */
function startedWeekCars(ctx: PartContext): [number, number, number][] {
  const out = new Map<string, [number, number, number]>();
  for (const c of [...ctx.previous, ...ctx.current]) {
    for (const e of c.entries) {
      if (!countsAsStart(c, e)) continue;
      out.set(weekCarKey(c.seasonId, c.raceWeekNum, e.carId), [c.seasonId, c.raceWeekNum, e.carId]);
    }
  }
  return [...out.values()];
}

function fastestUpsert(laps: LapCandidate[]): { sql: string; bindings: Knex.RawBinding[] } {
  const t = FASTEST_LAPS_TABLE;
  const list = fastestColumns.map((c) => c.name).join(', ');
  const { sql: source, bindings } = rowsSource(fastestColumns, laps);
  return {
    sql: `WITH up AS (
            INSERT INTO ${t} (${list}) SELECT ${list} FROM ${source}
            ON CONFLICT (season_id, race_week_num, car_id, cust_id) DO UPDATE SET
              track_id = excluded.track_id, display_name = excluded.display_name,
              country_code = excluded.country_code, car_name = excluded.car_name,
              best_lap_time = excluded.best_lap_time, subsession_id = excluded.subsession_id,
              set_at = excluded.set_at
            ${improves(t)}
            RETURNING season_id, race_week_num, car_id, (xmax = 0) AS inserted)
          SELECT season_id, race_week_num, car_id, count(*) FILTER (WHERE inserted)::int AS added
            FROM up GROUP BY season_id, race_week_num, car_id`,
    bindings,
  };
}

/**
 * After a correction: rebuild the fastest laps of every (season, week, car, driver) the replaced
 * subsessions touched from the result rows, then the best lap and driver count of every
 * (season, week, car) from the fastest laps, then every (track, car) record from the car times.
 */
async function recomputeAfterCorrection(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const keys = new Map<string, [number, number, number, number]>();
  for (const c of [...ctx.previous, ...ctx.current]) {
    for (const e of c.entries) {
      keys.set(`${c.seasonId}:${c.raceWeekNum}:${e.carId}:${e.custId}`, [
        c.seasonId,
        c.raceWeekNum,
        e.carId,
        e.custId,
      ]);
    }
  }
  const cols = bind(transpose([...keys.values()], 4));
  const fl = FASTEST_LAPS_TABLE;
  await trx.raw(
    `DELETE FROM ${fl} f USING unnest(?::int4[], ?::int2[], ?::int4[], ?::int4[]) AS k(season_id, race_week_num, car_id, cust_id)
      WHERE f.season_id = k.season_id AND f.race_week_num = k.race_week_num AND f.car_id = k.car_id AND f.cust_id = k.cust_id`,
    cols,
  );
  await trx.raw(
    `INSERT INTO ${fl} (season_id, race_week_num, car_id, cust_id, track_id, display_name, country_code, car_name,
                        best_lap_time, subsession_id, set_at)
     SELECT DISTINCT ON (s.season_id, s.race_week_num, r.car_id, r.cust_id)
            s.season_id, s.race_week_num, r.car_id, r.cust_id, s.track_id, r.display_name, r.country_code,
            r.car_name, r.best_lap_time, r.subsession_id, s.start_time
       FROM unnest(?::int4[], ?::int2[], ?::int4[], ?::int4[]) AS k(season_id, race_week_num, car_id, cust_id)
       JOIN ${RESULTS_TABLE} r ON r.cust_id = k.cust_id AND r.car_id = k.car_id AND r.is_primary
       JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
            AND s.season_id = k.season_id AND s.race_week_num = k.race_week_num
      WHERE s.event_type = 'race' AND r.simsession_type = 'race' AND r.best_lap_time IS NOT NULL
        AND (r.team_id IS NULL OR r.laps_complete > 0)
      ORDER BY s.season_id, s.race_week_num, r.car_id, r.cust_id, r.best_lap_time, s.start_time`,
    cols,
  );

  const weekCars = new Map<string, [number, number, number]>();
  const trackCars = new Map<string, [number, number]>();
  for (const c of [...ctx.previous, ...ctx.current]) {
    for (const e of c.entries) {
      weekCars.set(weekCarKey(c.seasonId, c.raceWeekNum, e.carId), [
        c.seasonId,
        c.raceWeekNum,
        e.carId,
      ]);
      trackCars.set(`${c.trackId}:${e.carId}`, [c.trackId, e.carId]);
    }
  }
  const wc = [...weekCars.values()];
  const ct = CAR_TIMES_TABLE;
  await trx.raw(
    `UPDATE ${ct} c SET drivers = agg.drivers, best_lap_time = agg.best_lap_time, best_cust_id = agg.cust_id,
            best_display_name = agg.display_name, best_subsession_id = agg.subsession_id, best_set_at = agg.set_at
       FROM unnest(?::int4[], ?::int2[], ?::int4[]) AS k(season_id, race_week_num, car_id)
       CROSS JOIN LATERAL (
         SELECT (SELECT count(*)::int FROM ${fl} f WHERE f.season_id = k.season_id
                   AND f.race_week_num = k.race_week_num AND f.car_id = k.car_id) AS drivers,
                b.best_lap_time, b.cust_id, b.display_name, b.subsession_id, b.set_at
           FROM (SELECT 1) one
           LEFT JOIN LATERAL (
             SELECT f.best_lap_time, f.cust_id, f.display_name, f.subsession_id, f.set_at FROM ${fl} f
              WHERE f.season_id = k.season_id AND f.race_week_num = k.race_week_num AND f.car_id = k.car_id
              ORDER BY f.best_lap_time, f.set_at LIMIT 1) b ON true) agg
      WHERE c.season_id = k.season_id AND c.race_week_num = k.race_week_num AND c.car_id = k.car_id`,
    bind(transpose(wc, 3)),
  );
  await trx.raw(
    `DELETE FROM ${ct} WHERE entries <= 0 AND (season_id, race_week_num, car_id) IN
                   (SELECT * FROM unnest(?::int4[], ?::int2[], ?::int4[]))`,
    bind(transpose(wc, 3)),
  );

  const tc = [...trackCars.values()];
  const wr = WORLD_RECORDS_TABLE;
  const tcCols = bind(transpose(tc, 2));
  await trx.raw(
    `DELETE FROM ${wr} w USING unnest(?::int4[], ?::int4[]) AS k(track_id, car_id)
      WHERE w.track_id = k.track_id AND w.car_id = k.car_id`,
    tcCols,
  );
  await trx.raw(
    `INSERT INTO ${wr} (track_id, car_id, track_name, config_name, car_name, category, best_lap_time, cust_id,
                        display_name, subsession_id, season_id, set_at)
     SELECT DISTINCT ON (c.track_id, c.car_id) c.track_id, c.car_id, c.track_name, c.config_name, c.car_name,
            c.category, c.best_lap_time, c.best_cust_id, c.best_display_name, c.best_subsession_id, c.season_id,
            c.best_set_at
       FROM unnest(?::int4[], ?::int4[]) AS k(track_id, car_id)
       JOIN ${ct} c ON c.track_id = k.track_id AND c.car_id = k.car_id
      WHERE c.best_lap_time IS NOT NULL
      ORDER BY c.track_id, c.car_id, c.best_lap_time, c.best_set_at`,
    tcCols,
  );
}
