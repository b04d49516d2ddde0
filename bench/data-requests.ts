/**
 * The requests bench/data.ts sends: for every racing endpoint a list of realistic paths built
 * from the seeded data (real ids, real name fragments, the busiest seasons), sent round-robin so
 * consecutive requests ask different things (no single hot row).
 */
import type { Knex } from 'knex';
import { DRIVERS_TABLE } from '../src/projections/drivers/tables.ts';
import { WORLD_RECORDS_TABLE } from '../src/projections/lap-times/tables.ts';
import { SEASON_DRIVER_STATS_TABLE } from '../src/projections/season-leaderboards/tables.ts';
import { SERIES_TABLE } from '../src/projections/series/tables.ts';
import { SUBSESSIONS_TABLE } from '../src/projections/subsessions/tables.ts';

export interface EndpointLoad {
  /** The route's path in the route table, e.g. `/api/seasons/{id}/car-times`. */
  route: string;
  paths: string[];
}

/** Deterministic pseudo-random numbers (the same paths every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SAMPLE = 400;

async function column<T>(db: Knex, sql: string, bindings: readonly number[] = []): Promise<T[]> {
  const { rows } = await db.raw<{ rows: { v: T }[] }>(sql, [...bindings]);
  return rows.map((r) => r.v);
}

/** Name fragments as people type them: 2–5 letters of a first or last name, or a whole name. */
function fragmentsOf(names: readonly string[], next: () => number): string[] {
  const out: string[] = [];
  for (const name of names) {
    const words = name.split(/\s+/).filter((w) => w.length >= 2);
    const word = words[Math.floor(next() * words.length)] ?? name;
    const kind = next();
    if (kind < 0.15) out.push(word.slice(0, 2));
    else if (kind < 0.85) out.push(word.slice(0, 3 + Math.floor(next() * 3)));
    else out.push(name);
  }
  return out.map((f) => f.toLowerCase());
}

