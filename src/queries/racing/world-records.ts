import type { Knex } from 'knex';
import type { RacingCategory } from '../../events/racing/common.ts';
import { WORLD_RECORDS_TABLE } from '../../projections/lap-times/tables.ts';
import {
  InvalidQueryError,
  iso,
  offsetOf,
  offsetPage,
  pageLimit,
  type Page,
  type PageRequest,
} from './paging.ts';
import { parseCategory, toTrack, type CarDto, type DriverRefDto, type TrackDto } from './shapes.ts';

/** World records: the best race lap per track layout and car seen in the recorded results. Reads racing_world_records. */

export interface WorldRecordDto {
  track: TrackDto;
  car: CarDto;
  category: RacingCategory;
  lapTime: number;
  holder: DriverRefDto;
  subsessionId: number;
  seasonId: number;
  setAt: string;
}

export type WorldRecordSort = 'track' | 'car' | 'lapTime' | 'recent';

/**
 * Each sort's columns in its natural direction (track, car and lap time ascending; recent newest
 * first); `direction` opposite to the natural one reverses every column.
 */
const WORLD_RECORD_ORDERS: Record<WorldRecordSort, readonly [string, 'ASC' | 'DESC'][]> = {
  track: [
    ['track_name', 'ASC'],
    ['config_name', 'ASC'],
    ['car_name', 'ASC'],
    ['car_id', 'ASC'],
  ],
  car: [
    ['car_name', 'ASC'],
    ['car_id', 'ASC'],
    ['track_name', 'ASC'],
    ['config_name', 'ASC'],
    ['track_id', 'ASC'],
  ],
  lapTime: [
    ['best_lap_time', 'ASC'],
    ['track_id', 'ASC'],
    ['car_id', 'ASC'],
  ],
  recent: [
    ['set_at', 'DESC'],
    ['track_id', 'ASC'],
    ['car_id', 'ASC'],
  ],
};

/** The natural direction of a sort: what `direction` means when it is left out. */
export const worldRecordSortDirection = (sort: WorldRecordSort): 'asc' | 'desc' =>
  sort === 'recent' ? 'desc' : 'asc';

function worldRecordOrder(sort: WorldRecordSort, direction: 'asc' | 'desc' | undefined): string {
  const reverse = direction !== undefined && direction !== worldRecordSortDirection(sort);
  return WORLD_RECORD_ORDERS[sort]
    .map(([column, natural]) => {
      const asc = (natural === 'ASC') !== reverse;
      // NULL layouts (a track without configurations) come first in ascending order.
      return `${column} ${asc ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`;
    })
    .join(', ');
}

type WorldRecordFilter = { trackId?: number; carId?: number; category?: string };

function filteredRecords(db: Knex, params: WorldRecordFilter) {
  const q = db<WorldRecordRow>(WORLD_RECORDS_TABLE);
  if (params.trackId !== undefined) void q.where('track_id', params.trackId);
  if (params.carId !== undefined) void q.where('car_id', params.carId);
  if (params.category !== undefined) void q.where('category', parseCategory(params.category));
  return q;
}

interface WorldRecordRow {
  track_id: number;
  car_id: number;
  track_name: string;
  config_name: string | null;
  car_name: string;
  category: string;
  best_lap_time: number;
  cust_id: number;
  display_name: string;
  subsession_id: number;
  season_id: number;
  set_at: Date;
}

/**
 * Filtered by track, car and/or category; sorted by track (default), car, lap time or newest, in
 * the sort's natural direction unless `direction` says otherwise. Offset-paged.
 */
export async function worldRecords(
  db: Knex,
  params: PageRequest &
    WorldRecordFilter & {
      sort?: WorldRecordSort;
      direction?: 'asc' | 'desc';
    } = {},
): Promise<Page<WorldRecordDto>> {
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  const sort = params.sort ?? 'track';
  if (!(sort in WORLD_RECORD_ORDERS))
    throw new InvalidQueryError('sort', 'sort must be track, car, lapTime or recent');
  if (params.direction !== undefined && params.direction !== 'asc' && params.direction !== 'desc')
    throw new InvalidQueryError('direction', 'direction must be asc or desc');
  const rows = await filteredRecords(db, params)
    .select('*')
    .orderByRaw(worldRecordOrder(sort, params.direction))
    .offset(offset)
    .limit(limit + 1);
  return offsetPage(rows, limit, offset, (r) => ({
    track: toTrack(r),
    car: { carId: r.car_id, carName: r.car_name },
    category: r.category as RacingCategory,
    lapTime: r.best_lap_time,
    holder: { custId: r.cust_id, displayName: r.display_name },
    subsessionId: r.subsession_id,
    seasonId: r.season_id,
    setAt: iso(r.set_at)!,
  }));
}

/** How many records match the filters (the table holds one row per track layout and car). */
export async function countWorldRecords(db: Knex, params: WorldRecordFilter = {}): Promise<number> {
  const row = await filteredRecords(db, params).count<{ n: string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export interface WorldRecordFiltersDto {
  /** The cars that hold a record (of the category, when one is given), by name. */
  cars: CarDto[];
  /** The track layouts that have a record (of the category, when one is given), by name. */
  tracks: TrackDto[];
}

/** The choices of the world records filters. The records table is small (track layouts × cars). */
export async function worldRecordFilters(
  db: Knex,
  params: { category?: string } = {},
): Promise<WorldRecordFiltersDto> {
  const category = params.category === undefined ? null : parseCategory(params.category);
  const { rows } = await db.raw<{
    rows: { cars: CarDto[] | null; tracks: TrackDto[] | null }[];
  }>(
    `WITH w AS (SELECT track_id, car_id, track_name, config_name, car_name FROM ${WORLD_RECORDS_TABLE}
                 ${category ? 'WHERE category = ?' : ''})
     SELECT (SELECT json_agg(json_build_object('carId', car_id, 'carName', car_name) ORDER BY car_name, car_id)
               FROM (SELECT DISTINCT ON (car_id) car_id, car_name FROM w ORDER BY car_id) c) AS cars,
            (SELECT json_agg(json_build_object('trackId', track_id, 'trackName', track_name, 'configName', config_name)
                             ORDER BY track_name, config_name NULLS FIRST, track_id)
               FROM (SELECT DISTINCT ON (track_id) track_id, track_name, config_name FROM w ORDER BY track_id) t) AS tracks`,
    category ? [category] : [],
  );
  return { cars: rows[0]?.cars ?? [], tracks: rows[0]?.tracks ?? [] };
}
