import type { Knex } from 'knex';
import type { RacingCategory } from '../../events/racing/common.ts';
import {
  DRIVER_LICENSES_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKETS_TABLE,
} from '../../projections/drivers/tables.ts';
import { RATING_HISTORY_TABLE } from '../../projections/rating-history/tables.ts';
import { SEASON_DRIVER_STATS_TABLE } from '../../projections/season-leaderboards/tables.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import {
  decodeCursor,
  InvalidQueryError,
  iso,
  keysetPage,
  pageLimit,
  type Page,
  type PageRequest,
} from './paging.ts';
import {
  escapeLike,
  normaliseSearch,
  parseCategory,
  toLicense,
  toTrack,
  type CarDto,
  type LicenseDto,
  type LicenseRow,
  type TrackDto,
} from './shapes.ts';

/**
 * Drivers: list (by iRating in a category, or by name), search (pg_trgm), comparison, profile
 * with rating history, and a driver's races. Reads racing_drivers, racing_driver_licenses,
 * racing_season_driver_stats, racing_rating_history and racing_results / racing_subsessions.
 */

export interface DriverListItemDto {
  custId: number;
  displayName: string;
  countryCode: string | null;
  /** The licence of the requested category (null when the driver has none there). */
  license: LicenseDto | null;
}

export type DriverSort = 'irating' | 'name';

export interface ListDriversParams extends PageRequest {
  /** Default sports_car. */
  category?: string;
  /** irating: highest first (drivers rated in the category); name: A→Z (all drivers). Default irating. */
  sort?: DriverSort;
}

interface DriverLicenceJoinRow extends Omit<LicenseRow, 'category'> {
  cust_id: number;
  display_name: string;
  country_code: string | null;
  category: string | null;
}

const licenseOrNull = (r: DriverLicenceJoinRow): LicenseDto | null =>
  r.category === null ? null : toLicense({ ...r, category: r.category });

const isIratingKey = (v: unknown): v is { i: number; c: number } =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as { i?: unknown }).i) &&
  Number.isInteger((v as { c?: unknown }).c);
const isNameKey = (v: unknown): v is { n: string; c: number } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { n?: unknown }).n === 'string' &&
  Number.isInteger((v as { c?: unknown }).c);

/** Keyset-paged: by iRating through (category, irating DESC, cust_id DESC), by name through (lower(name), cust_id). */
export async function listDrivers(
  db: Knex,
  params: ListDriversParams = {},
): Promise<Page<DriverListItemDto>> {
  const limit = pageLimit(params.limit);
  const category = parseCategory(params.category ?? 'sports_car');
  const sort = params.sort ?? 'irating';
  const columns = `d.cust_id, d.display_name, d.country_code, l.category, l.irating, l.sub_level,
                   l.license_level, l.license_group, l.tt_rating`;
  if (sort === 'irating') {
    const after = params.cursor ? decodeCursor(params.cursor, isIratingKey) : null;
    const { rows } = await db.raw<{ rows: DriverLicenceJoinRow[] }>(
      `SELECT ${columns}
         FROM ${DRIVER_LICENSES_TABLE} l JOIN ${DRIVERS_TABLE} d ON d.cust_id = l.cust_id
        WHERE l.category = ? AND l.irating IS NOT NULL
          ${after ? 'AND (l.irating, l.cust_id) < (?, ?)' : ''}
        ORDER BY l.irating DESC, l.cust_id DESC
        LIMIT ?`,
      [category, ...(after ? [after.i, after.c] : []), limit + 1],
    );
    return keysetPage(rows, limit, (r) => ({ i: r.irating ?? 0, c: r.cust_id }), shapeListItem);
  }
  if (sort !== 'name') throw new InvalidQueryError('sort', 'sort must be irating or name');
  const after = params.cursor ? decodeCursor(params.cursor, isNameKey) : null;
  const { rows } = await db.raw<{ rows: DriverLicenceJoinRow[] }>(
    `SELECT ${columns}
       FROM ${DRIVERS_TABLE} d
       LEFT JOIN ${DRIVER_LICENSES_TABLE} l ON l.cust_id = d.cust_id AND l.category = ?
      ${after ? 'WHERE (lower(d.display_name), d.cust_id) > (?, ?)' : ''}
      ORDER BY lower(d.display_name), d.cust_id
      LIMIT ?`,
    [category, ...(after ? [after.n, after.c] : []), limit + 1],
  );
  return keysetPage(
    rows,
    limit,
    (r) => ({ n: r.display_name.toLowerCase(), c: r.cust_id }),
    shapeListItem,
  );
}