export async function buildLoads(db: Knex): Promise<EndpointLoad[]> {
  const next = random(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const q = encodeURIComponent;

  const driverIds = await column<number>(
    db,
    `SELECT cust_id AS v FROM ${SEASON_DRIVER_STATS_TABLE} GROUP BY cust_id ORDER BY md5(cust_id::text) LIMIT ?`,
    [SAMPLE],
  );
  const names = await column<string>(
    db,
    `SELECT display_name AS v FROM ${DRIVERS_TABLE} ORDER BY md5(cust_id::text) LIMIT ?`,
    [SAMPLE],
  );
  const countries = await column<string>(
    db,
    `SELECT country_code AS v FROM ${DRIVERS_TABLE} WHERE country_code IS NOT NULL
      GROUP BY country_code ORDER BY count(*) DESC LIMIT 30`,
  );
  // The busiest seasons: where visitors look.
  const seasons = await column<number>(
    db,
    `SELECT season_id AS v FROM ${SUBSESSIONS_TABLE} GROUP BY season_id ORDER BY count(*) DESC LIMIT 20`,
  );
  const subsessions = await column<number>(
    db,
    `SELECT subsession_id AS v FROM ${SUBSESSIONS_TABLE} ORDER BY md5(subsession_id::text) LIMIT ?`,
    [SAMPLE],
  );
  const records = (
    await db.raw<{ rows: { track_id: number; car_id: number; category: string }[] }>(
      `SELECT track_id, car_id, category FROM ${WORLD_RECORDS_TABLE} ORDER BY md5(track_id::text || car_id::text) LIMIT 100`,
    )
  ).rows;
  const seriesNames = await column<string>(db, `SELECT name AS v FROM ${SERIES_TABLE}`);
  if (driverIds.length === 0 || seasons.length === 0 || subsessions.length === 0) {
    throw new Error('the bench database holds no racing data (did the seed and projections run?)');
  }

  const categories = ['sports_car', 'formula_car', 'oval', 'dirt_oval', 'dirt_road'];
  const times = <T>(n: number, make: (i: number) => T): T[] =>
    Array.from({ length: n }, (_, i) => make(i));
  const seasonPaths = (segment: string, extra: () => string = () => '') =>
    times(SAMPLE, () => `/api/seasons/${pick(seasons)}/${segment}${extra()}`);

  return [
    {
      route: '/api/drivers',
      paths: times(SAMPLE, () => {
        const kind = next();
        const category = pick(categories);
        if (kind < 0.5) return `/api/drivers?category=${category}`;
        if (kind < 0.7) return `/api/drivers?category=${category}&country=${pick(countries)}`;
        if (kind < 0.85) return `/api/drivers?sort=name&limit=50`;
        return `/api/drivers?category=${category}&direction=asc`;
      }),
    },
    {
      route: '/api/drivers/search',
      paths: fragmentsOf(names, next).map((f) => `/api/drivers/search?q=${q(f)}`),
    },
    {
      route: '/api/drivers/compare',
      paths: times(SAMPLE, () => {
        const n = 2 + Math.floor(next() * 3);
        const ids = new Set<number>();
        while (ids.size < n) ids.add(pick(driverIds));
        return `/api/drivers/compare?ids=${[...ids].join(',')}`;
      }),
    },
    {
      route: '/api/drivers/{id}/subsessions',
      paths: driverIds.map((id) => `/api/drivers/${id}/subsessions`),
    },
    {
      route: '/api/seasons/{id}/car-times',
      paths: seasonPaths('car-times', () => {
        const kind = next();
        if (kind < 0.5) return '';
        if (kind < 0.8) return `?raceWeekNum=${Math.floor(next() * 12)}`;
        return '?sort=bestLap';
      }),
    },
    { route: '/api/seasons/{id}/schedule', paths: seasonPaths('schedule') },
    {
      route: '/api/seasons/{id}/recent-races',
      paths: seasonPaths('recent-races', () =>
        next() < 0.7 ? '' : `?raceWeekNum=${Math.floor(next() * 12)}`,
      ),
    },
    {
      route: '/api/seasons/{id}/fastest-laps',
      paths: seasonPaths('fastest-laps', () =>
        next() < 0.5 ? '' : `?raceWeekNum=${Math.floor(next() * 12)}`,
      ),
    },
    {
      route: '/api/seasons/{id}/race-wins-leaderboard',
      paths: seasonPaths('race-wins-leaderboard'),
    },
    {
      route: '/api/seasons/{id}/most-poles-leaderboard',
      paths: seasonPaths('most-poles-leaderboard'),
    },
    {
      route: '/api/seasons/{id}/most-tops-five-leaderboard',
      paths: seasonPaths('most-tops-five-leaderboard'),
    },
    {
      route: '/api/seasons/{id}/most-races-leaderboard',
      paths: seasonPaths('most-races-leaderboard'),
    },
    {
      route: '/api/series',
      paths: times(SAMPLE, () =>
        next() < 0.6 ? '/api/series' : `/api/series?category=${pick(categories)}`,
      ),
    },
    {
      route: '/api/series/search',
      paths: fragmentsOf(
        times(SAMPLE, () => pick(seriesNames)),
        next,
      ).map((f) => `/api/series/search?q=${q(f.length < 2 ? `${f}a` : f)}`),
    },
    {
      route: '/api/subsessions/{id}/results/{type}',
      paths: subsessions.map(
        (id) => `/api/subsessions/${id}/results/${next() < 0.8 ? 'race' : 'qualify'}`,
      ),
    },
    {
      route: '/api/world-records',
      paths: times(SAMPLE, () => {
        const kind = next();
        const r = pick(records);
        if (kind < 0.3) return '/api/world-records';
        if (kind < 0.5) return `/api/world-records?category=${r.category}`;
        if (kind < 0.7) return `/api/world-records?trackId=${r.track_id}`;
        if (kind < 0.9) return `/api/world-records?carId=${r.car_id}`;
        return '/api/world-records?sort=lapTime';
      }),
    },
  ];
}
