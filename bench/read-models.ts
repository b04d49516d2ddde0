/**
 * Volume check of the racing read models: builds the result read models from a synthetic log of
 * `--subsessions` 20-car races among `--drivers` drivers (defaults: 50,000 × 20 = 1,000,000 result
 * rows, 100,000 drivers) straight through the projection's apply in batches of 1000 events (no
 * event store: this measures the projection), then times the racing queries and prints their
 * plans. Uses a scratch database on the bench server (bench/support/scratch-database.ts) and
 * drops it afterwards (unless --keep).
 *
 *   npm run bench:read-models -- [--drivers N] [--subsessions N] [--batch N] [--apply-only] [--keep]
 */
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { makePosition, type RecordedEvent } from '../src/eventstore/port.ts';
import {
  driverSubsessions,
  listDrivers,
  searchDrivers,
  seasonCarTimes,
  seasonFastestLaps,
  seasonLeaderboard,
  seasonRecentRaces,
  subsessionResults,
  worldRecords,
  iratingDistribution,
  listSeries,
} from '../src/queries/racing/index.ts';
import { racingProjections } from '../src/projections/racing/index.ts';
import { racingResultsProjection } from '../src/projections/racing/results-projection.ts';
import { dropDatabase, recreateDatabase } from './support/scratch-database.ts';
import { driverName, rng, syntheticSubsessions } from './support/synthetic-racing.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const drivers = arg('drivers', 100_000);
const subsessions = arg('subsessions', 50_000);
const batch = arg('batch', 1000);
const applyOnly = process.argv.includes('--apply-only');
const dbName = 'pitwall_perf_racing';

const rt = await openRuntime(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }), {
  role: 'bench',
  databaseUrl: await recreateDatabase(dbName),
});
const db = rt.knex;

