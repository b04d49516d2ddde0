import { z } from 'zod';
import {
  CarInfos,
  ChartData,
  DriverSearchRow,
  LapDataHeader,
  LapDataRow,
  LicenceGroups,
  LookupGroups,
  MemberGetResponse,
  PastSeasonsResponse,
  SearchSeriesHeader,
  SearchSeriesRow,
  SeasonDriverStandingRow,
  SeasonDriverStandingsHeader,
  SeasonList,
  SeasonResults,
  SeriesSeasons,
  SubsessionResult,
  TrackInfos,
  WorldRecordRow,
  WorldRecordsHeader,
} from '../schemas/index.ts';
import { DataFetcher, withFreshLinks, type QueryParams } from './data-fetcher.ts';
import { IracingPayloadError } from './errors.ts';
import type { RateLimitStatus } from './rate-limit.ts';
import { isoSeconds, mergeBySubsession, searchWindows } from './search-windows.ts';
import type { Transport } from './transport.ts';

/** Filters of results/search_series besides the time range. */
export interface SearchSeriesFilters {
  seriesId?: number;
  custId?: number;
  teamId?: number;
  raceWeekNum?: number;
  officialOnly?: boolean;
  /** 2 practice, 3 qualify, 4 time trial, 5 race. */
  eventTypes?: readonly number[];
  categoryIds?: readonly number[];
}

export type SearchSeriesQuery = SearchSeriesFilters &
  (
    | { seasonYear: number; seasonQuarter: number; startRangeBegin?: never; startRangeEnd?: never }
    | { startRangeBegin: Date; startRangeEnd?: Date; seasonYear?: never; seasonQuarter?: never }
  );

export interface Chunked<H, R> {
  header: H;
  rows: R[];
}

/**
 * Typed access to the Data API endpoints Pitwall uses. Every method returns a payload validated
 * by its schema in src/ingest/schemas, or throws one of the errors in errors.ts.
 */
export class IracingDataClient {
  private readonly fetcher: DataFetcher;

  constructor(
    private readonly transport: Transport,
    apiUrl: string,
  ) {
    this.fetcher = new DataFetcher(transport, apiUrl);
  }

  /** The rate-limit headers of the last Data API answer. */
  rateLimit(): RateLimitStatus {
    return this.transport.rateLimit.current();
  }

  /** Low level: a linked JSON endpoint validated by `schema`. */
  getJson<S extends z.ZodType>(path: string, params: QueryParams, schema: S): Promise<z.infer<S>> {
    return this.fetcher.json(path, params, schema);
  }

  /** Low level: a chunked endpoint; `chunkInfo` picks the chunk directory out of the header. */
  async getChunked<H extends z.ZodType, R extends z.ZodType>(
    path: string,
    params: QueryParams,
    headerSchema: H,
    rowSchema: R,
    chunkInfo: (header: z.infer<H>) => Parameters<DataFetcher['chunkRows']>[0],
  ): Promise<Chunked<z.infer<H>, z.infer<R>>> {
    return withFreshLinks(async () => {
      const header = await this.fetcher.json(path, params, headerSchema);
      const rows = await this.fetcher.chunkRows(chunkInfo(header), rowSchema, path);
      return { header, rows };
    });
  }

  /** Low level: a CSV endpoint's rows (through its link), or a signed CSV export URL. */
  async getCsv(path: string, params: QueryParams = {}): Promise<Record<string, string>[]> {
    const payload = await this.fetcher.payload(path, params);
    if (payload.kind === 'csv') return payload.rows;
    throw new IracingPayloadError(`${path}: expected CSV, got JSON`, [], { url: payload.url });
  }

  fetchCsv(signedUrl: string): Promise<Record<string, string>[]> {
    return this.fetcher.csv(signedUrl);
  }

  /** results/get: one subsession, every simsession. */
  subsessionResult(subsessionId: number, opts: { includeLicenses?: boolean } = {}) {
    return this.fetcher.json(
      'results/get',
      { subsession_id: subsessionId, include_licenses: opts.includeLicenses },
      SubsessionResult,
    );
  }

  /** results/search_series for ONE query (a season, or a start range of at most 90 days). */
  async searchSeries(query: SearchSeriesQuery) {
    const { rows } = await this.getChunked(
      'results/search_series',
      searchParams(query),
      SearchSeriesHeader,
      SearchSeriesRow,
      (h) => h.data.chunk_info,
    );
    return rows;
  }

  /**
   * results/search_series over any start-time range: cut into windows of at most 90 days,
   * queried earliest first, rows merged with each subsession kept once.
   */
  async searchSeriesRange(range: { from: Date; to: Date } & SearchSeriesFilters) {
    const { from, to, ...filters } = range;
    const perWindow: z.infer<typeof SearchSeriesRow>[][] = [];
    for (const w of searchWindows(from, to)) {
      perWindow.push(
        await this.searchSeries({ ...filters, startRangeBegin: w.begin, startRangeEnd: w.end }),
      );
    }
    return mergeBySubsession(perWindow);
  }