function shapeListItem(r: DriverLicenceJoinRow): DriverListItemDto {
  return {
    custId: r.cust_id,
    displayName: r.display_name,
    countryCode: r.country_code,
    license: licenseOrNull(r),
  };
}

export interface DriverSearchHitDto {
  custId: number;
  displayName: string;
  countryCode: string | null;
  licenses: LicenseDto[];
}

/** Matches considered for ranking; bounds the cost of very common fragments ("an"). */
const SEARCH_CANDIDATES = 500;

interface NameHit {
  cust_id: number;
  display_name: string;
  country_code: string | null;
}

/**
 * Finds drivers by customer id, by the start of any word of the display name ("vers" finds
 * "Max Verstappen"), and — when that leaves the list short and the text has 3+ characters — by a
 * fragment anywhere in the name ("stapp"). Case-insensitive. Ranking: customer id, exact name,
 * name starting with the text, a word starting with it, then trigram similarity. Word-start
 * matching comes first because its padded trigrams are selective in the pg_trgm GIN index on
 * racing_drivers.display_name; the fragment fallback scans wider posting lists. `limit` 1..25,
 * default 10.
 */
export async function searchDrivers(
  db: Knex,
  params: { q: string; limit?: number },
): Promise<DriverSearchHitDto[]> {
  const q = normaliseSearch(params.q);
  const limit = params.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
    throw new InvalidQueryError('limit', 'limit must be an integer from 1 to 25');
  }
  let hits = await rankedNameMatches(db, q, 'word-start', limit);
  if (hits.length < limit && q.length >= 3) {
    const more = await rankedNameMatches(db, q, 'anywhere', limit);
    const seen = new Set(hits.map((h) => h.cust_id));
    hits = [...hits, ...more.filter((h) => !seen.has(h.cust_id))].slice(0, limit);
  }
  const licenses = await licensesOf(
    db,
    hits.map((h) => h.cust_id),
  );
  return hits.map((h) => ({
    custId: h.cust_id,
    displayName: h.display_name,
    countryCode: h.country_code,
    licenses: licenses.get(h.cust_id) ?? [],
  }));
}

async function rankedNameMatches(
  db: Knex,
  q: string,
  mode: 'word-start' | 'anywhere',
  limit: number,
): Promise<NameHit[]> {
  const like = escapeLike(q);
  const idMatch = /^\d{1,9}$/.test(q) ? Number(q) : -1;
  const { rows } = await db.raw<{ rows: NameHit[] }>(
    `WITH candidates AS (
       SELECT cust_id, display_name, country_code FROM ${DRIVERS_TABLE}
        WHERE ${mode === 'word-start' ? 'display_name ILIKE ? OR display_name ILIKE ?' : 'display_name ILIKE ?'}
        -- Ordering by similarity makes the planner fetch every match (the GIN bitmap scan)
        -- instead of a sequential scan that hopes to meet the limit early.
        ORDER BY similarity(display_name, ?) DESC
        LIMIT ${SEARCH_CANDIDATES})
     SELECT cust_id, display_name, country_code FROM (
       SELECT cust_id, display_name, country_code, 0 AS tier, 1.0::real AS sim
         FROM ${DRIVERS_TABLE} WHERE cust_id = ?
       UNION ALL
       SELECT cust_id, display_name, country_code, 1, 1.0::real
         FROM ${DRIVERS_TABLE} WHERE lower(display_name) = lower(?)
       UNION ALL
       SELECT cust_id, display_name, country_code,
              CASE WHEN lower(display_name) = lower(?) THEN 1 WHEN display_name ILIKE ? THEN 2
                   WHEN display_name ILIKE ? THEN 3 ELSE 4 END,
              similarity(display_name, ?)
         FROM candidates) ranked
     ORDER BY tier, sim DESC, display_name, cust_id
     LIMIT ?`,
    [
      ...(mode === 'word-start' ? [`${like}%`, `% ${like}%`] : [`%${like}%`]),
      q,
      idMatch,
      q,
      q,
      `${like}%`,
      `% ${like}%`,
      q,
      limit * 3,
    ],
  );
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.cust_id) && seen.add(r.cust_id)).slice(0, limit);
}

