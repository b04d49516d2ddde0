import type { Knex } from 'knex';
import { run, statement, type Statement } from '../../db/batch.ts';
import { listBindings, preparedRows } from '../../db/prepared.ts';
import type { RacingCategory } from '../../events/racing/common.ts';
import {
  DRIVER_LICENSES_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKET_WIDTH,
  IRATING_BUCKETS_TABLE,
} from '../../projections/drivers/tables.ts';
import { DRIVER_TOTALS_TABLE } from '../../projections/driver-career/tables.ts';
import { SEASON_DRIVER_STATS_TABLE } from '../../projections/season-leaderboards/tables.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import {
  decodeCursor,
  InvalidQueryError,
  iso,
  isTimeKey,
  keysetPage,
  pageLimit,
  type Page,
  type PageRequest,
} from './paging.ts';
import { categorySql, type CategoryChoice } from './compared-category.ts';
import { licenceRowsJson, toLicenses } from './licences.ts';
import {
  parseCategory,
  toLicense,
  toTrack,
  type CarDto,
  type LicenseDto,
  type LicenseRow,
  type TrackDto,
} from './shapes.ts';

/**
 * Drivers: list (by iRating in a category or by name, either direction, optionally of one
 * country), comparison, profile with rating history, and a driver's races (search as you type:
 * driver-search.ts). Reads racing_drivers, racing_driver_licenses,
 * racing_season_driver_stats and racing_results / racing_subsessions.
 */

export interface DriverListItemDto {
  custId: number;
  displayName: string;
  countryCode: string | null;
  /** The licence of the requested category (null when the driver has none there). */
  license: LicenseDto | null;
  /** Race starts and class wins in the requested category (0 when none). */
  starts: number;
  wins: number;
}

export const DRIVER_SORTS = [
  'irating',
  'safety_rating',
  'licence',
  'starts',
  'wins',
  'name',
] as const;
export type DriverSort = (typeof DRIVER_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/** The natural direction of each driver sort: highest first, names A→Z. */
export const DRIVER_SORT_DEFAULT_DIRECTION: Record<DriverSort, SortDirection> = {
  irating: 'desc',
  safety_rating: 'desc',
  licence: 'desc',
  starts: 'desc',
  wins: 'desc',
  name: 'asc',
};

/** Licence classes as the list filters them, with the licence groups each stands for. */
export const LICENCE_CLASS_GROUPS = {
  R: [1],
  D: [2],
  C: [3],
  B: [4],
  A: [5],
  P: [6, 7],
} as const satisfies Record<string, readonly number[]>;
export type LicenceClassFilter = keyof typeof LICENCE_CLASS_GROUPS;

export interface ListDriversParams extends PageRequest {
  /** Default sports_car. */
  category?: string;
  /**
   * irating / safety_rating / licence: drivers with that figure in the category; starts / wins:
   * drivers who raced in the category; name: all drivers. Default irating.
   */
  sort?: DriverSort;
  /** Default: the sort's natural direction (DRIVER_SORT_DEFAULT_DIRECTION). */
  direction?: SortDirection;
  /** Only drivers of this country: ISO 3166 alpha-2, as the results carry it ("DE"); case-insensitive. */
  country?: string;
  /** Only drivers whose licence in the category is of this class (P includes Pro/WC). */
  licenceClass?: LicenceClassFilter;
}

interface DriverLicenceJoinRow extends Omit<LicenseRow, 'category'> {
  cust_id: number;
  display_name: string;
  country_code: string | null;
  category: string | null;
  starts: number | null;
  wins: number | null;
}

/**
 * Cursors carry the direction (`d`), so a page of one order never continues another. A cursor
 * without `d` (issued before lists had a direction) stands for the sort's natural direction.
 * By iRating `{i, c}`, by name `{n, c}`; the other sorts `{s: sort, v: [key values], c}`.
 */
const isDirectionOrAbsent = (d: unknown): d is SortDirection | undefined =>
  d === undefined || d === 'asc' || d === 'desc';
const isIratingKey = (v: unknown): v is { i: number; c: number; d?: SortDirection } =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as { i?: unknown }).i) &&
  Number.isInteger((v as { c?: unknown }).c) &&
  isDirectionOrAbsent((v as { d?: unknown }).d);
