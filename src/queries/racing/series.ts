import type { Knex } from 'knex';
import type { RacingCategory } from '../../events/racing/common.ts';
import { licenceGroup } from '../../domain/licence.ts';
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
  const q = normaliseSearch(params.q);
  const limit = params.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
    throw new InvalidQueryError('limit', 'limit must be an integer from 1 to 25');
  }
  const like = escapeLike(q);
  const { rows } = await db.raw<{ rows: SeriesRow[] }>(
    `SELECT * FROM ${SERIES_TABLE}
      WHERE name ILIKE ? OR short_name ILIKE ?
      ORDER BY (name ILIKE ?) DESC, similarity(name, ?) DESC, lower(name), series_id
      LIMIT ?`,
    [`%${like}%`, `%${like}%`, `${like}%`, q, limit],
  );
  return rows.map(shapeSeries);
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

/** One series with all its seasons; null for an unknown id. */
export async function getSeries(db: Knex, seriesId: number): Promise<SeriesDto | null> {
  const row = await db<SeriesRow>(SERIES_TABLE).where({ series_id: seriesId }).first();
  if (!row) return null;
  const seasons = await db(SEASONS_TABLE)
    .select<
      {
        season_id: number;
        season_name: string;
        season_year: number;
        season_quarter: number;
        active: boolean;
        complete: boolean;
        official: boolean;
      }[]
    >('season_id', 'season_name', 'season_year', 'season_quarter', 'active', 'complete', 'official')
    .where({ series_id: seriesId })
    .orderBy([
      { column: 'season_year', order: 'desc' },
      { column: 'season_quarter', order: 'desc' },
      { column: 'season_id', order: 'desc' },
    ]);
  return {
    ...shapeSeries(row),
    description: row.description,
    seasons: seasons.map((s) => ({
      seasonId: s.season_id,
      seasonName: s.season_name,
      seasonYear: s.season_year,
      seasonQuarter: s.season_quarter,
      active: s.active,
      complete: s.complete,
      official: s.official,
    })),
  };
}

/** Whether the catalog describes the series (its pages exist); a series known only from results is not. */
export async function seriesExists(db: Knex, seriesId: number): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { known: boolean }[] }>(
    `SELECT EXISTS (SELECT 1 FROM ${SERIES_TABLE} WHERE series_id = ?) AS known`,
    [seriesId],
  );
  return rows[0]?.known === true;
}
