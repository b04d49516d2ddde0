import type { Knex } from 'knex';
import { SETUP_TYPES, type SetupType } from '../events/setup.ts';
import { CARS_TABLE, TRACKS_TABLE } from '../projections/catalog/tables.ts';
import { CAR_TIMES_TABLE } from '../projections/lap-times/tables.ts';
import { SEASON_WEEKS_TABLE, SEASONS_TABLE } from '../projections/seasons/tables.ts';
import { SERIES_TABLE } from '../projections/series/tables.ts';
import {
  SETUP_DOWNLOADS_TABLE,
  SETUPS_TABLE,
  type SetupRow,
} from '../projections/setups/tables.ts';
import { pageMeta, type Paged } from './articles.ts';

/**
 * Reads of the `setups` read model, named from the racing catalog (cars, track layouts), the
 * series and seasons read models, with the download counter. A setup whose car or track the
 * catalog does not know yet is still listed ("Car #id").
 */

export const SETUP_SORTS = ['newest', 'lapTime', 'downloads', 'car', 'track'] as const;
export type SetupSort = (typeof SETUP_SORTS)[number];

export interface SetupDto {
  id: string;
  car: { carId: number; carName: string };
  track: { trackId: number; trackName: string; configName: string | null };
  series: { seriesId: number; name: string } | null;
  season: { seasonId: number; name: string } | null;
  type: SetupType;
  /** iRacing units (1/10000 s). */
  lapTime: number | null;
  conditions: string | null;
  notes: string | null;
  author: string;
  file: { fileName: string; byteSize: number; sha256: string };
  downloads: number;
  /** ISO-8601. */
  createdAt: string;
  updatedAt: string;
}

export interface SetupListParams {
  page: number;
  perPage: number;
  carId?: number | undefined;
  trackId?: number | undefined;
  seriesId?: number | undefined;
  type?: SetupType | undefined;
  sort?: SetupSort | undefined;
  /** The series' setups view: setups of this series, or of one of its cars on one of its tracks. */
  seriesScope?: { seriesId: number; carIds: number[]; trackIds: number[] } | undefined;
}

type JoinedRow = SetupRow & {
  car_name: string | null;
  track_name: string | null;
  config_name: string | null;
  series_name: string | null;
  season_name: string | null;
  downloads: string | number | null;
};

const ORDER: Record<SetupSort, string> = {
  newest: 's.created_at DESC, s.id',
  lapTime: 's.lap_time NULLS LAST, s.created_at DESC, s.id',
  downloads: 'coalesce(d.downloads, 0) DESC, s.created_at DESC, s.id',
  car: "lower(coalesce(c.car_name, '')), s.lap_time NULLS LAST, s.id",
  track:
    "lower(coalesce(t.track_name, '')), lower(coalesce(t.config_name, '')), s.lap_time NULLS LAST, s.id",
};

function joined(db: Knex) {
  return db<SetupRow>(`${SETUPS_TABLE} as s`)
    .leftJoin(`${CARS_TABLE} as c`, 'c.car_id', 's.car_id')
    .leftJoin(`${TRACKS_TABLE} as t`, 't.track_id', 's.track_id')
    .leftJoin(`${SERIES_TABLE} as sr`, 'sr.series_id', 's.series_id')
    .leftJoin(`${SEASONS_TABLE} as se`, 'se.season_id', 's.season_id')
    .leftJoin(`${SETUP_DOWNLOADS_TABLE} as d`, 'd.setup_id', 's.id');
}

const SELECT = [
  's.*',
  'c.car_name',
  't.track_name',
  't.config_name',
  'sr.name as series_name',
  'se.season_name',
  'd.downloads',
] as const;