const isNameKey = (v: unknown): v is { n: string; c: number; d?: SortDirection } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { n?: unknown }).n === 'string' &&
  Number.isInteger((v as { c?: unknown }).c) &&
  isDirectionOrAbsent((v as { d?: unknown }).d);
const isValuesKey =
  (sort: DriverSort, size: number) =>
  (v: unknown): v is { s: DriverSort; v: number[]; c: number; d: SortDirection } => {
    const o = v as { s?: unknown; v?: unknown; c?: unknown; d?: unknown } | null;
    return (
      typeof o === 'object' &&
      o !== null &&
      o.s === sort &&
      Array.isArray(o.v) &&
      o.v.length === size &&
      o.v.every((x) => Number.isInteger(x)) &&
      Number.isInteger(o.c) &&
      (o.d === 'asc' || o.d === 'desc')
    );
  };

/** Decodes a list cursor and refuses one issued for the other direction of the sort. */
function listCursor<K extends { d?: SortDirection }>(
  cursor: string | null | undefined,
  isKey: (v: unknown) => v is K,
  sort: DriverSort,
  direction: SortDirection,
): K | null {
  if (!cursor) return null;
  const after = decodeCursor(cursor, isKey);
  if ((after.d ?? DRIVER_SORT_DEFAULT_DIRECTION[sort]) !== direction) {
    throw new InvalidQueryError('cursor', 'cursor is not one this list issued');
  }
  return after;
}

/**
 * The sorts read from the licences (l) or the career totals (t): the key columns in index order
 * (each index holds them in one direction, so the list reads it forwards or backwards).
 */
const KEYED_SORTS = {
  safety_rating: { from: 'l', keys: ['l.sub_level'], where: 'l.sub_level IS NOT NULL' },
  licence: {
    from: 'l',
    keys: ['l.license_group', 'l.sub_level'],
    where: 'l.license_group IS NOT NULL AND l.sub_level IS NOT NULL',
  },
  starts: { from: 't', keys: ['t.starts'], where: 'true' },
  wins: { from: 't', keys: ['t.wins'], where: 'true' },
} as const;

/**
 * Keyset-paged, in either direction, each sort through its index: by iRating the rank index
 * (category, irating DESC, cust_id DESC), by safety rating and by licence the licence indexes,
 * by starts and wins the career totals' indexes, by name the (lower(name), cust_id) index; the
 * other direction reads the same index backwards; by iRating in one country the index
 * (category, country_code, irating DESC, cust_id DESC). Licence class is checked on the joined
 * rows. Every row carries the category's licence and its starts and wins. The rank and name
 * indexes carry the columns a page shows and the career totals' key its starts and wins
 * (src/projections/drivers/tables.ts, driver-career/tables.ts), so a page by iRating or by
 * name reads no licence, totals or (by name) driver row from the table. Each statement is a
 * named prepared statement with its page size written into it (src/db/prepared.ts: planned once
 * per connection).
 */
