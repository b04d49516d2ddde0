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

export type WorldRecordSort = 'track' | 'lapTime' | 'recent';

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

/** Filtered by track, car and/or category; sorted by track (default), lap time or newest. Offset-paged. */
export async function worldRecords(
  db: Knex,
  params: PageRequest & {
    trackId?: number;
    carId?: number;
    category?: string;
    sort?: WorldRecordSort;
  } = {},
): Promise<Page<WorldRecordDto>> {
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  const orders: Record<WorldRecordSort, string> = {
    track: 'track_name, config_name NULLS FIRST, car_name, car_id',
    lapTime: 'best_lap_time, track_id, car_id',
    recent: 'set_at DESC, track_id, car_id',
  };
  const sort = params.sort ?? 'track';
  if (!(sort in orders))
    throw new InvalidQueryError('sort', 'sort must be track, lapTime or recent');
  const q = db<WorldRecordRow>(WORLD_RECORDS_TABLE).select('*');
  if (params.trackId !== undefined) void q.where('track_id', params.trackId);
  if (params.carId !== undefined) void q.where('car_id', params.carId);
  if (params.category !== undefined) void q.where('category', parseCategory(params.category));
  const rows = await q
    .orderByRaw(orders[sort])
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
