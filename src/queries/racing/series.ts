import type { Knex } from 'knex';
import type { RacingCategory } from '../../events/racing/common.ts';
import { licenceGroup } from '../../domain/licence.ts';
import { run, statement, type Statement } from '../../db/batch.ts';
import { SEASONS_TABLE } from '../../projections/seasons/tables.ts';
import { SERIES_TABLE } from '../../projections/series/tables.ts';
import {
  decodeCursor,
  InvalidQueryError,
  keysetPage,
  pageLimit,
  type Page,
  type PageRequest,
} from './paging.ts';
import {
  seasonWeeksJson,
  shapeSeason,
  shapeSeasonWeek,
  type SeasonDto,
  type SeasonJsonRow,
  type SeasonWeekDto,
  type SeasonWeekRow,
} from './seasons.ts';
import { escapeLike, normaliseSearch, parseCategory } from './shapes.ts';

/** Series: list, search (pg_trgm on the name) and one series with its seasons. Reads racing_series, racing_seasons. */

export interface SeasonRefDto {
  seasonId: number;
  seasonName: string;
  seasonYear: number;
  seasonQuarter: number;
}

export interface SeriesListItemDto {
  seriesId: number;
  name: string;
  shortName: string;
  category: RacingCategory | null;
  /** Minimum licence class: R, D, C, B, A, P, PWC. */
  licenseClass: string | null;
  official: boolean;
  multiclass: boolean;
  logo: string | null;
  latestSeason: SeasonRefDto | null;
}

interface SeriesRow {
  series_id: number;
  name: string;
  short_name: string;
  category: string | null;
  license_group: number | null;
  official: boolean;
  multiclass: boolean;
  logo: string | null;
  description: string | null;
  latest_season_id: number | null;
  latest_season_name: string | null;
  latest_season_year: number | null;
  latest_season_quarter: number | null;
}

function classOf(group: number | null): string | null {
  if (group === null) return null;
  try {
    return licenceGroup(group).letter;
  } catch {
    return null;
  }
}

function shapeSeries(r: SeriesRow): SeriesListItemDto {
  return {
    seriesId: r.series_id,
    name: r.name,
    shortName: r.short_name,
    category: r.category as RacingCategory | null,
    licenseClass: classOf(r.license_group),
    official: r.official,
    multiclass: r.multiclass,
    logo: r.logo,
    latestSeason:
      r.latest_season_id === null
        ? null
        : {
            seasonId: r.latest_season_id,
            seasonName: r.latest_season_name ?? '',
            seasonYear: r.latest_season_year ?? 0,
            seasonQuarter: r.latest_season_quarter ?? 0,
          },
  };
}

const isNameKey = (v: unknown): v is { n: string; id: number } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { n?: unknown }).n === 'string' &&
  Number.isInteger((v as { id?: unknown }).id);

/** Series A→Z (keyset on lower(name), id), optionally of one category. */
export async function listSeries(
  db: Knex,
  params: PageRequest & { category?: string } = {},
): Promise<Page<SeriesListItemDto>> {
  const limit = pageLimit(params.limit);
  const category = params.category === undefined ? null : parseCategory(params.category);
  const after = params.cursor ? decodeCursor(params.cursor, isNameKey) : null;
  const q = db<SeriesRow>(SERIES_TABLE).select('*');
  if (category) void q.where('category', category);
  if (after) void q.whereRaw('(lower(name), series_id) > (?, ?)', [after.n, after.id]);
  const rows = await q.orderByRaw('lower(name), series_id').limit(limit + 1);
  return keysetPage(
    rows,
    limit,
    (r) => ({ n: r.name.toLowerCase(), id: r.series_id }),
    shapeSeries,
  );
}

/** Series whose name contains the text (case-insensitive), best matches first. `limit` 1..25, default 10. */
export async function searchSeries(
  db: Knex,
  params: { q: string; limit?: number },
): Promise<SeriesListItemDto[]> {
  return run(db, searchSeriesStatement(params));
}

/**
 * searchSeries as a statement, to send in one round trip with others (src/db/batch.ts); the
 * limit is written into the text (one text per limit), so its plan is cached.
 */
export function searchSeriesStatement(params: {
  q: string;
  limit?: number;
}): Statement<SeriesListItemDto[]> {
  const q = normaliseSearch(params.q);
  const limit = params.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
    throw new InvalidQueryError('limit', 'limit must be an integer from 1 to 25');
  }
  const like = escapeLike(q);
  return statement<SeriesRow, SeriesListItemDto[]>(
    `SELECT * FROM ${SERIES_TABLE}
      WHERE name ILIKE ? OR short_name ILIKE ?
      ORDER BY (name ILIKE ?) DESC, similarity(name, ?) DESC, lower(name), series_id
      LIMIT ${limit}`,
    [`%${like}%`, `%${like}%`, `${like}%`, q],
    (rows) => rows.map(shapeSeries),
  );
}

export interface SeriesDirectoryEntryDto extends SeriesListItemDto {
  /** Fixed setup in the latest season; null when no season is known. */
  fixedSetup: boolean | null;
  /** Whether the latest season is running. */
  latestSeasonActive: boolean;
}