try {
  for (const p of racingProjections) await p.createTables(db);
  const started = performance.now();
  let seq = 0;
  for (let from = 0; from < subsessions; from += batch) {
    const events: RecordedEvent[] = syntheticSubsessions({
      from,
      to: Math.min(subsessions, from + batch),
      drivers,
    }).map((data) => ({
      id: `e${++seq}`,
      type: 'SubsessionResultsRecorded',
      data,
      metadata: { occurredAt: '2025-04-01T00:00:00.000Z' },
      streamName: `subsession-${data.subsessionId}`,
      revision: 0n,
      position: makePosition(1, seq),
      schemaVersion: 1,
      recordedAt: new Date(),
    }));
    await db.transaction((trx) => racingResultsProjection.apply(trx, events));
    if ((from / batch) % 10 === 0) {
      const s = (performance.now() - started) / 1000;
      process.stderr.write(`applied ${from + events.length} subsessions in ${s.toFixed(1)} s\n`);
    }
  }
  const applySeconds = (performance.now() - started) / 1000;
  for (const t of racingResultsProjection.tables) await db.raw('ANALYZE ??', [t]);
  const rows = (await db('racing_results').count<{ n: number }[]>('* as n'))[0]?.n;
  console.log(
    JSON.stringify({
      subsessions,
      resultRows: rows,
      drivers,
      applySeconds: Number(applySeconds.toFixed(1)),
      eventsPerSecond: Math.round(subsessions / applySeconds),
    }),
  );

  if (!applyOnly) {
    const time = async (name: string, runs: number, fn: (i: number) => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await fn(i);
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(2);
      console.log(`${name.padEnd(28)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`);
    };
    const r = rng(42);
    const someDriver = () => 1 + Math.floor(r() * drivers);
    const words = Array.from({ length: 200 }, () => driverName(someDriver()));
    await time('searchDrivers (word)', 200, (i) =>
      searchDrivers(db, { q: words[i]!.split(' ')[i % 2]! }),
    );
    await time('searchDrivers (fragment)', 200, (i) =>
      searchDrivers(db, { q: words[i]!.split(' ')[1]!.slice(1, 5) }),
    );
    await time('searchDrivers (2 letters)', 100, (i) =>
      searchDrivers(db, { q: words[i]!.slice(0, 2) }),
    );
    await time('searchDrivers (full name)', 100, (i) => searchDrivers(db, { q: words[i]! }));
    await time('listDrivers irating p1', 100, () =>
      listDrivers(db, { category: 'sports_car', limit: 100 }),
    );
    let cursor: string | null = null;
    await time('listDrivers irating deep', 50, async () => {
      const page = await listDrivers(db, { category: 'sports_car', limit: 100, cursor });
      cursor = page.nextCursor;
    });
    await time('listDrivers name', 100, () => listDrivers(db, { sort: 'name', limit: 100 }));
    await time('driverSubsessions', 200, () => driverSubsessions(db, someDriver(), { limit: 25 }));
    await time('seasonRecentRaces', 100, (i) =>
      seasonRecentRaces(db, 9000 + (i % 20), { limit: 25 }),
    );
    await time('seasonRecentRaces week', 100, (i) =>
      seasonRecentRaces(db, 9000 + (i % 20), { limit: 25, raceWeekNum: i % 12 }),
    );
    await time('seasonCarTimes', 100, (i) => seasonCarTimes(db, 9000 + (i % 20), { limit: 100 }));
    await time('seasonFastestLaps', 100, (i) =>
      seasonFastestLaps(db, 9000 + (i % 20), { limit: 100, raceWeekNum: i % 12 }),
    );
    for (const kind of ['race-wins', 'poles', 'top-fives', 'races'] as const) {
      await time(`leaderboard ${kind}`, 100, (i) =>
        seasonLeaderboard(db, 9000 + (i % 20), kind, { limit: 100 }),
      );
    }
    await time('subsessionResults', 200, (i) =>
      subsessionResults(db, 10_000_000 + Math.floor(r() * subsessions) + (i % 1), 'race'),
    );
    await time('worldRecords', 100, () => worldRecords(db, { limit: 100 }));
    await time('iratingDistribution', 100, () => iratingDistribution(db, 'sports_car'));
    await time('listSeries', 100, () => listSeries(db, { limit: 100 }));

    const explain = async (label: string, sql: string, bindings: unknown[]) => {
      const { rows: plan } = await db.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        `EXPLAIN (ANALYZE, COSTS OFF) ${sql}`,
        bindings as never,
      );
      console.log(`\n-- ${label}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
    };
    await explain(
      'search "Verst"',
      `SELECT cust_id FROM racing_drivers WHERE display_name ILIKE '%Verst%' LIMIT 500`,
      [],
    );
    await explain(
      'drivers by iRating',
      `SELECT l.cust_id FROM racing_driver_licenses l JOIN racing_drivers d ON d.cust_id = l.cust_id WHERE l.category = 'sports_car' AND l.irating IS NOT NULL ORDER BY l.irating DESC, l.cust_id DESC LIMIT 101`,
      [],
    );
    await explain(
      'driver subsessions',
      `SELECT r.subsession_id FROM racing_results r JOIN racing_subsessions s ON s.subsession_id = r.subsession_id WHERE r.cust_id = 4242 AND r.is_primary ORDER BY r.start_time DESC, r.subsession_id DESC LIMIT 26`,
      [],
    );
    await explain(
      'wins leaderboard',
      `SELECT cust_id FROM racing_season_driver_stats WHERE season_id = 9003 AND wins > 0 ORDER BY wins DESC, cust_id LIMIT 101`,
      [],
    );
    await explain(
      'fastest laps',
      `SELECT cust_id FROM racing_fastest_laps WHERE season_id = 9003 AND race_week_num = 4 ORDER BY best_lap_time, cust_id LIMIT 101`,
      [],
    );
    await explain(
      'recent races of a week',
      `SELECT subsession_id FROM racing_subsessions WHERE season_id = 9003 AND event_type = 'race' AND race_week_num = 1 ORDER BY start_time DESC, subsession_id DESC LIMIT 26`,
      [],
    );
  }
} finally {
  await rt.close();
  if (!process.argv.includes('--keep')) await dropDatabase(dbName);
}
