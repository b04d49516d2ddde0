import type { ChunkInfo } from '../../../ingest/schemas/index.ts';
import {
  carCatalog,
  carClassCatalog,
  licenceLookup,
  lookups,
  trackCatalog,
} from '../payloads/catalog.ts';
import { memberChartData, memberGet, searchDrivers } from '../payloads/members.ts';
import { buildSubsessionResult } from '../payloads/results-get.ts';
import {
  searchSeriesRow,
  searchSubsessions,
  seasonResults,
  type SearchSeriesFilter,
} from '../payloads/search-series.ts';
import { pastSeasons, seasonList, seriesList, seriesSeasons } from '../payloads/seasons.ts';
import { lapData, worldRecordRows } from '../payloads/stats.ts';
import { DAY_MS, isoSeconds } from '../world/calendar.ts';
import type { DemoWorld } from '../world/world.ts';

/** How an endpoint answers: through a link, or as chunks (behind a link or not). */
export type Route =
  | { kind: 'linked'; body: () => unknown }
  | {
      kind: 'chunked';
      /** true: /data answers a link whose payload is the header (stats/world_records, lap_data). */
      linked: boolean;
      chunkSize: number;
      rows: () => unknown[];
      header: (chunkInfo: ChunkInfo) => unknown;
    }
  | { kind: 'error'; status: number; body: unknown };

export type Handler = (world: DemoWorld, query: URLSearchParams) => Route;

const badRequest = (note: string): Route => ({
  kind: 'error',
  status: 400,
  body: { error: 'Bad Request', note },
});
const notFound = (note: string): Route => ({
  kind: 'error',
  status: 404,
  body: { error: 'Not Found', note },
});

function int(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) ? value : Number.NaN;
}

function ints(query: URLSearchParams, name: string): number[] | undefined {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  return raw.split(',').map((part) => Number(part.trim()));
}

function bool(query: URLSearchParams, name: string): boolean {
  return query.get(name) === 'true' || query.get(name) === '1';
}

function instant(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  return Date.parse(raw);
}

const MAX_SEARCH_DAYS = 90;