  /** results/season_results: a season's subsessions (optionally one event type / week). */
  seasonResults(query: { seasonId: number; eventType?: number; raceWeekNum?: number }) {
    return this.fetcher.json(
      'results/season_results',
      { season_id: query.seasonId, event_type: query.eventType, race_week_num: query.raceWeekNum },
      SeasonResults,
    );
  }

  /** results/lap_data: one driver's (or team's) laps of one simsession. */
  async lapData(query: {
    subsessionId: number;
    simsessionNumber: number;
    custId?: number;
    teamId?: number;
  }) {
    const { header, rows } = await this.getChunked(
      'results/lap_data',
      {
        subsession_id: query.subsessionId,
        simsession_number: query.simsessionNumber,
        cust_id: query.custId,
        team_id: query.teamId,
      },
      LapDataHeader,
      LapDataRow,
      (h) => h.chunk_info,
    );
    return { header, laps: rows };
  }

  /** member/get: members by customer id, with their licences when asked. */
  members(custIds: readonly number[], opts: { includeLicenses?: boolean } = {}) {
    return this.fetcher.json(
      'member/get',
      { cust_ids: custIds, include_licenses: opts.includeLicenses },
      MemberGetResponse,
    );
  }

  /** member/chart_data: rating history; chartType 1 iRating, 2 TT rating, 3 licence. */
  memberChartData(query: { custId: number; categoryId: number; chartType: number }) {
    return this.fetcher.json(
      'member/chart_data',
      { cust_id: query.custId, category_id: query.categoryId, chart_type: query.chartType },
      ChartData,
    );
  }

  /** series/seasons: the current seasons with their weekly schedules. */
  seriesSeasons(opts: { includeSeries?: boolean } = {}) {
    return this.fetcher.json(
      'series/seasons',
      { include_series: opts.includeSeries },
      SeriesSeasons,
    );
  }

  /** series/past_seasons: a series with every season it had. */
  pastSeasons(seriesId: number) {
    return this.fetcher.json('series/past_seasons', { series_id: seriesId }, PastSeasonsResponse);
  }

  /** season/list: every season of a year and quarter. */
  seasonList(query: { seasonYear: number; seasonQuarter: number }) {
    return this.fetcher.json(
      'season/list',
      { season_year: query.seasonYear, season_quarter: query.seasonQuarter },
      SeasonList,
    );
  }

  /** stats/world_records: best laps per driver at a car and track configuration. */
  worldRecords(query: {
    carId: number;
    trackId: number;
    seasonYear?: number;
    seasonQuarter?: number;
  }) {
    return this.getChunked(
      'stats/world_records',
      {
        car_id: query.carId,
        track_id: query.trackId,
        season_year: query.seasonYear,
        season_quarter: query.seasonQuarter,
      },
      WorldRecordsHeader,
      WorldRecordRow,
      (h) => h.data.chunk_info,
    );
  }

  /** stats/season_driver_standings: a season's driver standings for one car class. */
  seasonDriverStandings(query: {
    seasonId: number;
    carClassId: number;
    raceWeekNum?: number;
    division?: number;
    clubId?: number;
  }) {
    return this.getChunked(
      'stats/season_driver_standings',
      {
        season_id: query.seasonId,
        car_class_id: query.carClassId,
        race_week_num: query.raceWeekNum,
        division: query.division,
        club_id: query.clubId,
      },
      SeasonDriverStandingsHeader,
      SeasonDriverStandingRow,
      (h) => h.chunk_info,
    );
  }

  /** lookup/licenses: licence groups and levels. */
  licences() {
    return this.fetcher.json('lookup/licenses', {}, LicenceGroups);
  }

  /** lookup/get: tagged lookup lists; the API wants each wanted lookup as `tag=lookup_type`. */
  lookups(params: QueryParams = { licenselevels: 'licenselevels' }) {
    return this.fetcher.json('lookup/get', params, LookupGroups);
  }

  /** lookup/drivers: drivers whose name or id matches. */
  searchDrivers(searchTerm: string, opts: { leagueId?: number } = {}) {
    return this.fetcher.json(
      'lookup/drivers',
      { search_term: searchTerm, league_id: opts.leagueId },
      z.array(DriverSearchRow),
    );
  }

  /** car/get: the car catalog (no recorded fixture: schema unverified, see schemas/catalog.ts). */
  cars() {
    return this.fetcher.json('car/get', {}, CarInfos);
  }

  /** track/get: the track catalog (no recorded fixture: schema unverified, see schemas/catalog.ts). */
  tracks() {
    return this.fetcher.json('track/get', {}, TrackInfos);
  }
}

function searchParams(query: SearchSeriesQuery): QueryParams {
  return {
    season_year: query.seasonYear,
    season_quarter: query.seasonQuarter,
    start_range_begin: query.startRangeBegin ? isoSeconds(query.startRangeBegin) : undefined,
    start_range_end: query.startRangeEnd ? isoSeconds(query.startRangeEnd) : undefined,
    series_id: query.seriesId,
    cust_id: query.custId,
    team_id: query.teamId,
    race_week_num: query.raceWeekNum,
    official_only: query.officialOnly,
    event_types: query.eventTypes,
    category_ids: query.categoryIds,
  };
}
