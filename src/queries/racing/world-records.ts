import type { Knex } from 'knex';
import type { RacingCategory } from '../../events/racing/common.ts';
import { run, statement, type Statement } from '../../db/batch.ts';
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

/** The WHERE clause of the filters and its bindings. */
function filterSql(params: WorldRecordFilter): { where: string; bindings: Knex.RawBinding[] } {
  const terms: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (params.trackId !== undefined) {
    terms.push('track_id = ?');
    bindings.push(params.trackId);
  }
  if (params.carId !== undefined) {
    terms.push('car_id = ?');
    bindings.push(params.carId);
  }
  if (params.category !== undefined) {
    terms.push('category = ?');
    bindings.push(parseCategory(params.category));
  }
  return { where: terms.length > 0 ? `WHERE ${terms.join(' AND ')}` : '', bindings };
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
  params: WorldRecordsParams = {},
): Promise<Page<WorldRecordDto>> {
  return run(db, worldRecordsStatement(params));
}

type WorldRecordsParams = PageRequest &
  WorldRecordFilter & {
    sort?: WorldRecordSort;
    direction?: 'asc' | 'desc';
  };

/** The statement of worldRecords (its page size in the text: src/db/prepared.ts). */
export function worldRecordsStatement(
  params: WorldRecordsParams = {},
): Statement<Page<WorldRecordDto>> {
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  const sort = params.sort ?? 'track';
  if (!(sort in WORLD_RECORD_ORDERS))
    throw new InvalidQueryError('sort', 'sort must be track, car, lapTime or recent');
  if (params.direction !== undefined && params.direction !== 'asc' && params.direction !== 'desc')
    throw new InvalidQueryError('direction', 'direction must be asc or desc');
  const { where, bindings } = filterSql(params);
  return statement<WorldRecordRow, Page<WorldRecordDto>>(
    `SELECT * FROM ${WORLD_RECORDS_TABLE} ${where}
      ORDER BY ${worldRecordOrder(sort, params.direction)}
      LIMIT ${limit + 1}${offset > 0 ? ' OFFSET ?' : ''}`,
    offset > 0 ? [...bindings, offset] : bindings,
    (rows) =>
      offsetPage(rows, limit, offset, (r) => ({
        track: toTrack(r),
        car: { carId: r.car_id, carName: r.car_name },
        category: r.category as RacingCategory,
        lapTime: r.best_lap_time,
        holder: { custId: r.cust_id, displayName: r.display_name },
        subsessionId: r.subsession_id,
        seasonId: r.season_id,
        setAt: iso(r.set_at)!,
      })),
  );
}

/** How many records match the filters (the table holds one row per track layout and car). */
export function countWorldRecordsStatement(params: WorldRecordFilter = {}): Statement<number> {
  const { where, bindings } = filterSql(params);
  return statement<{ n: string }, number>(
    `SELECT count(*) AS n FROM ${WORLD_RECORDS_TABLE} ${where}`,
    bindings,
    (rows) => Number(rows[0]?.n ?? 0),
  );
}

export interface WorldRecordFiltersDto {
  /** The cars that hold a record (of the category, when one is given), by name. */
  cars: CarDto[];
  /** The track layouts that have a record (of the category, when one is given), by name. */
  tracks: TrackDto[];
}

/**
 * The choices of the world records filters. The records table is small (track layouts × cars):
 * the records grouped by car and by track layout (a hash aggregate each; every record of a car or
 * a layout names it alike), then the few groups sorted by name.
 */
export function worldRecordFiltersStatement(
  params: { category?: string } = {},
): Statement<WorldRecordFiltersDto> {
  const { where, bindings } = filterSql({ category: params.category });
  return statement<{ cars: CarDto[] | null; tracks: TrackDto[] | null }, WorldRecordFiltersDto>(
    `SELECT (SELECT json_agg(json_build_object('carId', car_id, 'carName', car_name) ORDER BY car_name, car_id)
               FROM (SELECT car_id, min(car_name) AS car_name FROM ${WORLD_RECORDS_TABLE} ${where}
                      GROUP BY car_id) c) AS cars,
            (SELECT json_agg(json_build_object('trackId', track_id, 'trackName', track_name, 'configName', config_name)
                             ORDER BY track_name, config_name NULLS FIRST, track_id)
               FROM (SELECT track_id, min(track_name) AS track_name, min(config_name) AS config_name
                       FROM ${WORLD_RECORDS_TABLE} ${where} GROUP BY track_id) t) AS tracks`,
    [...bindings, ...bindings],
    (rows) => ({ cars: rows[0]?.cars ?? [], tracks: rows[0]?.tracks ?? [] }),
  );
}