/** The /data endpoints the demo world answers, by path after /data/. */
export const ROUTES: Record<string, Handler> = {
  'results/get': (world, q) => {
    const id = int(q, 'subsession_id');
    if (id === undefined || Number.isNaN(id)) return badRequest('subsession_id is required');
    const record = world.simulation.findSubsession(id);
    if (!record) return notFound(`no subsession ${id}`);
    return { kind: 'linked', body: () => buildSubsessionResult(world, record) };
  },

  'results/search_series': (world, q) => {
    const filter: SearchSeriesFilter = {};
    const year = int(q, 'season_year');
    const quarter = int(q, 'season_quarter');
    const begin = instant(q, 'start_range_begin');
    const finishBegin = instant(q, 'finish_range_begin');
    if (year === undefined && begin === undefined && finishBegin === undefined) {
      return badRequest(
        'season_year and season_quarter, or start_range_begin, or finish_range_begin is required',
      );
    }
    if (year !== undefined) {
      if (quarter === undefined) return badRequest('season_quarter is required with season_year');
      filter.seasonYear = year;
      filter.seasonQuarter = quarter;
    }
    for (const [from, to, key] of [
      ['start_range_begin', 'start_range_end', 'start'],
      ['finish_range_begin', 'finish_range_end', 'finish'],
    ] as const) {
      const b = instant(q, from);
      if (b === undefined) continue;
      const e = instant(q, to) ?? b + MAX_SEARCH_DAYS * DAY_MS;
      if (Number.isNaN(b) || Number.isNaN(e) || e <= b)
        return badRequest(`${from}/${to} must be an increasing pair of ISO instants`);
      if (e - b > MAX_SEARCH_DAYS * DAY_MS)
        return badRequest(`${to} must be at most ${MAX_SEARCH_DAYS} days after ${from}`);
      if (key === 'start') Object.assign(filter, { startBegin: b, startEnd: e });
      else Object.assign(filter, { finishBegin: b, finishEnd: e });
    }
    const optional = {
      seriesId: int(q, 'series_id'),
      raceWeekNum: int(q, 'race_week_num'),
      custId: int(q, 'cust_id'),
    };
    for (const [key, value] of Object.entries(optional))
      if (value !== undefined) Object.assign(filter, { [key]: value });
    const eventTypes = ints(q, 'event_types');
    if (eventTypes) filter.eventTypes = eventTypes;
    const categoryIds = ints(q, 'category_ids');
    if (categoryIds) filter.categoryIds = categoryIds;
    const params = Object.fromEntries(q.entries());
    return {
      kind: 'chunked',
      linked: false,
      chunkSize: 500,
      rows: () => searchSubsessions(world, filter).map((record) => searchSeriesRow(world, record)),
      header: (chunk_info) => ({
        type: 'search_series_results',
        data: { success: true, chunk_info, params },
      }),
    };
  },

  'results/season_results': (world, q) => {
    const seasonId = int(q, 'season_id');
    if (seasonId === undefined || Number.isNaN(seasonId))
      return badRequest('season_id is required');
    return {
      kind: 'linked',
      body: () => seasonResults(world, seasonId, int(q, 'race_week_num'), int(q, 'event_type')),
    };
  },

  'results/lap_data': (world, q) => {
    const subsessionId = int(q, 'subsession_id');
    const simsession = int(q, 'simsession_number');
    const custId = int(q, 'cust_id');
    if (subsessionId === undefined || simsession === undefined || custId === undefined) {
      return badRequest('subsession_id, simsession_number and cust_id are required');
    }
    const record = world.simulation.findSubsession(subsessionId);
    if (!record) return notFound(`no subsession ${subsessionId}`);
    let cached: ReturnType<typeof lapData> | undefined;
    const laps = () => (cached ??= lapData(world, record, simsession, custId));
    if (!laps()) return notFound(`no laps for ${custId} in simsession ${simsession}`);
    return {
      kind: 'chunked',
      linked: true,
      chunkSize: 500,
      rows: () => laps()?.rows ?? [],
      header: (chunk_info) => ({ ...laps()?.header, chunk_info }),
    };
  },

  'member/get': (world, q) => {
    const ids = ints(q, 'cust_ids');
    if (!ids || ids.some((id) => !Number.isInteger(id)))
      return badRequest('cust_ids is required (comma separated integers)');
    return { kind: 'linked', body: () => memberGet(world, ids, bool(q, 'include_licenses')) };
  },

  'member/chart_data': (world, q) => {
    const custId = int(q, 'cust_id');
    const categoryId = int(q, 'category_id');
    const chartType = int(q, 'chart_type');
    if (custId === undefined || categoryId === undefined || chartType === undefined) {
      return badRequest('cust_id, category_id and chart_type are required');
    }
    return { kind: 'linked', body: () => memberChartData(world, custId, categoryId, chartType) };
  },

  'series/seasons': (world, q) => {
    const year = int(q, 'season_year');
    const quarter = int(q, 'season_quarter');
    const which = year !== undefined && quarter !== undefined ? { year, quarter } : undefined;
    return { kind: 'linked', body: () => seriesSeasons(world, which) };
  },

  'series/past_seasons': (world, q) => {
    const seriesId = int(q, 'series_id');
    if (seriesId === undefined) return badRequest('series_id is required');
    const payload = pastSeasons(world, seriesId);
    return payload ? { kind: 'linked', body: () => payload } : notFound(`no series ${seriesId}`);
  },

  'series/get': (world) => ({ kind: 'linked', body: () => seriesList(world) }),

  'season/list': (world, q) => {
    const year = int(q, 'season_year');
    const quarter = int(q, 'season_quarter');
    if (year === undefined || quarter === undefined)
      return badRequest('season_year and season_quarter are required');
    return { kind: 'linked', body: () => seasonList(world, year, quarter) };
  },

  'car/get': () => ({ kind: 'linked', body: carCatalog }),
  'carclass/get': () => ({ kind: 'linked', body: carClassCatalog }),
  'track/get': () => ({ kind: 'linked', body: trackCatalog }),
  'lookup/licenses': () => ({ kind: 'linked', body: licenceLookup }),
  'lookup/get': () => ({ kind: 'linked', body: lookups }),
  'lookup/drivers': (world, q) => ({
    kind: 'linked',
    body: () => searchDrivers(world, q.get('search_term') ?? ''),
  }),

  'stats/world_records': (world, q) => {
    const carId = int(q, 'car_id');
    const trackId = int(q, 'track_id');
    if (carId === undefined || trackId === undefined)
      return badRequest('car_id and track_id are required');
    const year = int(q, 'season_year');
    const quarter = int(q, 'season_quarter');
    const season = year !== undefined && quarter !== undefined ? { year, quarter } : undefined;
    return {
      kind: 'chunked',
      linked: true,
      chunkSize: 2000,
      rows: () => worldRecordRows(world, carId, trackId, season),
      header: (chunk_info) => ({
        type: 'stats_world_records',
        data: {
          success: true,
          car_id: carId,
          track_id: trackId,
          chunk_info,
          last_updated: isoSeconds(world.nowMs),
        },
      }),
    };
  },
};