export async function listDrivers(
  db: Knex,
  params: ListDriversParams = {},
): Promise<Page<DriverListItemDto>> {
  const sort = params.sort ?? 'irating';
  if (!(DRIVER_SORTS as readonly string[]).includes(sort)) {
    throw new InvalidQueryError('sort', `sort must be one of ${DRIVER_SORTS.join(', ')}`);
  }
  const direction = params.direction ?? DRIVER_SORT_DEFAULT_DIRECTION[sort];
  const country = params.country?.toUpperCase();
  const limit = pageLimit(params.limit);
  const category = parseCategory(params.category ?? 'sports_car');
  const groups =
    params.licenceClass === undefined ? null : [...LICENCE_CLASS_GROUPS[params.licenceClass]];
  if (params.licenceClass !== undefined && !groups) {
    throw new InvalidQueryError('licenceClass', 'licenceClass must be one of R, D, C, B, A, P');
  }
  const op = direction === 'asc' ? '>' : '<';
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  // Lists read from the licences filter on and show the licence row's copy of the country (kept
  // equal to the driver's), so the planner can take racing_driver_licenses_country_rank (the
  // iRating order) instead of walking the category's whole ranking, and a page by iRating reads
  // its licence columns and country from the rank index alone; the others read the driver's row.
  const fromLicences = sort === 'irating' || (sort !== 'name' && KEYED_SORTS[sort].from === 'l');
  const columns = `d.cust_id, d.display_name, ${fromLicences ? 'l' : 'd'}.country_code, l.category,
                   l.irating, l.sub_level, l.license_level, l.license_group, l.tt_rating, t.starts,
                   t.wins`;
  const filters = `${country === undefined ? '' : `AND ${fromLicences ? 'l' : 'd'}.country_code = ?`}
                   ${groups === null ? '' : 'AND l.license_group = ANY(?::int2[])'}`;
  const filterArgs = [
    ...(country === undefined ? [] : [country]),
    ...(groups === null ? [] : [groups]),
  ];
  const totalsJoin = `LEFT JOIN ${DRIVER_TOTALS_TABLE} t ON t.cust_id = d.cust_id AND t.category = ?`;

  if (sort === 'irating') {
    const after = listCursor(params.cursor, isIratingKey, sort, direction);
    const rows = await preparedRows<DriverLicenceJoinRow>(
      db,
      `SELECT ${columns}
         FROM ${DRIVER_LICENSES_TABLE} l JOIN ${DRIVERS_TABLE} d ON d.cust_id = l.cust_id
         ${totalsJoin}
        WHERE l.category = ? AND l.irating IS NOT NULL ${filters}
          ${after ? `AND (l.irating, l.cust_id) ${op} (?, ?)` : ''}
        ORDER BY l.irating ${dir}, l.cust_id ${dir}
        LIMIT ${limit + 1}`,
      [category, category, ...filterArgs, ...(after ? [after.i, after.c] : [])],
    );
    return keysetPage(
      rows,
      limit,
      (r) => ({ i: r.irating ?? 0, c: r.cust_id, d: direction }),
      shapeListItem,
    );
  }
  if (sort === 'name') {
    const after = listCursor(params.cursor, isNameKey, sort, direction);
    const rows = await preparedRows<DriverLicenceJoinRow>(
      db,
      `SELECT ${columns}
         FROM ${DRIVERS_TABLE} d
         LEFT JOIN ${DRIVER_LICENSES_TABLE} l ON l.cust_id = d.cust_id AND l.category = ?
         ${totalsJoin}
        WHERE true ${filters}
          ${after ? `AND (lower(d.display_name), d.cust_id) ${op} (?, ?)` : ''}
        ORDER BY lower(d.display_name) ${dir}, d.cust_id ${dir}
        LIMIT ${limit + 1}`,
      [category, category, ...filterArgs, ...(after ? [after.n, after.c] : [])],
    );
    return keysetPage(
      rows,
      limit,
      (r) => ({ n: r.display_name.toLowerCase(), c: r.cust_id, d: direction }),
      shapeListItem,
    );
  }
  const keyed = KEYED_SORTS[sort];
  const after = listCursor(params.cursor, isValuesKey(sort, keyed.keys.length), sort, direction);
  const keyList = [...keyed.keys, `${keyed.from}.cust_id`];
  const from =
    keyed.from === 'l'
      ? `${DRIVER_LICENSES_TABLE} l JOIN ${DRIVERS_TABLE} d ON d.cust_id = l.cust_id ${totalsJoin}`
      : `${DRIVER_TOTALS_TABLE} t JOIN ${DRIVERS_TABLE} d ON d.cust_id = t.cust_id
         LEFT JOIN ${DRIVER_LICENSES_TABLE} l ON l.cust_id = t.cust_id AND l.category = t.category`;
  const rows = await preparedRows<DriverLicenceJoinRow>(
    db,
    `SELECT ${columns}
       FROM ${from}
      WHERE ${keyed.from}.category = ? AND ${keyed.where} ${filters}
        ${after ? `AND (${keyList.join(', ')}) ${op} (${keyList.map(() => '?').join(', ')})` : ''}
      ORDER BY ${keyList.map((k) => `${k} ${dir}`).join(', ')}
      LIMIT ${limit + 1}`,
    [
      ...(keyed.from === 'l' ? [category] : []),
      category,
      ...filterArgs,
      ...(after ? [...after.v, after.c] : []),
    ],
  );
  const keyOf = (r: DriverLicenceJoinRow): number[] =>
    sort === 'safety_rating'
      ? [r.sub_level ?? 0]
      : sort === 'licence'
        ? [r.license_group ?? 0, r.sub_level ?? 0]
        : sort === 'starts'
          ? [r.starts ?? 0]
          : [r.wins ?? 0];
  return keysetPage(
    rows,
    limit,
    (r) => ({ s: sort, v: keyOf(r), c: r.cust_id, d: direction }),
    shapeListItem,
  );
}