export function shapeSetup(r: JoinedRow): SetupDto {
  return {
    id: r.id,
    car: { carId: r.car_id, carName: r.car_name ?? `Car #${r.car_id}` },
    track: {
      trackId: r.track_id,
      trackName: r.track_name ?? `Track #${r.track_id}`,
      configName: r.config_name,
    },
    series:
      r.series_id === null
        ? null
        : { seriesId: r.series_id, name: r.series_name ?? `Series #${r.series_id}` },
    season:
      r.season_id === null
        ? null
        : { seasonId: r.season_id, name: r.season_name ?? `Season #${r.season_id}` },
    type: r.type as SetupType,
    lapTime: r.lap_time,
    conditions: r.conditions,
    notes: r.notes,
    author: r.author,
    file: { fileName: r.file_name, byteSize: r.file_size, sha256: r.file_sha256 },
    downloads: Number(r.downloads ?? 0),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** Setups, filtered and sorted, page-numbered. */
export async function listSetups(db: Knex, params: SetupListParams): Promise<Paged<SetupDto>> {
  const base = () => {
    const q = joined(db);
    if (params.carId !== undefined) void q.where('s.car_id', params.carId);
    if (params.trackId !== undefined) void q.where('s.track_id', params.trackId);
    if (params.seriesId !== undefined) void q.where('s.series_id', params.seriesId);
    if (params.type !== undefined) void q.where('s.type', params.type);
    const scope = params.seriesScope;
    if (scope) {
      void q.where((w) => {
        void w.where('s.series_id', scope.seriesId);
        if (scope.carIds.length > 0 && scope.trackIds.length > 0) {
          void w.orWhere((both) =>
            both.whereIn('s.car_id', scope.carIds).whereIn('s.track_id', scope.trackIds),
          );
        }
      });
    }
    return q;
  };
  const [rows, count] = await Promise.all([
    base()
      .select<JoinedRow[]>(...SELECT)
      .orderByRaw(ORDER[params.sort ?? 'newest'])
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    base().count<{ count: string }[]>({ count: '*' }).first(),
  ]);
  const total = Number(count?.count ?? 0);
  return {
    data: rows.map(shapeSetup),
    meta: pageMeta(params.page, params.perPage, total),
  };
}

export async function getSetup(db: Knex, setupId: string): Promise<SetupDto | null> {
  const row = await joined(db)
    .where('s.id', setupId)
    .first<JoinedRow | undefined>(...SELECT);
  return row ? shapeSetup(row) : null;
}

/** The stored file of a setup (id and name), for the download route. */
export async function setupFileOf(
  db: Knex,
  setupId: string,
): Promise<{ fileId: string; fileName: string } | null> {
  const row = await db<SetupRow>(SETUPS_TABLE)
    .where({ id: setupId })
    .first<{ file_id: string; file_name: string } | undefined>('file_id', 'file_name');
  return row ? { fileId: row.file_id, fileName: row.file_name } : null;
}

/** One more download of a setup (a counter row, created on the first). */
export async function countSetupDownload(db: Knex, setupId: string): Promise<void> {
  await db.raw(
    `INSERT INTO ${SETUP_DOWNLOADS_TABLE} (setup_id, downloads) VALUES (?, 1)
     ON CONFLICT (setup_id) DO UPDATE SET downloads = ${SETUP_DOWNLOADS_TABLE}.downloads + 1`,
    [setupId],
  );
}

export interface SetupOption {
  id: number;
  name: string;
}

/** The cars, tracks and series that have setups: what the list's filters offer. */
export async function setupFilterOptions(
  db: Knex,
): Promise<{ cars: SetupOption[]; tracks: SetupOption[]; series: SetupOption[] }> {
  const [cars, tracks, series] = await Promise.all([
    db
      .select<{ id: number; name: string | null }[]>('s.car_id as id', 'c.car_name as name')
      .from(db(SETUPS_TABLE).distinct('car_id').as('s'))
      .leftJoin(`${CARS_TABLE} as c`, 'c.car_id', 's.car_id'),
    db
      .select<{ id: number; name: string | null; config: string | null }[]>(
        's.track_id as id',
        't.track_name as name',
        't.config_name as config',
      )
      .from(db(SETUPS_TABLE).distinct('track_id').as('s'))
      .leftJoin(`${TRACKS_TABLE} as t`, 't.track_id', 's.track_id'),
    db
      .select<{ id: number; name: string | null }[]>('s.series_id as id', 'sr.name as name')
      .from(db(SETUPS_TABLE).distinct('series_id').whereNotNull('series_id').as('s'))
      .leftJoin(`${SERIES_TABLE} as sr`, 'sr.series_id', 's.series_id'),
  ]);
  const byName = (a: SetupOption, b: SetupOption) => a.name.localeCompare(b.name, 'en');
  return {
    cars: cars.map((c) => ({ id: c.id, name: c.name ?? `Car #${c.id}` })).sort(byName),
    tracks: tracks
      .map((t) => ({ id: t.id, name: trackLabel(t.name ?? `Track #${t.id}`, t.config) }))
      .sort(byName),
    series: series.map((s) => ({ id: s.id, name: s.name ?? `Series #${s.id}` })).sort(byName),
  };
}

/** "Spa – Grand Prix": the config only when it differs from the track's name. */
export function trackLabel(trackName: string, configName: string | null): string {
  return configName && configName !== trackName ? `${trackName} – ${configName}` : trackName;
}

/** Everything the admin form may pick: every catalogued car, track layout, series and season. */
export async function setupFormOptions(db: Knex): Promise<{
  cars: SetupOption[];
  tracks: SetupOption[];
  series: SetupOption[];
  seasons: (SetupOption & { seriesId: number })[];
}> {
  const [cars, tracks, series, seasons] = await Promise.all([
    db(CARS_TABLE)
      .select<{ car_id: number; car_name: string }[]>('car_id', 'car_name')
      .orderByRaw('lower(car_name), car_id'),
    db(TRACKS_TABLE)
      .select<{ track_id: number; track_name: string; config_name: string | null }[]>(
        'track_id',
        'track_name',
        'config_name',
      )
      .orderByRaw('lower(track_name), lower(config_name) NULLS FIRST, track_id'),
    db(SERIES_TABLE)
      .select<{ series_id: number; name: string }[]>('series_id', 'name')
      .orderByRaw('lower(name), series_id'),
    db(SEASONS_TABLE)
      .select<{ season_id: number; series_id: number; season_name: string }[]>(
        'season_id',
        'series_id',
        'season_name',
      )
      .orderBy([
        { column: 'season_year', order: 'desc' },
        { column: 'season_quarter', order: 'desc' },
        { column: 'season_id', order: 'desc' },
      ]),
  ]);
  return {
    cars: cars.map((c) => ({ id: c.car_id, name: c.car_name })),
    tracks: tracks.map((t) => ({ id: t.track_id, name: trackLabel(t.track_name, t.config_name) })),
    series: series.map((s) => ({ id: s.series_id, name: s.name })),
    seasons: seasons.map((s) => ({ id: s.season_id, seriesId: s.series_id, name: s.season_name })),
  };
}

/** Which of the given ids the catalog knows, for the form's field errors. */
export async function unknownCatalogIds(
  db: Knex,
  ids: { carId?: number; trackId?: number; seriesId?: number | null; seasonId?: number | null },
): Promise<{ carId?: string; trackId?: string; seriesId?: string; seasonId?: string }> {
  const errors: { carId?: string; trackId?: string; seriesId?: string; seasonId?: string } = {};
  const has = async (table: string, column: string, value: number, extra = {}) =>
    (await db(table)
      .where({ [column]: value, ...extra })
      .first(column)) !== undefined;
  if (ids.carId !== undefined && !(await has(CARS_TABLE, 'car_id', ids.carId)))
    errors.carId = 'Choose a car from the list.';
  if (ids.trackId !== undefined && !(await has(TRACKS_TABLE, 'track_id', ids.trackId)))
    errors.trackId = 'Choose a track from the list.';
  if (ids.seriesId != null && !(await has(SERIES_TABLE, 'series_id', ids.seriesId)))
    errors.seriesId = 'Choose a series from the list.';
  if (ids.seasonId != null) {
    const extra = ids.seriesId != null ? { series_id: ids.seriesId } : {};
    if (!(await has(SEASONS_TABLE, 'season_id', ids.seasonId, extra)))
      errors.seasonId = 'Choose a season of the chosen series.';
  }
  return errors;
}

/** The cars raced and the tracks scheduled in a season: the scope of the series' setups view. */
export async function seasonCarsAndTracks(
  db: Knex,
  seasonId: number,
): Promise<{ carIds: number[]; trackIds: number[] }> {
  const [cars, tracks] = await Promise.all([
    db(CAR_TIMES_TABLE).distinct<{ car_id: number }[]>('car_id').where({ season_id: seasonId }),
    db(SEASON_WEEKS_TABLE)
      .distinct<{ track_id: number }[]>('track_id')
      .where({ season_id: seasonId }),
  ]);
  return { carIds: cars.map((c) => c.car_id), trackIds: tracks.map((t) => t.track_id) };
}

export const isSetupType = (v: string): v is SetupType =>
  (SETUP_TYPES as readonly string[]).includes(v);