async function licensesOf(db: Knex, custIds: number[]): Promise<Map<number, LicenseDto[]>> {
  const out = new Map<number, LicenseDto[]>();
  if (custIds.length === 0) return out;
  const rows = await db<LicenseRow & { cust_id: number }>(DRIVER_LICENSES_TABLE)
    .whereIn('cust_id', custIds)
    .orderBy(['cust_id', 'category']);
  for (const r of rows) {
    const list = out.get(r.cust_id) ?? [];
    list.push(toLicense(r));
    out.set(r.cust_id, list);
  }
  return out;
}

export interface CareerStatsDto {
  category: RacingCategory;
  starts: number;
  wins: number;
  poles: number;
  topFives: number;
  laps: number;
  lapsLed: number;
  incidents: number;
  /** Share of starts won, 0..1. */
  winRate: number;
  /** Incidents per race start. */
  incidentsPerRace: number;
}

/** Career totals per category: the sum of the driver's (pre-aggregated) season rows. */
async function careersOf(db: Knex, custIds: number[]): Promise<Map<number, CareerStatsDto[]>> {
  const out = new Map<number, CareerStatsDto[]>();
  if (custIds.length === 0) return out;
  const { rows } = await db.raw<{
    rows: {
      cust_id: number;
      category: string;
      starts: number;
      wins: number;
      poles: number;
      top_fives: number;
      laps: number;
      laps_led: number;
      incidents: number;
    }[];
  }>(
    `SELECT cust_id, category, sum(races)::int AS starts, sum(wins)::int AS wins, sum(poles)::int AS poles,
            sum(top_fives)::int AS top_fives, sum(laps)::int AS laps, sum(laps_led)::int AS laps_led,
            sum(incidents)::int AS incidents
       FROM ${SEASON_DRIVER_STATS_TABLE} WHERE cust_id = ANY(?::int4[])
      GROUP BY cust_id, category ORDER BY cust_id, category`,
    [custIds],
  );
  for (const r of rows) {
    const list = out.get(r.cust_id) ?? [];
    list.push({
      category: r.category as RacingCategory,
      starts: r.starts,
      wins: r.wins,
      poles: r.poles,
      topFives: r.top_fives,
      laps: r.laps,
      lapsLed: r.laps_led,
      incidents: r.incidents,
      winRate: r.starts > 0 ? r.wins / r.starts : 0,
      incidentsPerRace: r.starts > 0 ? r.incidents / r.starts : 0,
    });
    out.set(r.cust_id, list);
  }
  return out;
}

interface DriverRow {
  cust_id: number;
  display_name: string;
  country_code: string | null;
  club_name: string | null;
  flair_name: string | null;
  member_since: Date | null;
}

export interface DriverSummaryDto {
  custId: number;
  displayName: string;
  countryCode: string | null;
  clubName: string | null;
  flairName: string | null;
  /** YYYY-MM-DD. */
  memberSince: string | null;
  licenses: LicenseDto[];
  career: CareerStatsDto[];
}

const dateOnly = (d: Date | null): string | null =>
  d === null
    ? null
    : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

async function summariesOf(db: Knex, custIds: number[]): Promise<Map<number, DriverSummaryDto>> {
  const drivers = await db<DriverRow>(DRIVERS_TABLE)
    .select('cust_id', 'display_name', 'country_code', 'club_name', 'flair_name', 'member_since')
    .whereIn('cust_id', custIds);
  const found = drivers.map((d) => d.cust_id);
  const [licenses, careers] = await Promise.all([licensesOf(db, found), careersOf(db, found)]);
  return new Map(
    drivers.map((d) => [
      d.cust_id,
      {
        custId: d.cust_id,
        displayName: d.display_name,
        countryCode: d.country_code,
        clubName: d.club_name,
        flairName: d.flair_name,
        memberSince: dateOnly(d.member_since),
        licenses: licenses.get(d.cust_id) ?? [],
        career: careers.get(d.cust_id) ?? [],
      },
    ]),
  );
}