function shapeListItem(r: DriverLicenceJoinRow): DriverListItemDto {
  return {
    custId: r.cust_id,
    displayName: r.display_name,
    countryCode: r.country_code,
    license: r.category === null ? null : toLicense({ ...r, category: r.category }),
    starts: r.starts ?? 0,
    wins: r.wins ?? 0,
  };
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

interface CareerRow {
  category: string;
  starts: number;
  wins: number;
  poles: number;
  top_fives: number;
  laps: number;
  laps_led: number;
  incidents: number;
}

/**
 * Career totals per category inside another statement: the sum of the driver's pre-aggregated
 * season rows (the stats table's key starts with cust_id), a JSON array ordered by category.
 */
const careerRowsJson = (custId: string): string =>
  `(SELECT coalesce(json_agg(c ORDER BY c.category), '[]'::json)
      FROM (SELECT category, sum(races)::int AS starts, sum(wins)::int AS wins,
                   sum(poles)::int AS poles, sum(top_fives)::int AS top_fives, sum(laps)::int AS laps,
                   sum(laps_led)::int AS laps_led, sum(incidents)::int AS incidents
              FROM ${SEASON_DRIVER_STATS_TABLE} WHERE cust_id = ${custId}
             GROUP BY category) c)`;

function toCareer(r: CareerRow): CareerStatsDto {
  return {
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
  };
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

/**
 * The drivers among `custIds` with their licences and career totals: one statement, prepared
 * (parsed once per connection, src/db/prepared.ts), the ids one binding each so that PostgreSQL
 * keeps its generic plan instead of planning every execution.
 */
async function summariesOf(db: Knex, custIds: number[]): Promise<Map<number, DriverSummaryDto>> {
  const rows = await preparedRows<DriverRow & { licenses: LicenseRow[]; career: CareerRow[] }>(
    db,
    `SELECT d.cust_id, d.display_name, d.country_code, d.club_name, d.flair_name, d.member_since,
            ${licenceRowsJson('d.cust_id')} AS licenses, ${careerRowsJson('d.cust_id')} AS career
       FROM ${DRIVERS_TABLE} d WHERE d.cust_id IN (${listBindings(custIds.length)})`,
    custIds,
  );
  return new Map(
    rows.map((d) => [
      d.cust_id,
      {
        custId: d.cust_id,
        displayName: d.display_name,
        countryCode: d.country_code,
        clubName: d.club_name,
        flairName: d.flair_name,
        memberSince: dateOnly(d.member_since),
        licenses: toLicenses(d.licenses),
        career: d.career.map(toCareer),
      },
    ]),
  );
}

export interface DriverComparisonDto {
  /** In the order asked; unknown ids are listed in `missing`. */
  drivers: DriverSummaryDto[];
  missing: number[];
}

/** The distinct ids of a comparison; InvalidQueryError unless 1 to 10 integers. */
function comparedIds(custIds: readonly number[]): number[] {
  const ids = [...new Set(custIds)];
  if (ids.length < 1 || ids.length > 10 || !ids.every((id) => Number.isInteger(id))) {
    throw new InvalidQueryError('ids', 'ids must hold 1 to 10 distinct integer customer ids');
  }
  return ids;
}

/** Side by side: licences and career totals of 2..10 drivers. */
export async function compareDrivers(
  db: Knex,
  custIds: readonly number[],
): Promise<DriverComparisonDto> {
  const ids = comparedIds(custIds);
  const summaries = await summariesOf(db, ids);
  return {
    drivers: ids.flatMap((id) => summaries.get(id) ?? []),
    missing: ids.filter((id) => !summaries.has(id)),
  };
}

/** Who a compared driver is, with the licences. */
export interface ComparedDriverDto {
  custId: number;
  displayName: string;
  countryCode: string | null;
  licenses: LicenseDto[];
}

/**
 * The drivers of a comparison page (1..10 ids) in the order asked, with their licences, and the
 * ids not found: one statement, to send in a batch with the comparison's other reads
 * (src/db/batch.ts). Career figures are not summed here: the page reads the driver career read
 * model (driverCareersStatement).
 */
export function comparedDriversStatement(
  custIds: readonly number[],
): Statement<{ drivers: ComparedDriverDto[]; missing: number[] }> {
  const ids = comparedIds(custIds);
  return statement<
    { cust_id: number; display_name: string; country_code: string | null; licenses: LicenseRow[] },
    { drivers: ComparedDriverDto[]; missing: number[] }
  >(
    `SELECT d.cust_id, d.display_name, d.country_code, ${licenceRowsJson('d.cust_id')} AS licenses
       FROM ${DRIVERS_TABLE} d WHERE d.cust_id IN (${listBindings(ids.length)})`,
    ids,
    (rows) => {
      const found = new Map(
        rows.map((d) => [
          d.cust_id,
          {
            custId: d.cust_id,
            displayName: d.display_name,
            countryCode: d.country_code,
            licenses: toLicenses(d.licenses),
          },
        ]),
      );
      return {
        drivers: ids.flatMap((id) => found.get(id) ?? []),
        missing: ids.filter((id) => !found.has(id)),
      };
    },
  );
}

/** Who a driver is, with the licences and the percentile rank of each iRating. */
export interface DriverHeaderDto {
  custId: number;
  displayName: string;
  countryCode: string | null;
  clubName: string | null;
  /** YYYY-MM-DD. */
  memberSince: string | null;
  licenses: LicenseDto[];
  /** Per licence with an iRating, as iratingBucketsStatement counts it. */
  iratingPercentiles: { category: RacingCategory; percentile: number }[];
}

/**
 * The head of a driver's page in one statement (null for an unknown customer id): the driver's
 * row, its licences (by category) and, per rated licence, the share of the category's rated
 * drivers below it, summed from the category's iRating buckets inside the statement.
 */
export function driverHeaderStatement(custId: number): Statement<DriverHeaderDto | null> {
  return statement<
    DriverRow & {
      licenses: LicenseRow[];
      ranks: { category: string; below: number; total: number }[];
    },
    DriverHeaderDto | null
  >(
    `SELECT d.cust_id, d.display_name, d.country_code, d.club_name, d.flair_name, d.member_since,
            ${licenceRowsJson('d.cust_id')} AS licenses,
            (SELECT coalesce(json_agg(json_build_object(
                      'category', l.category, 'below', b.below, 'total', b.total)), '[]'::json)
               FROM ${DRIVER_LICENSES_TABLE} l CROSS JOIN LATERAL (
                 SELECT coalesce(sum(k.drivers) FILTER (
                          WHERE k.bucket_start + ${IRATING_BUCKET_WIDTH} <= l.irating), 0) AS below,
                        coalesce(sum(k.drivers), 0) AS total
                   FROM ${IRATING_BUCKETS_TABLE} k WHERE k.category = l.category) b
              WHERE l.cust_id = d.cust_id AND l.irating IS NOT NULL) AS ranks
       FROM ${DRIVERS_TABLE} d WHERE d.cust_id = ?`,
    [custId],
    (rows) => {
      const d = rows[0];
      if (!d) return null;
      const licenses = toLicenses(d.licenses);
      const rankOf = new Map(d.ranks.map((r) => [r.category, percentileOf(r.below, r.total)]));
      return {
        custId: d.cust_id,
        displayName: d.display_name,
        countryCode: d.country_code,
        clubName: d.club_name,
        memberSince: dateOnly(d.member_since),
        licenses,
        iratingPercentiles: licenses
          .filter((l) => l.irating !== null)
          .map((l) => ({ category: l.category, percentile: rankOf.get(l.category) ?? 0 })),
      };
    },
  );
}

/** Share (0..100, one decimal) of `total` drivers that `below` stands for. */
const percentileOf = (below: number, total: number): number =>
  total > 0 ? Math.round((1000 * below) / total) / 10 : 0;

/** The rank of an iRating among a category's rated drivers (iratingBucketsStatement). */
export type PercentileRank = (irating: number) => number;

/**
 * A category's iRating buckets (a few dozen rows), as the function giving the share (0..100, one
 * decimal) of the category's rated drivers whose bucket lies wholly below an iRating. A statement
 * for a batch (src/db/batch.ts); the category named or a comparison's default
 * (./compared-category.ts).
 */
export function iratingBucketsStatement(category: CategoryChoice): Statement<PercentileRank> {
  const c = categorySql(category);
  return statement<{ bucket_start: number; drivers: number }, PercentileRank>(
    `SELECT bucket_start, drivers FROM ${IRATING_BUCKETS_TABLE} WHERE category = ${c.sql}`,
    c.bindings,
    (rows) => (irating) => {
      let below = 0;
      let total = 0;
      for (const r of rows) {
        total += r.drivers;
        if (r.bucket_start + IRATING_BUCKET_WIDTH <= irating) below += r.drivers;
      }
      return percentileOf(below, total);
    },
  );
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

/**
 * A driver's subsessions, newest first (keyset on start time and subsession id, through the
 * partial index on the primary simsession's rows). null for an unknown driver.
 */
export async function driverSubsessions(
  db: Knex,
  custId: number,
  params: DriverSubsessionsParams = {},
): Promise<Page<DriverSubsessionDto> | null> {
  return run(db, driverSubsessionsStatement(custId, params));
}

export type DriverSubsessionsParams = PageRequest & {
  /** Only races that started before this instant (a page as of a date); exclusive. */
  raceBefore?: string | null;
};

/**
 * The statement of driverSubsessions (to run alone or in a batch, src/db/batch.ts). A cursor
 * this list did not issue throws InvalidQueryError here, before anything is read.
 */
export function driverSubsessionsStatement(
  custId: number,
  params: DriverSubsessionsParams = {},
): Statement<Page<DriverSubsessionDto> | null> {
  const limit = pageLimit(params.limit);
  const after = params.cursor ? decodeCursor(params.cursor, isTimeKey) : null;
  const before = params.raceBefore ?? null;
  // One statement: the driver's row (none: unknown driver → null) left-joined to the page of
  // races, so a known driver without races is one row of NULLs. Run alone it is a named prepared
  // statement with its page size in the text (src/db/prepared.ts): planned once per connection.
  return statement<DriverSubsessionRow | { subsession_id: null }, Page<DriverSubsessionDto> | null>(
    `SELECT x.* FROM ${DRIVERS_TABLE} d
       LEFT JOIN LATERAL (
         SELECT r.subsession_id, s.session_id, r.start_time, s.series_id, s.series_name, s.season_id,
                s.race_week_num, s.track_id, s.track_name, s.config_name, s.category, s.event_type,
                s.official, r.car_id, r.car_name, r.team_name, r.starting_position, r.finish_position,
                r.finish_position_in_class, r.laps_complete, r.laps_led, r.incidents, r.best_lap_time,
                r.average_lap, r.old_irating, r.new_irating, r.old_sub_level, r.new_sub_level,
                s.event_sof, s.num_drivers, r.reason_out, r.champ_points
           FROM ${RESULTS_TABLE} r JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
          WHERE r.cust_id = d.cust_id AND r.is_primary
                ${after ? 'AND (r.start_time, r.subsession_id) < (?, ?)' : ''}
                ${before ? 'AND r.start_time < ?::timestamptz' : ''}
          ORDER BY r.start_time DESC, r.subsession_id DESC
          LIMIT ${limit + 1}) x ON true
      WHERE d.cust_id = ?`,
    [...(after ? [after.t, after.s] : []), ...(before ? [before] : []), custId],
    (rows) => {
      if (rows.length === 0) return null;
      const races = rows.filter((r): r is DriverSubsessionRow => r.subsession_id !== null);
      return keysetPage(
        races,
        limit,
        (r) => ({ t: r.start_time.toISOString(), s: r.subsession_id }),
        toDriverSubsession,
      );
    },
  );
}

function toDriverSubsession(r: DriverSubsessionRow): DriverSubsessionDto {
  return {
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
  };
}

/** Who a driver is (name and country), null for an unknown id; a primary-key probe. */
export async function getDriverName(
  db: Knex,
  custId: number,
): Promise<{ custId: number; displayName: string; countryCode: string | null } | null> {
  const row = (await db(DRIVERS_TABLE)
    .select('cust_id', 'display_name', 'country_code')
    .where({ cust_id: custId })
    .first()) as { cust_id: number; display_name: string; country_code: string | null } | undefined;
  return row
    ? { custId: row.cust_id, displayName: row.display_name, countryCode: row.country_code }
    : null;
}