/** Every series bounds a directory's size (iRacing runs a few hundred). */
const MAX_DIRECTORY = 2_000;

/**
 * Every series with its latest season, by category then name (the /series page groups them by
 * category). One statement; the series table is small (one row per series).
 */
export async function seriesDirectory(db: Knex): Promise<SeriesDirectoryEntryDto[]> {
  const { rows } = await db.raw<{
    rows: (SeriesRow & { latest_fixed_setup: boolean | null; latest_active: boolean | null })[];
  }>(
    `SELECT s.*, ss.fixed_setup AS latest_fixed_setup, ss.active AS latest_active
       FROM ${SERIES_TABLE} s
       LEFT JOIN ${SEASONS_TABLE} ss ON ss.season_id = s.latest_season_id
      ORDER BY s.category NULLS LAST, lower(s.name), s.series_id
      LIMIT ?`,
    [MAX_DIRECTORY],
  );
  return rows.map((r) => ({
    ...shapeSeries(r),
    fixedSetup: r.latest_fixed_setup,
    latestSeasonActive: r.latest_active === true,
  }));
}

export interface SeriesSeasonDto extends SeasonRefDto {
  active: boolean;
  complete: boolean;
  official: boolean;
}

export interface SeriesDto extends SeriesListItemDto {
  description: string | null;
  /** Newest first. */
  seasons: SeriesSeasonDto[];
}

interface SeriesSeasonRow {
  season_id: number;
  season_name: string;
  season_year: number;
  season_quarter: number;
  active: boolean;
  complete: boolean;
  official: boolean;
}

/** The series' seasons newest first: the order of `racing_seasons_series`. */
const SEASONS_NEWEST_FIRST = 'season_year DESC, season_quarter DESC, season_id DESC';

function shapeSeriesSeason(s: SeriesSeasonRow): SeriesSeasonDto {
  return {
    seasonId: s.season_id,
    seasonName: s.season_name,
    seasonYear: s.season_year,
    seasonQuarter: s.season_quarter,
    active: s.active,
    complete: s.complete,
    official: s.official,
  };
}

/** One series with all its seasons; null for an unknown id. */
export async function getSeries(db: Knex, seriesId: number): Promise<SeriesDto | null> {
  return (await run(db, seriesFrameStatement(seriesId, null, false)))?.series ?? null;
}

export interface SeriesFrameDto {
  series: SeriesDto;
  /**
   * The season asked for when it is one of the series' seasons, else (none asked for) the series'
   * default season: the running one, else the newest; null when neither exists.
   */
  season: SeasonDto | null;
  /** The season's weekly schedule when asked for (without participation), else null. */
  weeks: SeasonWeekDto[] | null;
}

/**
 * The series with its seasons and one season of it (`seasonId`, or the default season when
 * null), optionally with that season's weeks: what every series view shows around its own data,
 * in one statement. Null for an unknown series.
 */
export function seriesFrameStatement(
  seriesId: number,
  seasonId: number | null,
  withWeeks: boolean,
): Statement<SeriesFrameDto | null> {
  return statement<
    SeriesRow & {
      seasons: SeriesSeasonRow[];
      season: SeasonJsonRow | null;
      weeks: SeasonWeekRow[] | null;
    },
    SeriesFrameDto | null
  >(
    `SELECT s.*,
            coalesce((SELECT json_agg(json_build_object('season_id', x.season_id,
                                        'season_name', x.season_name, 'season_year', x.season_year,
                                        'season_quarter', x.season_quarter, 'active', x.active,
                                        'complete', x.complete, 'official', x.official)
                                      ORDER BY ${SEASONS_NEWEST_FIRST})
                        FROM ${SEASONS_TABLE} x WHERE x.series_id = s.series_id), '[]') AS seasons,
            to_json(p) AS season,
            ${withWeeks ? seasonWeeksJson('p.season_id') : 'NULL'} AS weeks
       FROM ${SERIES_TABLE} s
       LEFT JOIN ${SEASONS_TABLE} p
              ON p.series_id = s.series_id
             AND p.season_id = coalesce(?::int,
                   (SELECT d.season_id FROM ${SEASONS_TABLE} d WHERE d.series_id = s.series_id
                     ORDER BY d.active DESC, ${SEASONS_NEWEST_FIRST}
                     LIMIT 1))
      WHERE s.series_id = ?`,
    [seasonId, seriesId],
    (rows) => {
      const row = rows[0];
      if (!row) return null;
      return {
        series: {
          ...shapeSeries(row),
          description: row.description,
          seasons: row.seasons.map(shapeSeriesSeason),
        },
        season: row.season ? shapeSeason(row.season) : null,
        weeks: row.season && row.weeks ? row.weeks.map(shapeSeasonWeek) : null,
      };
    },
  );
}

/** Whether the catalog describes the series (its pages exist); a series known only from results is not. */
export async function seriesExists(db: Knex, seriesId: number): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { known: boolean }[] }>(
    `SELECT EXISTS (SELECT 1 FROM ${SERIES_TABLE} WHERE series_id = ?) AS known`,
    [seriesId],
  );
  return rows[0]?.known === true;
}