export interface DriverComparisonDto {
  /** In the order asked; unknown ids are listed in `missing`. */
  drivers: DriverSummaryDto[];
  missing: number[];
}

/** Side by side: licences and career totals of 2..10 drivers. */
export async function compareDrivers(
  db: Knex,
  custIds: readonly number[],
): Promise<DriverComparisonDto> {
  const ids = [...new Set(custIds)];
  if (ids.length < 1 || ids.length > 10 || !ids.every((id) => Number.isInteger(id))) {
    throw new InvalidQueryError('ids', 'ids must hold 1 to 10 distinct integer customer ids');
  }
  const summaries = await summariesOf(db, ids);
  return {
    drivers: ids.flatMap((id) => summaries.get(id) ?? []),
    missing: ids.filter((id) => !summaries.has(id)),
  };
}

export interface RatingPointDto {
  /** YYYY-MM-DD. */
  date: string;
  value: number;
}

export interface DriverProfileDto extends DriverSummaryDto {
  /** Percentile rank by iRating per category: share of rated drivers below this one, 0..100. */
  iratingPercentiles: { category: RacingCategory; percentile: number }[];
  /** iRating charts per category, oldest point first. */
  iratingHistory: { category: RacingCategory; points: RatingPointDto[] }[];
}

/** A driver's page; null for an unknown customer id. */
export async function getDriverProfile(db: Knex, custId: number): Promise<DriverProfileDto | null> {
  const summary = (await summariesOf(db, [custId])).get(custId);
  if (!summary) return null;
  const rated = summary.licenses.filter((l) => l.irating !== null);
  const [history, percentiles] = await Promise.all([
    db<{ cust_id: number; chart: string; category: string; recorded_on: Date; value: number }>(
      RATING_HISTORY_TABLE,
    )
      .select('category', 'recorded_on', 'value')
      .where({ cust_id: custId, chart: 'irating' })
      .orderBy(['category', 'recorded_on']),
    Promise.all(rated.map((l) => percentileRank(db, l.category, l.irating!))),
  ]);
  const charts = new Map<string, RatingPointDto[]>();
  for (const h of history) {
    const points = charts.get(h.category) ?? [];
    points.push({ date: dateOnly(h.recorded_on)!, value: h.value });
    charts.set(h.category, points);
  }
  return {
    ...summary,
    iratingPercentiles: rated.map((l, i) => ({
      category: l.category,
      percentile: percentiles[i]!,
    })),
    iratingHistory: [...charts].map(([category, points]) => ({
      category: category as RacingCategory,
      points,
    })),
  };
}

/** Share (0..100, one decimal) of the category's rated drivers whose iRating bucket is below this one's. */
async function percentileRank(db: Knex, category: string, irating: number): Promise<number> {
  const { rows } = await db.raw<{ rows: { below: number; total: number }[] }>(
    `SELECT coalesce(sum(drivers) FILTER (WHERE bucket_start + 100 <= ?), 0)::int AS below,
            coalesce(sum(drivers), 0)::int AS total
       FROM ${IRATING_BUCKETS_TABLE} WHERE category = ?`,
    [irating, category],
  );
  const r = rows[0];
  return r && r.total > 0 ? Math.round((1000 * r.below) / r.total) / 10 : 0;
}

export interface DriverSubsessionDto {
  subsessionId: number;
  sessionId: number;
  startTime: string;
  seriesId: number;
  seriesName: string;
  seasonId: number;
  raceWeekNum: number;
  track: TrackDto;
  category: RacingCategory;
  eventType: string;
  official: boolean;
  car: CarDto;
  teamName: string | null;
  startingPosition: number | null;
  finishPosition: number;
  finishPositionInClass: number;
  lapsComplete: number;
  lapsLed: number;
  incidents: number;
  bestLapTime: number | null;
  averageLap: number | null;
  oldIrating: number | null;
  newIrating: number | null;
  iratingChange: number | null;
  oldSafetyRating: number | null;
  newSafetyRating: number | null;
  strengthOfField: number | null;
  fieldSize: number;
  reasonOut: string;
  champPoints: number | null;
}

interface DriverSubsessionRow {
  subsession_id: number;
  session_id: number;
  start_time: Date;
  series_id: number;
  series_name: string;
  season_id: number;
  race_week_num: number;
  track_id: number;
  track_name: string;
  config_name: string | null;
  category: string;
  event_type: string;
  official: boolean;
  car_id: number;
  car_name: string;
  team_name: string | null;
  starting_position: number | null;
  finish_position: number;
  finish_position_in_class: number;
  laps_complete: number;
  laps_led: number;
  incidents: number;
  best_lap_time: number | null;
  average_lap: number | null;
  old_irating: number | null;
  new_irating: number | null;
  old_sub_level: number | null;
  new_sub_level: number | null;
  event_sof: number | null;
  num_drivers: number;
  reason_out: string;
  champ_points: number | null;
}

const isTimeKey = (v: unknown): v is { t: string; s: number } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { t?: unknown }).t === 'string' &&
  !Number.isNaN(Date.parse((v as { t: string }).t)) &&
  Number.isInteger((v as { s?: unknown }).s);

/**
 * A driver's subsessions, newest first (keyset on start time and subsession id, through the
 * partial index on the primary simsession's rows). null for an unknown driver.
 */
export async function driverSubsessions(
  db: Knex,
  custId: number,
  params: PageRequest = {},
): Promise<Page<DriverSubsessionDto> | null> {
  const limit = pageLimit(params.limit);
  const after = params.cursor ? decodeCursor(params.cursor, isTimeKey) : null;
  const known = await db<{ cust_id: number }>(DRIVERS_TABLE)
    .where({ cust_id: custId })
    .first('cust_id');
  if (!known) return null;
  const { rows } = await db.raw<{ rows: DriverSubsessionRow[] }>(
    `SELECT r.subsession_id, s.session_id, r.start_time, s.series_id, s.series_name, s.season_id, s.race_week_num,
            s.track_id, s.track_name, s.config_name, s.category, s.event_type, s.official, r.car_id, r.car_name,
            r.team_name, r.starting_position, r.finish_position, r.finish_position_in_class, r.laps_complete,
            r.laps_led, r.incidents, r.best_lap_time, r.average_lap, r.old_irating, r.new_irating,
            r.old_sub_level, r.new_sub_level, s.event_sof, s.num_drivers, r.reason_out, r.champ_points
       FROM ${RESULTS_TABLE} r JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
      WHERE r.cust_id = ? AND r.is_primary ${after ? 'AND (r.start_time, r.subsession_id) < (?, ?)' : ''}
      ORDER BY r.start_time DESC, r.subsession_id DESC
      LIMIT ?`,
    [custId, ...(after ? [after.t, after.s] : []), limit + 1],
  );
  return keysetPage(
    rows,
    limit,
    (r) => ({ t: r.start_time.toISOString(), s: r.subsession_id }),
    (r): DriverSubsessionDto => ({
      subsessionId: r.subsession_id,
      sessionId: r.session_id,
      startTime: iso(r.start_time)!,
      seriesId: r.series_id,
      seriesName: r.series_name,
      seasonId: r.season_id,
      raceWeekNum: r.race_week_num,
      track: toTrack(r),
      category: r.category as RacingCategory,
      eventType: r.event_type,
      official: r.official,
      car: { carId: r.car_id, carName: r.car_name },
      teamName: r.team_name,
      startingPosition: r.starting_position,
      finishPosition: r.finish_position,
      finishPositionInClass: r.finish_position_in_class,
      lapsComplete: r.laps_complete,
      lapsLed: r.laps_led,
      incidents: r.incidents,
      bestLapTime: r.best_lap_time,
      averageLap: r.average_lap,
      oldIrating: r.old_irating,
      newIrating: r.new_irating,
      iratingChange:
        r.old_irating !== null && r.new_irating !== null ? r.new_irating - r.old_irating : null,
      oldSafetyRating: r.old_sub_level === null ? null : r.old_sub_level / 100,
      newSafetyRating: r.new_sub_level === null ? null : r.new_sub_level / 100,
      strengthOfField: r.event_sof,
      fieldSize: r.num_drivers,
      reasonOut: r.reason_out,
      champPoints: r.champ_points,
    }),
  );
}
